import AttitudeMath
import FileAccess
import Foundation
import Imaging
import IMUD
@testable import LiveRig
import RecordFolder
import TestSupport
import Workers
import XCTest
import Pixels

/// `RigSession.record` in-process, with an imud publisher on a socket of the test's and a video standing in for the
/// camera: both waited for, both recorded on one clock, and a source that is not there refused leaving no folder.
final class RigSessionTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "rig-session" }

    /// A 64x48 video of `frames` frames at 30 fps, each a shade lighter.
    private func video(frames: Int) throws -> String {
        let outputs = OutputFiles()
        let file = try outputs.stage(path("camera.mkv"), option: "the video")
        let writer = try VideoOutput(output: file, framesPerSecond: 30, size: PictureSize(fixedWidth: 64, height: 48))
        for k in 0..<frames { try writer.write(RGBImage(width: 64, height: 48, pixels: [UInt8](repeating: UInt8(4 * k), count: 64 * 48 * 3))) }
        try writer.finish()
        try outputs.commit()
        return file.path
    }

    private func configuration(_ socket: String) -> IMUDClient.Configuration {
        var imud = IMUDClient.Configuration(endpoint: .unix(path: socket), coordFrame: .ned)
        imud.initialBackoff = 0.02
        imud.maxBackoff = 0.1
        return imud
    }

    func testBothSourcesAreRecordedIntoAFolderThatReadsBack() throws {
        let socket = path("imud.sock")
        let publisher = try IMUDPublisher(outputs: [.unix(path: socket)])
        let feed = Feed(publisher)
        feed.start()
        defer { feed.stop() }
        let camera = try video(frames: 15)
        let rig = path("rig")
        let session = RigSession(folder: rig, imud: configuration(socket), imudName: "unix:test", cameraName: "the test's video",
                                 duration: 10, timeout: 10) { observer in
            try CaptureSource.video(path: camera, loop: false, observer: observer, log: { _ in })
        }
        var said: [String] = []
        let outcome = try session.record(shouldStop: { false }, say: { said.append($0) })
        XCTAssertEqual(outcome.stoppedBy, "video end", "the 0.5 s video ends long before the 10 s asked for")
        XCTAssertTrue(said.contains("\(camera): the video ended"), "\(said)")
        XCTAssertGreaterThan(outcome.totals.frames, 0)
        XCTAssertGreaterThan(outcome.totals.packets, 1)
        let recording = try RigRecording(folder: rig)
        XCTAssertEqual(recording.fields["camera"], "the test's video")
        XCTAssertEqual(recording.fields["imud"], "unix:test")
        XCTAssertEqual(recording.fields["frame_times"], "arrival")
        XCTAssertEqual(recording.fields["frame_size"], "64x48")
        XCTAssertEqual(recording.fields["stopped_by"], "video end")
        XCTAssertEqual(recording.frameCount, outcome.totals.frames)
        // One clock: the frames' times and the packets' arrivals are CLOCK_MONOTONIC seconds within the recording's span.
        XCTAssertLessThan(abs(recording.firstFrameTime - recording.arrival[0]), 5)
        XCTAssertNil(recording.rate, "the feed sends no rate: written as none")
        XCTAssertEqual(recording.attitude.count, recording.arrival.count)
    }

    func testASilentIMUDIsRefusedAndTheFolderMadeIsRemoved() throws {
        let rig = path("rig")
        var opened = false
        let session = RigSession(folder: rig, imud: configuration(path("nobody.sock")), imudName: "unix:nobody", duration: 1,
                                 timeout: 0.3) { _ in
            opened = true
            throw RigSessionError.unavailable("not reached")
        }
        XCTAssertThrowsError(try session.record(shouldStop: { false }, say: { _ in })) {
            XCTAssertTrue("\($0)".hasSuffix("; record needs both imud and a camera"), "\($0)")
            XCTAssertTrue($0 is RigSessionError, "\($0)")
        }
        XCTAssertFalse(opened, "the camera is opened once imud has given a packet")
        XCTAssertNil(FileKind.of(rig), "a recording that never started leaves no folder it made")
    }

    func testAxesTurnedLessThanTheLimitAreNamed() {
        let turned = SIMD3<Double>(45, RigSession.littleTurn - 0.1, 12)
        XCTAssertEqual(RigSession.littleTurned(turned).map(\.axis), ["y", "z"])
        XCTAssertEqual(RigSession.littleTurned(turned).last?.degrees, 12)
        XCTAssertTrue(RigSession.littleTurned(SIMD3(repeating: RigSession.littleTurn)).isEmpty)
    }
}

/// Publishes a settled packet every 5 ms, turning slowly about the vertical, until stopped, accepting subscribers as
/// they come.
// @unchecked Sendable: the publisher is used on the feed's own thread alone once started; the stop flag is `Locked`.
private final class Feed: @unchecked Sendable {
    private let publisher: IMUDPublisher
    private let stopping = Locked(false)
    private let done = DispatchSemaphore(value: 0)

    init(_ publisher: IMUDPublisher) { self.publisher = publisher }

    func start() {
        Thread.detachNewThread { [self] in
            var seq: UInt32 = 0
            while !stopping.current {
                publisher.acceptPendingSubscribers()
                let q = Quaternion(axis: [0, 0, 1], angle: Double(seq) * 0.001)
                publisher.publish(publisher.packet(worldFromDevice: q, flags: [.fusionConverged], imuSeq: seq))
                seq += 1
                Thread.sleep(forTimeInterval: 0.005)
            }
            publisher.close()
            done.signal()
        }
    }

    func stop() {
        stopping.withLock { $0 = true }
        done.wait()
    }
}
