import AttitudeMath
import FileAccess
import Foundation
import Imaging
import IMUD
import LiveRig
import Pixels
import RecordFolder
import TestSupport
import XCTest

/// `RigRecorder` offered frames and packets by the test, in-process: the folder it writes reads back through
/// `RigRecording` as offered, a folder it may not write into is refused, and what it counts is what it kept.
final class RigRecorderTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "rig-recorder" }

    private func frame(_ k: Int, captureTime: Double, arrivalTime: Double? = nil) -> CapturedFrame {
        CapturedFrame(image: RGBImage(width: 8, height: 6, pixels: [UInt8](repeating: UInt8(10 * k), count: 8 * 6 * 3)),
                      generation: k + 1, captureTime: captureTime, arrivalTime: arrivalTime, streamPosition: nil, frameIndex: nil)
    }

    /// A settled packet at `t`, the IMU turned `angle` about its x axis, with `rate` (zero: imud sent none).
    private func packet(_ t: Double, seq: UInt32, angle: Double, rate: SIMD3<Float>) -> IMUDSample {
        let q = Quaternion(axis: [1, 0, 0], angle: angle)
        var packet = IMUDPacket(flags: [.fusionConverged], quaternion: SIMD4(Float(q.w), Float(q.x), Float(q.y), Float(q.z)), imuSeq: seq)
        packet.gyro = rate
        return IMUDSample(worldFromDevice: q, packet: packet, receivedAt: t)
    }

    func testWhatIsOfferedReadsBackAsARecording() throws {
        let rig = path("rig")
        let recorder = try RigRecorder(folder: rig)
        recorder.offer(frame(0, captureTime: 1))  // before `begin`: not kept
        recorder.offer(packet(1, seq: 0, angle: 0, rate: [0.5, 0, 0]))
        try recorder.begin(fields: [("camera", "test camera"), ("frame_times", "driver")])
        for k in 0..<5 {
            // The driver's stamp 8 ms before the frame arrived: both are written.
            recorder.offer(frame(k, captureTime: 100 + Double(k) / 30, arrivalTime: 100.008 + Double(k) / 30))
        }
        for k in 0..<20 { recorder.offer(packet(99.9 + Double(k) * 0.01, seq: UInt32(k), angle: Double(k) * 0.005, rate: [0.5, 0, 0])) }
        let totals = try recorder.finish(stoppedBy: "signal")
        XCTAssertEqual(totals.frames, 5)
        XCTAssertEqual(totals.packets, 20)
        XCTAssertEqual(totals.packetsWithRate, 20)
        XCTAssertEqual(totals.framesDropped, 0)
        XCTAssertEqual(totals.firstFrame, 100)
        XCTAssertEqual(try XCTUnwrap(totals.lastFrame), 100 + 4.0 / 30, accuracy: 1e-12)
        // 19 steps of 0.005 rad about x, as single precision carries them.
        XCTAssertEqual(totals.turnedDegrees.x, Angle.degrees(fromRadians: 19 * 0.005), accuracy: 1e-3)
        XCTAssertEqual(totals.turnedDegrees.y + totals.turnedDegrees.z, 0, accuracy: 1e-3)

        let recording = try RigRecording(folder: rig)
        XCTAssertTrue(recording.finished)
        XCTAssertEqual(recording.fields["camera"], "test camera")
        XCTAssertEqual(recording.fields["stopped_by"], "signal")
        XCTAssertEqual(recording.fields["frames"], "5")
        XCTAssertEqual(recording.fields["imu_packets"], "20")
        XCTAssertEqual(recording.frameCount, 5)
        XCTAssertEqual(recording.firstFrameTime, 100)
        XCTAssertEqual(recording.arrival.count, 20)
        XCTAssertEqual(recording.arrival[3], 99.93, accuracy: 1e-6, "microsecond digits")
        XCTAssertEqual(recording.attitude[10].angle(to: Quaternion(axis: [1, 0, 0], angle: 0.05)), 0, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(recording.rate).first, SIMD3(0.5, 0, 0))
        let rows = try String(contentsOfFile: rig + "/frames/frames.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.first, Substring(RigFolder.framesHeader))
        XCTAssertEqual(rows[1], "100.000000,000000.png,100.008000,100.000000", "t is the driver's stamp, written beside the arrival")
        let first = try ImageSequence(folder: rig + "/frames").nextFrame()
        XCTAssertEqual(first?.image.pixels, frame(0, captureTime: 0).image.pixels, "the picture, lossless")
    }

    /// A packet without a rate is written with three empty fields and not counted as one with a rate; a frame timed by
    /// its arrival has no driver stamp.
    func testAPacketWithoutARateAndAFrameWithoutAStamp() throws {
        let rig = path("rig")
        let recorder = try RigRecorder(folder: rig)
        try recorder.begin(fields: [])
        recorder.offer(frame(0, captureTime: 5))
        recorder.offer(packet(5, seq: 1, angle: 0, rate: .zero))
        recorder.offer(packet(5.01, seq: 2, angle: 0, rate: [0, 0.1, 0]))
        let totals = try recorder.finish(stoppedBy: "duration")
        XCTAssertEqual(totals.packetsWithRate, 1)
        let imu = try String(contentsOfFile: rig + "/imu.csv", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(imu[1], "5.000000,1,4,1.0,0.0,0.0,0.0,,,")
        let frames = try String(contentsOfFile: rig + "/frames/frames.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(frames[1], "5.000000,000000.png,5.000000,")
        XCTAssertNil(try RigRecording(folder: rig).rate, "one packet without a rate: the rate comes from the attitude")
    }

    func testTheFolderMustBeNewOrEmptyInAFolderThatExists() throws {
        let full = path("full")
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: false)
        try Data().write(to: URL(fileURLWithPath: full + "/keep.txt"))
        XCTAssertThrowsError(try RigRecorder(folder: full)) { XCTAssertTrue("\($0)".contains("already holds files"), "\($0)") }
        let file = path("file")
        try Data().write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try RigRecorder(folder: file)) { XCTAssertTrue("\($0)".contains("exists and is not a folder"), "\($0)") }
        XCTAssertThrowsError(try RigRecorder(folder: path("missing/rig"))) { XCTAssertTrue("\($0)".contains("cannot create the folder"), "\($0)") }
        let empty = path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        XCTAssertNoThrow(try RigRecorder(folder: empty))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: full), ["keep.txt"], "a refused folder is left as it was")
    }

    /// A recorder finished before `begin` (a source never came) wrote no rig.yaml: nothing says it is a recording.
    func testARecorderThatNeverBeganWritesNothing() throws {
        let rig = path("rig")
        let recorder = try RigRecorder(folder: rig)
        recorder.offer(frame(0, captureTime: 1))
        let totals = try recorder.finish(stoppedBy: "signal")
        XCTAssertEqual(totals.frames, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: rig), [])
    }
}
