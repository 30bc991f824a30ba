import AttitudeLog
import AttitudeMath
import Scene
import Render
import TestSupport
import Window
import XCTest

/// The window's frame against the snapshot's, in-process and without a window: `run` composes its scene
/// through `ViewControls` from an `AttitudeSource`, `snapshot` through `SceneSource`; both end in
/// `FrameComposer`, so for the same source and time they draw the same attitude and HUD numbers.
final class FrameComposerTests: XCTestCase {
    private func turningLog() throws -> AttitudeLog {
        let samples = (0...100).map { k -> AttitudeSample in
            let t = Double(k) * 0.01
            return AttitudeSample(t: t, worldFromDevice: Quaternion(axis: [0.3, 1, 0.2], angle: 2 * t) * Quaternion(axis: [1, 0, 0], angle: 0.4))
        }
        return try AttitudeLog(samples: samples, frame: .xArbitraryZVertical)
    }

    /// A log played in the window from log time t shows, in its first frame, the attitude `snapshot --at t`
    /// draws: mounted and relative to the same reference pose, bit for bit.
    func testTheWindowsFirstFrameOfALogIsTheSnapshots() throws {
        let log = try turningLog()
        let mount = try XCTUnwrap(Quaternion(axis: [0, 0, 1], angle: 0.3).normalized())
        let reference = Quaternion(axis: [0, 1, 0], angle: 0.5)
        let options = SnapshotOptions(relativeTo: reference, mount: mount)
        for t in [0.0, 0.237, 0.5, 1.0] {
            let source = try LogPlaybackSource(log: log, speed: 1, looping: false, now: 50, mount: mount, startTime: t)
            source.begin(now: 100)
            let view = ViewControls(reference: reference, showsHUD: false, frameName: source.frameName)
            let window = view.scene(for: source.reading(now: 100), source: source.health(now: 100), fusion: source.fusion(now: 100), now: 100)
            let snapshot = SceneSource(log: log, fusion: nil, path: "log.csv", at: t).mounted(by: options)
                .scene(relativeTo: reference, hud: false)
            XCTAssertEqual(window.worldFromDevice, snapshot.worldFromDevice, "t = \(t)")
            XCTAssertEqual(window.greyed, snapshot.greyed)
            XCTAssertNil(window.hud)
        }
    }

    /// A fixed attitude with the HUD: the window's first frame carries the snapshot's numbers (attitude,
    /// smoothed tilt, frame, reference); only the labels the window adds (health, frame rate) differ.
    func testTheWindowsHUDOfAFixedAttitudeIsTheSnapshots() throws {
        let q = try XCTUnwrap(Quaternion(w: 0.8, x: 0.3, y: 0.4, z: 0.33).normalized())
        let source = FixedAttitudeSource(q)
        let view = ViewControls(reference: nil, showsHUD: true, frameName: source.frameName)
        let window = try XCTUnwrap(view.scene(for: source.reading(now: 1), source: source.health(now: 1), fusion: "none", now: 1).hud)
        let snapshot = try XCTUnwrap(SceneSource(fixed: q).scene(relativeTo: nil, hud: true).hud)
        XCTAssertEqual(window.worldFromDevice, snapshot.worldFromDevice)
        XCTAssertEqual(window.smoothedTilt, snapshot.smoothedTilt)
        XCTAssertEqual(window.frame, snapshot.frame)
        XCTAssertEqual(window.reference, snapshot.reference)
        XCTAssertEqual(window.framesPerSecond, 0, "one frame drawn: no rate yet")
        XCTAssertNil(snapshot.framesPerSecond)
    }

    /// The window steps the tilt filter once per drawn frame; a log-driven picture steps it over the log's
    /// samples and ends with the drawn one without keeping it. Taking a reference pose starts the filter again.
    func testTheTiltFilterStepsAsEachPictureSays() throws {
        let tilted = Quaternion(axis: [0, 1, 0], angle: -0.6)  // a positive tilt of the seed's: a turn about -Y
        var window = FrameComposer(reference: nil, showsHUD: true)
        let labels = HUDLabels(frame: "W", source: "s", fusion: "f")
        let first = window.scene(AttitudeReading(worldFromDevice: .identity, greyed: false), labels: labels, stepsFilter: true)
        let second = window.scene(AttitudeReading(worldFromDevice: tilted, greyed: false), labels: labels, stepsFilter: true)
        XCTAssertEqual(first.hud?.smoothedTilt, 0)
        let smoothed = try XCTUnwrap(second.hud?.smoothedTilt)
        XCTAssertGreaterThan(smoothed, 0)
        XCTAssertLessThan(smoothed, AttitudeViews.tiltDegrees(tilted), "smoothed: between the two tilts")

        var log = FrameComposer(reference: nil, showsHUD: true)
        log.advance(over: [.identity])
        let once = log.scene(AttitudeReading(worldFromDevice: tilted, greyed: false), labels: labels, stepsFilter: false)
        let again = log.scene(AttitudeReading(worldFromDevice: tilted, greyed: false), labels: labels, stepsFilter: false)
        XCTAssertEqual(once.hud?.smoothedTilt, smoothed, "the same two measurements")
        XCTAssertEqual(again.hud?.smoothedTilt, smoothed, "the drawn attitude was not kept")

        window.setReference(tilted)
        let relative = window.scene(AttitudeReading(worldFromDevice: tilted, greyed: false), labels: labels, stepsFilter: true)
        XCTAssertEqual(relative.hud?.smoothedTilt ?? -1, 0, accuracy: 1e-9, "relative to itself: level, and the filter started again")
    }

    /// Before a live source's first packet there is nothing to draw: no attitude, no made-up one.
    func testNoAttitudeDrawsNoDie() {
        var composer = FrameComposer(reference: nil, showsHUD: true)
        let scene = composer.scene(AttitudeReading(worldFromDevice: nil, greyed: true), labels: HUDLabels(frame: "W", source: "s", fusion: "f"),
                                   stepsFilter: true)
        XCTAssertNil(scene.worldFromDevice)
        XCTAssertTrue(scene.greyed)
        XCTAssertNil(scene.hud?.smoothedTilt)
    }
}
