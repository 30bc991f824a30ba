import AttitudeLog
import AttitudeMath
import Foundation
import LogLoading
import Pixels
import Scene
import TestSupport
import XCTest

/// Each drawing command's job as one request: the log file loaded, the time rule's offset taken, the span checked, and
/// the pipeline made, drawing what a pipeline built by hand over the same log draws.
final class DrawingRequestTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "drawing-request-tests" }

    /// A log turning about a tilted axis for 2 s, 201 samples, written as a steady-dice CSV, and the log read back.
    private func turningLog() throws -> (path: String, log: AttitudeLog) {
        let axis = SIMD3<Double>(0.3, 0.8, 0.5)
        let samples = (0...200).map { k in
            AttitudeSample(t: Double(k) / 100, worldFromDevice: Quaternion(axis: axis, angle: Double(k) / 60))
        }
        let path = folder.appendingPathComponent("turning.csv").path
        try AttitudeLog.write(samples: samples, frame: .xMagneticNorthZVertical, to: path)
        return (path, try loadAnyAttitudeLog(path: path))
    }

    private func error(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> DrawingRequestError? {
        thrown(DrawingRequestError.self, by: body, file: file, line: line)
    }

    /// `render`'s frames are the log's at from + k / fps up to its end, each the frame of a stepped pipeline over the
    /// loaded log; a start past the log, too many frames and none at all are refused with their times.
    func testARenderRequestStepsOverTheLog() throws {
        let (path, log) = try turningLog()
        let drawing = Drawing(settings: DrawingSettings(hud: true))
        let frames = try RenderRequest(drawing: drawing, log: LogFile(path: path), from: 0.5, framesPerSecond: 4).frames()
        XCTAssertEqual(frames.times, [0.5, 0.75, 1, 1.25, 1.5, 1.75])
        let byHand = try SteppedPipeline(settings: DrawingSettings(hud: true), attitude: .log(log, fusion: nil, path: path),
                                         clock: .steps(start: 0.5, framesPerSecond: 4))
        for k in [0, 3, 5] {
            let requested = try frames.pipeline.frame(step: k, size: PictureSize(fixedWidth: 320, height: 240)).scene
            let built = try byHand.frame(step: k, size: PictureSize(fixedWidth: 320, height: 240)).scene
            XCTAssertEqual(requested.worldFromDevice, built.worldFromDevice, "frame \(k)")
            XCTAssertEqual(requested.hud, built.hud, "frame \(k)")
        }
        XCTAssertEqual(error { _ = try RenderRequest(drawing: drawing, log: LogFile(path: path), from: 2.5, framesPerSecond: 4).frames() },
                       .startPastTheLog(time: 2.5, log: path, duration: 2))
        XCTAssertEqual(error { _ = try RenderRequest(drawing: drawing, log: LogFile(path: path), framesPerSecond: 1e9).frames() },
                       .tooManyFrames(start: 0, end: 2, framesPerSecond: 1e9, count: 2e9))
        XCTAssertEqual(error { _ = try RenderRequest(drawing: drawing, log: LogFile(path: path), from: 2, framesPerSecond: 4).frames() },
                       .noFrames(start: 2, end: 2, framesPerSecond: 4))
    }

    /// `snapshot`'s picture is the stepped pipeline's at its one time (the log's start by default); a time outside the
    /// log is refused. A fixed attitude needs no time.
    func testASnapshotRequestDrawsItsInstant() throws {
        let (path, log) = try turningLog()
        let drawing = Drawing(settings: DrawingSettings(hud: true))
        for at in [nil, 0.73] as [Double?] {
            let requested = try SnapshotRequest(drawing: drawing, attitude: .log(LogFile(path: path)), at: at).pipeline()
            XCTAssertEqual(requested.clock, .instant(at ?? 0))
            let built = try SteppedPipeline(settings: DrawingSettings(hud: true), attitude: .log(log, fusion: nil, path: path), clock: .instant(at ?? 0))
            XCTAssertEqual(try requested.frame(step: 0, size: PictureSize(fixedWidth: 320, height: 240)).scene.hud, try built.frame(step: 0, size: PictureSize(fixedWidth: 320, height: 240)).scene.hud)
        }
        XCTAssertEqual(error { _ = try SnapshotRequest(drawing: drawing, attitude: .log(LogFile(path: path)), at: 2.5).pipeline() },
                       .timeOutsideTheLog(time: 2.5, log: path, duration: 2))
        let q = Quaternion(axis: SIMD3(0, 1, 0), angle: 0.3)
        XCTAssertEqual(try SnapshotRequest(drawing: drawing, attitude: .fixed(q), at: nil).pipeline().frame(step: 0, size: PictureSize(fixedWidth: 64, height: 48))
                        .scene.worldFromDevice, q)
    }

    /// `run`'s pipeline plays the log from `from` seconds on; a start past the log's end is refused.
    func testAPlaybackRequestPlaysFromItsStart() throws {
        let (path, _) = try turningLog()
        let drawing = Drawing(settings: DrawingSettings())
        let pipeline = try PlaybackRequest(drawing: drawing, attitude: .log(LogFile(path: path)), clock: WallClock(speed: 1, looping: false, from: 0.4))
            .pipeline()
        pipeline.begin(now: 100)
        XCTAssertEqual(try XCTUnwrap(pipeline.source.logTime(now: 100.25)), 0.65, accuracy: 1e-9)
        XCTAssertEqual(error { _ = try PlaybackRequest(drawing: drawing, attitude: .log(LogFile(path: path)),
                                                       clock: WallClock(from: 3)).pipeline() },
                       .startPastTheLog(time: 3, log: path, duration: 2))
    }
}
