import AttitudeLog
import AttitudeMath
import CGLFW
import InMemoryLogging
import Logging
import PictureTestSupport
import Pixels
import Render
import Scene
@testable import Window
import XCTest

/// The window's key table (`WindowKey`: GLFW's key and modifier bits to an action) and what each action does on a
/// pipeline (`ViewControls.perform`), with no window: the loop hands every press and repeat to these two. The
/// expected table is the one docs/commands.md gives `run`'s keys.
final class WindowKeyTests: XCTestCase {
    private let shift = GLFW_MOD_SHIFT

    func testEachKeyAndItsShiftedFormMapToTheirAction() {
        let step = TimeOffsetControl.step, fine = TimeOffsetControl.fineStep
        let table: [(key: Int32, mods: Int32, action: WindowKey?)] = [
            (GLFW_KEY_SPACE, 0, .togglePause),
            (GLFW_KEY_LEFT, 0, .seek(seconds: -5)), (GLFW_KEY_LEFT, shift, .seek(seconds: -1)),
            (GLFW_KEY_RIGHT, 0, .seek(seconds: 5)), (GLFW_KEY_RIGHT, shift, .seek(seconds: 1)),
            (GLFW_KEY_S, 0, .snapshot),
            (GLFW_KEY_R, 0, .takeReference), (GLFW_KEY_R, shift, .clearReference),
            (GLFW_KEY_LEFT_BRACKET, 0, .nudgeTimeOffset(seconds: -step)), (GLFW_KEY_LEFT_BRACKET, shift, .nudgeTimeOffset(seconds: -fine)),
            (GLFW_KEY_RIGHT_BRACKET, 0, .nudgeTimeOffset(seconds: step)), (GLFW_KEY_RIGHT_BRACKET, shift, .nudgeTimeOffset(seconds: fine)),
            (GLFW_KEY_H, 0, .toggleHUD),
            (GLFW_KEY_Q, 0, .close), (GLFW_KEY_ESCAPE, 0, .close),
            // Modifiers other than Shift change nothing; keys the window does not use do nothing.
            (GLFW_KEY_R, GLFW_MOD_CONTROL, .takeReference), (GLFW_KEY_LEFT, GLFW_MOD_ALT, .seek(seconds: -5)),
            (GLFW_KEY_R, shift | GLFW_MOD_CONTROL, .clearReference),
            (GLFW_KEY_A, 0, nil), (GLFW_KEY_UP, 0, nil), (GLFW_KEY_ENTER, shift, nil),
        ]
        for row in table {
            XCTAssertEqual(WindowKey(key: row.key, mods: row.mods), row.action, "key \(row.key), mods \(row.mods)")
        }
        XCTAssertEqual(step, 0.005, "docs/commands.md: [ and ] move the offset by 5 ms")
        XCTAssertEqual(fine, 0.001, "and by 1 ms with Shift")
    }

    /// The window's controls on a pipeline of `attitude` begun at wall time 100 s, and what they say.
    private func pipeline(_ attitude: AttitudeInput) throws -> (ViewControls, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        let pipeline = try WallClockPipeline(settings: DrawingSettings(), attitude: attitude, clock: WallClock(speed: 1, looping: false, from: 0))
        pipeline.begin(now: 100)
        return (ViewControls(pipeline: pipeline, logger: Logger(label: "test.window") { _ in handler }), handler)
    }

    /// A 20 s log turning about the vertical at 0.1 rad/s: the attitude at log time t is a turn of 0.1·t about Z.
    private func turningLog() throws -> AttitudeInput {
        let samples = (0...200).map { AttitudeSample(t: Double($0) / 10, worldFromDevice: Quaternion(axis: [0, 0, 1], angle: Double($0) / 100)) }
        return .log(try AttitudeLog(samples: samples, frame: .xArbitraryZVertical), fusion: nil, path: "turn.csv")
    }

    /// Space pauses and resumes a log, the arrows move it by the seconds the table gives, and the frame drawn after
    /// shows the attitude at the log time reached (0.1 rad a second of log time).
    func testSpaceAndTheArrowsMoveALogsPlayback() throws {
        let (view, _) = try pipeline(try turningLog())
        let renderer = try RenderHarness.renderer()
        let source = view.pipeline.source
        view.perform(.togglePause, now: 102, renderer: renderer)
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 110)), 2, accuracy: 1e-9, "paused at 2 s")
        view.perform(try XCTUnwrap(WindowKey(key: GLFW_KEY_RIGHT, mods: 0)), now: 110, renderer: renderer)
        view.perform(try XCTUnwrap(WindowKey(key: GLFW_KEY_LEFT, mods: shift)), now: 110, renderer: renderer)
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 111)), 6, accuracy: 1e-9, "2 + 5 - 1, still paused")
        let frame = try XCTUnwrap(view.pipeline.frame(now: 111, size: PictureSize(fixedWidth: 64, height: 48)).scene.worldFromDevice)
        XCTAssertEqual(frame.angle(to: Quaternion(axis: [0, 0, 1], angle: 0.6)), 0, accuracy: 1e-6)
        view.perform(.togglePause, now: 112, renderer: renderer)
        XCTAssertEqual(try XCTUnwrap(source.logTime(now: 113.5)), 7.5, accuracy: 1e-9, "resumed at 6 s")
        view.perform(.seek(seconds: -5), now: 113.5, renderer: renderer)
        view.perform(.seek(seconds: -5), now: 113.5, renderer: renderer)
        XCTAssertEqual(source.logTime(now: 113.5), 0, "back past the start stops at the start")
    }

    /// The actions of the view (reference, time offset) act through `perform` as through their own calls; S and Q/Esc
    /// are the window's and leave the pipeline as it was; a fixed attitude ignores Space and the arrows.
    func testTheViewsActionsActAndTheWindowsOwnChangeNothing() throws {
        let (view, handler) = try pipeline(try turningLog())
        let renderer = try RenderHarness.renderer()
        view.perform(.takeReference, now: 103, renderer: renderer)
        let reference = try XCTUnwrap(view.pipeline.composer.reference)
        XCTAssertEqual(reference.angle(to: Quaternion(axis: [0, 0, 1], angle: 0.3)), 0, accuracy: 1e-9, "the attitude at 3 s")
        view.perform(.nudgeTimeOffset(seconds: 0.25), now: 103, renderer: renderer)
        XCTAssertEqual(view.pipeline.timeOffset.seconds, 0.25, accuracy: 1e-12)
        let said = handler.entries.count
        for key in [WindowKey.snapshot, .close] { view.perform(key, now: 104, renderer: renderer) }
        XCTAssertEqual(handler.entries.count, said, "nothing said")
        XCTAssertEqual(try XCTUnwrap(view.pipeline.source.logTime(now: 104)), 4.25, accuracy: 1e-9, "playback runs on")
        XCTAssertNotNil(view.pipeline.composer.reference)
        view.perform(.clearReference, now: 104, renderer: renderer)
        XCTAssertNil(view.pipeline.composer.reference)

        let q = Quaternion(axis: [1, 0, 0], angle: 0.4)
        let (fixed, _) = try pipeline(.fixed(q))
        for key in [WindowKey.togglePause, .seek(seconds: 5), .seek(seconds: -1)] { fixed.perform(key, now: 101, renderer: renderer) }
        let drawn = try XCTUnwrap(fixed.pipeline.frame(now: 105, size: PictureSize(fixedWidth: 64, height: 48)).scene.worldFromDevice)
        XCTAssertEqual(drawn.angle(to: q), 0, accuracy: 1e-9)
        XCTAssertNil(fixed.pipeline.source.logTime(now: 105))
    }
}
