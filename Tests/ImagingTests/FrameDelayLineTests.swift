import Imaging
import Pixels
import XCTest

/// The camera frames held back for a positive time offset (`FrameDelayLine`; TimeOffsetTests in
/// SteadyDiceKitTests splits the offset between the attitude and the camera).
final class FrameDelayLineTests: XCTestCase {
    private func frame(_ generation: Int, at time: Double) -> CapturedFrame {
        CapturedFrame(image: RGBImage(width: 1, height: 1, fill: (UInt8(generation), 0, 0)), generation: generation,
                      captureTime: time, streamPosition: nil, frameIndex: nil)
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
