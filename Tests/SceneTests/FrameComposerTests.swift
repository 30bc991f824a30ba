import AttitudeLog
import AttitudeMath
import Camera
import IMUD
import LogLoading
import Pixels
import Render
import Scene
import XCTest

/// The window's frame against the snapshot's, in-process and without a window: `run` draws a `WallClockPipeline`,
/// `snapshot` a `SteppedPipeline` at a single instant; both compose in `FrameComposer`, so for the
/// same source and time they draw the same attitude and HUD numbers.
final class FrameComposerTests: XCTestCase {
    private func turningLog() throws -> AttitudeLog {
        let samples = (0...100).map { k -> AttitudeSample in
            let t = Double(k) * 0.01
            return AttitudeSample(t: t, worldFromDevice: Quaternion(axis: [0.3, 1, 0.2], angle: 2 * t) * Quaternion(axis: [1, 0, 0], angle: 0.4))
        }
        return try AttitudeLog(samples: samples, frame: .xArbitraryZVertical)
    }

    /// A log played in the window from log time t shows, in its first frame, the attitude `snapshot --at t`
    /// draws: mounted and relative to the same reference pose, bit for bit, through the same camera.
    func testTheWindowsFirstFrameOfALogIsTheSnapshots() throws {
        let log = try turningLog()
        let mount = try XCTUnwrap(Quaternion(axis: [0, 0, 1], angle: 0.3).normalized())
        let reference = Quaternion(axis: [0, 1, 0], angle: 0.5)
        let settings = DrawingSettings(camera: CameraSettings(given: .fieldOfView(FieldOfView(fixedDegrees: 50))), relativeTo: reference, deviceFromIMU: mount)
        for t in [0.0, 0.237, 0.5, 1.0] {
            let window = try WallClockPipeline(settings: settings, attitude: .log(log, fusion: nil, path: "log.csv"),
                                               clock: WallClock(speed: 1, looping: false, from: t))
            try XCTUnwrap(window.source).begin(now: 100)
            let shown = window.frame(now: 100, size: PictureSize(fixedWidth: 64, height: 48)).scene
            let snapshot = try SteppedPipeline(settings: settings, attitude: .log(log, fusion: nil, path: "log.csv"), clock: .instant(t))
                .frame(step: 0, size: PictureSize(fixedWidth: 64, height: 48)).scene
            XCTAssertEqual(shown.worldFromDevice, snapshot.worldFromDevice, "t = \(t)")
            XCTAssertEqual(shown.greyed, snapshot.greyed)
            XCTAssertEqual(shown.camera, snapshot.camera)
            XCTAssertNotNil(shown.camera, "--fov's camera, fitted to the viewport")
            XCTAssertNil(shown.hud)
        }
    }

    /// A fixed attitude with the HUD: the window's first frame carries the snapshot's numbers (attitude,
    /// smoothed tilt, frame, reference); only the labels the window adds (health, frame rate) differ.
    func testTheWindowsHUDOfAFixedAttitudeIsTheSnapshots() throws {
        let q = try XCTUnwrap(Quaternion(w: 0.8, x: 0.3, y: 0.4, z: 0.33).normalized())
        let settings = DrawingSettings(hud: true)
        let window = try XCTUnwrap(WallClockPipeline(settings: settings, attitude: .fixed(q), clock: WallClock(speed: 1, looping: true, from: 0))
            .frame(now: 1, size: PictureSize(fixedWidth: 320, height: 240)).scene.hud)
        let snapshot = try XCTUnwrap(SteppedPipeline(settings: settings, attitude: .fixed(q), clock: .instant(0))
            .frame(step: 0, size: PictureSize(fixedWidth: 320, height: 240)).scene.hud)
        XCTAssertEqual(window.worldFromDevice, snapshot.worldFromDevice)
        XCTAssertEqual(window.smoothedTilt, snapshot.smoothedTilt)
        XCTAssertEqual(window.frame, snapshot.frame)
        XCTAssertEqual(window.reference, snapshot.reference)
        XCTAssertEqual(window.framesPerSecond, 0, "one frame drawn: no rate yet")
        XCTAssertNil(snapshot.framesPerSecond)
    }

    /// The mount is applied once: a fixed attitude q drawn through the mount R is q · R⁻¹, under every clock, and
    /// imud's frame mapping writes the same rule (`Frames.worldFromDevice(worldFromIMU:deviceFromIMU:)`).
    func testTheMountIsAppliedOnce() throws {
        let q = try XCTUnwrap(Quaternion(w: 0.8, x: 0.3, y: 0.4, z: 0.33).normalized())
        let mount = try XCTUnwrap(Quaternion(axis: [1, 0, 0], angle: 0.7).normalized())
        let expected = try XCTUnwrap((q * mount.conjugate).normalized())
        let settings = DrawingSettings(deviceFromIMU: mount)
        let snapshot = try SteppedPipeline(settings: settings, attitude: .fixed(q), clock: .instant(0)).frame(step: 0, size: PictureSize(fixedWidth: 64, height: 48))
        let window = try WallClockPipeline(settings: settings, attitude: .fixed(q), clock: WallClock(speed: 1, looping: true, from: 0))
            .frame(now: 1, size: PictureSize(fixedWidth: 64, height: 48))
        let scene = try SteppedPipeline(settings: settings, attitude: .scene(SceneSource(fixed: q)), clock: .instant(0))
            .frame(step: 0, size: PictureSize(fixedWidth: 64, height: 48))
        for drawn in [snapshot, window, scene] {
            XCTAssertEqual(try XCTUnwrap(drawn.scene.worldFromDevice).angle(to: expected), 0, accuracy: 1e-7)
        }
        let imud = IMUDFrameMapping(coordFrame: .enu, mount: IMUDMount(deviceFromIMU: mount))
        let worldFromIMU = Frames.worldFromENU * q
        XCTAssertEqual(imud.worldFromDevice(packetQuaternion: q).angle(to: try XCTUnwrap((worldFromIMU * mount.conjugate).normalized())),
                       0, accuracy: 1e-7)
    }

    /// The window steps the tilt filter once per drawn frame; a log-driven picture steps it over the log's
    /// samples and ends with the drawn one without keeping it. Taking a reference pose starts the filter again.
    func testTheTiltFilterStepsAsEachPictureSays() throws {
        let tilted = Quaternion(axis: [0, 1, 0], angle: -0.6)  // a positive tilt, by the articles' sign: a turn about -Y
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

    /// The HUD's fusion line says how a log's attitudes were made: the track's own words for a log made in-process (a
    /// gyroscope-only log integrated), and "none" for an attitude log read as it is.
    func testTheFusionLineNamesHowTheLogWasMade() throws {
        let log = try turningLog()
        XCTAssertEqual(SceneSource.fusionSummary(.gyroscopeOnly, of: log, at: 0.5), "gyroscope only: integrated, no vertical")
        XCTAssertEqual(SceneSource.fusionSummary(nil, of: log, at: 0.5), "none: an attitude log")
    }
}
