import Imaging
import SteadyDiceKit
import XCTest

/// `run`'s live time offset: which attitude and which camera frame a moment draws (`TimeOffsetControl`),
/// and the camera frames held back for a positive offset (`FrameDelayLine`).
final class TimeOffsetTests: XCTestCase {
    private func frame(_ generation: Int, at time: Double) -> CapturedFrame {
        CapturedFrame(image: RGBImage(width: 1, height: 1, fill: (UInt8(generation), 0, 0)), generation: generation,
                      captureTime: time, streamPosition: nil, frameIndex: nil)
    }

    /// Live, a negative offset looks back in the attitude history and a positive one holds the camera
    /// back; a log's offset is applied by its playback, so neither time moves.
    func testLiveOffsetSplitsBetweenAttitudeAndCamera() {
        let behind = TimeOffsetControl(seconds: -0.08, clock: .live)
        XCTAssertEqual(behind.attitudeTime(now: 100), 99.92, accuracy: 1e-12)
        XCTAssertEqual(behind.backgroundTime(now: 100), 100)
        let ahead = TimeOffsetControl(seconds: 0.03, clock: .live)
        XCTAssertEqual(ahead.attitudeTime(now: 100), 100)
        XCTAssertEqual(ahead.backgroundTime(now: 100), 99.97, accuracy: 1e-12)
        let log = TimeOffsetControl(seconds: 0.5, clock: .playback)
        XCTAssertEqual(log.attitudeTime(now: 100), 100)
        XCTAssertEqual(log.backgroundTime(now: 100), 100)
    }

    /// The keys' steps add up exactly, a live offset stops at ±1 s (the change then is 0), a log's
    /// has no limit, and a fixed attitude has no clock to change.
    func testNudgesAreExactAndLiveOnesBounded() {
        var live = TimeOffsetControl(seconds: 0, clock: .live)
        for _ in 0..<7 { _ = live.nudge(by: TimeOffsetControl.step) }
        _ = live.nudge(by: -TimeOffsetControl.fineStep)
        XCTAssertEqual(live.seconds, 0.034)
        XCTAssertEqual(live.nudge(by: 5), 0.966, accuracy: 1e-12)
        XCTAssertEqual(live.seconds, 1)
        XCTAssertEqual(live.nudge(by: TimeOffsetControl.step), 0, "at the limit nothing changes")
        var log = TimeOffsetControl(seconds: 2, clock: .playback)
        XCTAssertEqual(log.nudge(by: 3), 3)
        XCTAssertEqual(log.seconds, 5)
        var fixed = TimeOffsetControl(seconds: 0, clock: .none)
        XCTAssertEqual(fixed.nudge(by: 0.005), 0)
        XCTAssertEqual(fixed.seconds, 0)
    }

    /// Each moment shows the newest frame captured by its time; frames already passed are dropped,
    /// so only what the delay covers is held.
    func testDelayLineShowsTheFrameDueAndDropsOlderOnes() throws {
        var line = FrameDelayLine()
        XCTAssertNil(line.frame(capturedBy: 10))
        for k in 1...10 { line.offer(frame(k, at: 10 + Double(k) / 30)) }
        line.offer(frame(10, at: 99))
        XCTAssertEqual(line.count, 10, "a generation already held is not added again")
        let due = try XCTUnwrap(line.frame(capturedBy: 10 + 4.5 / 30))
        XCTAssertEqual(due.frame.generation, 4)
        XCTAssertFalse(due.early)
        XCTAssertEqual(line.count, 7, "frames 1 to 3 are past and dropped")
        XCTAssertEqual(try XCTUnwrap(line.frame(capturedBy: 20)).frame.generation, 10)
        XCTAssertEqual(line.count, 1)
    }

    /// When the delay grows past every frame held (a key press, or a source just started), the oldest
    /// one stays on screen, flagged, until a frame is due.
    func testDelayLongerThanTheFramesHeldKeepsTheOldest() throws {
        var line = FrameDelayLine()
        line.offer(frame(1, at: 5))
        line.offer(frame(2, at: 5.1))
        let early = try XCTUnwrap(line.frame(capturedBy: 4))
        XCTAssertTrue(early.early)
        XCTAssertEqual(early.frame.generation, 1)
        XCTAssertEqual(line.count, 2)
    }
}
