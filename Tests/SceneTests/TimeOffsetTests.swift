import AttitudeLog
import AttitudeMath
import Scene
import Render
import Rig
import XCTest

/// `run`'s live time offset: which attitude and which camera frame a moment draws (`TimeOffsetControl`;
/// FrameDelayLineTests in ImagingTests holds the camera frames back for a positive offset); and the offset a drawing
/// is given for a clip (`DrawingSettings.clipTimeOffsetSeconds`).
final class TimeOffsetTests: XCTestCase {
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

    /// With a camera frame, a live attitude is the one that arrived at the frame's own time plus the offset (never
    /// later than now); without one, as before. A log's is now.
    func testALiveFrameIsDrawnWithTheAttitudeAtItsOwnTimePlusTheOffset() {
        let behind = TimeOffsetControl(seconds: -0.08, clock: .live)
        XCTAssertEqual(behind.attitudeTime(now: 100, frameTime: 99.95), 99.87, accuracy: 1e-12)
        XCTAssertEqual(behind.attitudeTime(now: 100, frameTime: nil), 99.92, accuracy: 1e-12)
        let ahead = TimeOffsetControl(seconds: 0.03, clock: .live)
        XCTAssertEqual(ahead.attitudeTime(now: 100, frameTime: 99.96), 99.99, accuracy: 1e-12)
        XCTAssertEqual(ahead.attitudeTime(now: 100, frameTime: 99.99), 100, "not an attitude that has not come")
        XCTAssertEqual(TimeOffsetControl(seconds: 0.5, clock: .playback).attitudeTime(now: 100, frameTime: 99), 100)
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

    /// A drawing is given a clip offset by `--time-offset` or by a calibration measured on a clip (the `clip` clock);
    /// a live rig's offset (the `live` clock) gives a clip none, and a clip's gives a live source none.
    func testOnlyAClipOffsetGivesAClipOneAndOnlyALiveOneALiveSource() {
        var settings = DrawingSettings(timeOffset: TimeOffset(seconds: 0.04))
        XCTAssertEqual(settings.clipTimeOffsetSeconds, 0.04)
        XCTAssertEqual(settings.startingOffset(for: .playback), 0.04)
        XCTAssertEqual(settings.startingOffset(for: .live), 0, "a clip's offset pairs no live source")
        XCTAssertEqual(settings.startingOffset(for: .none), 0)
        settings.timeOffset = TimeOffset(seconds: 0.02, clock: .live)
        XCTAssertNil(settings.clipTimeOffsetSeconds)
        XCTAssertEqual(settings.startingOffset(for: .playback), 0, "a live rig's offset pairs no clip")
        XCTAssertEqual(settings.startingOffset(for: .live), 0.02)
        settings.timeOffset = nil
        XCTAssertNil(settings.clipTimeOffsetSeconds)
        XCTAssertEqual(settings.startingOffset(for: .playback), 0)
        XCTAssertEqual(settings.startingOffset(for: .live), 0)
    }

    /// A log's playback takes a clip's offset, a live stream a live one, a fixed attitude none: the one map from what a
    /// source is timed by to the offset's clock.
    func testEachSourceClockTakesTheOffsetOfItsOwnClock() {
        XCTAssertEqual(AttitudeTiming.playback.offsetClock, .clip)
        XCTAssertEqual(AttitudeTiming.live.offsetClock, .live)
        XCTAssertNil(AttitudeTiming.none.offsetClock)
    }
}
