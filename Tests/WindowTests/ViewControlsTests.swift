import AttitudeLog
import AttitudeMath
import Foundation
import InMemoryLogging
import Logging
import PictureTestSupport
import Pixels
import Render
import Scene
import Window
import XCTest

/// The window's keys as `ViewControls` carries them out on a pipeline driven by wall time, with no window: what R,
/// Shift-R, H, [ and ] change, and the line each says. The keys themselves (GLFW's events, the loop's pacing, the
/// frame read back) need a display: `WindowTests` and `ViewKeysWindowTests` in CommandLineTests press them under Xvfb.
final class ViewControlsTests: XCTestCase {
    /// A log turning about the vertical at 1 rad/s for 2 s.
    private func turningLog() throws -> AttitudeLog {
        let samples = (0...200).map { k in AttitudeSample(t: Double(k) * 0.01, worldFromDevice: Quaternion(axis: [0, 0, 1], angle: Double(k) * 0.01)) }
        return try AttitudeLog(samples: samples, frame: .xArbitraryZVertical)
    }

    private func controls(_ attitude: AttitudeInput, settings: DrawingSettings = DrawingSettings())
        throws -> (ViewControls, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        let pipeline = try WallClockPipeline(settings: settings, attitude: attitude, clock: WallClock(speed: 1, looping: false, from: 0))
        pipeline.begin(now: 100)
        return (ViewControls(pipeline: pipeline, logger: Logger(label: "test.window") { _ in handler }), handler)
    }

    private func said(_ handler: InMemoryLogHandler) -> [String] { handler.entries.map { "\($0.message)" } }

    /// R makes the attitude shown now the reference: the frame drawn at that instant is the identity, and one drawn
    /// later is the turn since; Shift-R draws the absolute attitude again.
    func testRTakesTheAttitudeShownAsTheReferenceAndShiftRClearsIt() throws {
        let (view, handler) = try controls(.log(try turningLog(), fusion: nil, path: "log.csv"))
        view.takeReference(now: 100.5)
        let reference = try XCTUnwrap(view.pipeline.composer.reference)
        XCTAssertEqual(reference.angle(to: Quaternion(axis: [0, 0, 1], angle: 0.5)), 0, accuracy: 1e-9)
        let atTheInstant = try XCTUnwrap(view.pipeline.frame(now: 100.5, size: PictureSize(fixedWidth: 64, height: 48)).scene.worldFromDevice)
        XCTAssertEqual(atTheInstant.angle(to: .identity), 0, accuracy: 1e-9)
        let later = try XCTUnwrap(view.pipeline.frame(now: 100.8, size: PictureSize(fixedWidth: 64, height: 48)).scene.worldFromDevice)
        XCTAssertEqual(later.angle(to: .identity), 0.3, accuracy: 1e-6)
        XCTAssertTrue(said(handler).last?.hasSuffix("taken: drawing the attitude relative to it (Shift-R: absolute)") ?? false, "\(said(handler))")
        view.clearReference()
        XCTAssertNil(view.pipeline.composer.reference)
        let absolute = try XCTUnwrap(view.pipeline.frame(now: 100.8, size: PictureSize(fixedWidth: 64, height: 48)).scene.worldFromDevice)
        XCTAssertEqual(absolute.angle(to: .identity), 0.8, accuracy: 1e-6)
        XCTAssertEqual(said(handler).last, "absolute attitude (R takes a reference pose)")
    }

    /// ] moves a log's time offset and its playback by the step, and says the option that starts with it; a fixed
    /// attitude has no clock to move.
    func testBracketsMoveALogsOffsetAndAFixedAttitudeSaysItHasNoClock() throws {
        let (view, handler) = try controls(.log(try turningLog(), fusion: nil, path: "log.csv"))
        let source = try XCTUnwrap(view.pipeline.source)
        let before = try XCTUnwrap(source.logTime(now: 100.5))
        view.nudgeTimeOffset(by: TimeOffsetControl.step, now: 100.5)
        XCTAssertEqual(view.pipeline.timeOffset.seconds, TimeOffsetControl.step, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 100.5)) - before, TimeOffsetControl.step, accuracy: 1e-9)
        XCTAssertEqual(said(handler).last, String(format: "time offset %+.3f s: give --time-offset %.3f to start with it",
                                                  TimeOffsetControl.step, TimeOffsetControl.step))

        let (fixed, fixedHandler) = try controls(.fixed(Quaternion(axis: [1, 0, 0], angle: 0.2)))
        fixed.nudgeTimeOffset(by: TimeOffsetControl.step, now: 100.5)
        XCTAssertEqual(fixed.pipeline.timeOffset.seconds, 0)
        XCTAssertEqual(said(fixedHandler).last, "a fixed attitude has no clock: [ and ] change nothing")
    }

    /// H loads the font the first time and shows the HUD; H again hides it.
    func testHShowsAndHidesTheHUD() throws {
        let (view, handler) = try controls(.fixed(.identity))
        let renderer = try RenderHarness.renderer()
        XCTAssertFalse(view.pipeline.composer.showsHUD)
        view.toggleHUD(renderer: renderer)
        XCTAssertTrue(view.pipeline.composer.showsHUD)
        XCTAssertNotNil(view.pipeline.frame(now: 101, size: PictureSize(fixedWidth: 320, height: 240)).scene.hud)
        XCTAssertEqual(said(handler).last, "HUD shown (H hides it)")
        view.toggleHUD(renderer: renderer)
        XCTAssertFalse(view.pipeline.composer.showsHUD)
        XCTAssertNil(view.pipeline.frame(now: 101, size: PictureSize(fixedWidth: 320, height: 240)).scene.hud)
        XCTAssertEqual(said(handler).last, "HUD hidden (H shows it)")
    }
}
