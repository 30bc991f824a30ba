import AttitudeMath
import Camera
import Rig
import Scene
import XCTest

/// A calibration's rig and the user's overrides applied to a drawing in one place (`DrawingSettings.apply(calibration:
/// overrides:live:)`): only what the file leaves undetermined may be given beside it, and its offset applies only to a
/// source on its own clock, the other said and not applied.
final class CalibrationApplyingTests: XCTestCase {
    private let mount = Quaternion(w: 0, x: 1, y: 0, z: 0)

    private func rig(clock: TimeOffset.Clock, undetermined: [String] = []) -> Rig {
        Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, width: 320, height: 240)), deviceFromIMU: mount,
            timeOffset: TimeOffset(seconds: 0.25, clock: clock), undetermined: undetermined.map { Undetermined(key: $0, standardError: nil, why: "why") })
    }

    func testOnlyWhatTheFileLeavesUndeterminedMayBeGivenBesideIt() {
        let full = rig(clock: .clip)
        XCTAssertEqual(DrawingOverrides(mountGiven: true).givenTwice(with: full, live: false), "--mount")
        XCTAssertEqual(DrawingOverrides(timeOffsetSeconds: 0.1).givenTwice(with: full, live: false), "--time-offset")
        XCTAssertNil(DrawingOverrides(timeOffsetSeconds: 0.1).givenTwice(with: full, live: true), "a live source's own offset")
        XCTAssertEqual(DrawingOverrides(fieldOfViewGiven: true).givenTwice(with: full, live: false), "--fov")
        XCTAssertEqual(DrawingOverrides(intrinsicsGiven: true).givenTwice(with: full, live: false), "--intrinsics")
        let loose = rig(clock: .clip, undetermined: [Undetermined.cameraKey, Undetermined.mountKey])
        XCTAssertNil(DrawingOverrides(fieldOfViewGiven: true, mountGiven: true).givenTwice(with: loose, live: false))
        XCTAssertEqual(DrawingOverrides(intrinsicsGiven: true).givenTwice(with: nil, live: false), "--intrinsics", "a file that does not read")
        XCTAssertNil(DrawingOverrides().givenTwice(with: nil, live: false))
    }

    func testTheFilesOffsetAppliesOnlyOnItsOwnClock() throws {
        var options = DrawingSettings()
        var notes = try options.apply(calibration: (rig(clock: .clip), "cal.yaml"), overrides: DrawingOverrides(), live: false)
        XCTAssertEqual(notes, [])
        XCTAssertEqual(options.clipOffset, 0.25)
        XCTAssertEqual(options.deviceFromIMU, mount)
        XCTAssertEqual(options.camera.intrinsicsSource, "cal.yaml")

        options = DrawingSettings()
        notes = try options.apply(calibration: (rig(clock: .clip), "cal.yaml"), overrides: DrawingOverrides(), live: true)
        XCTAssertEqual(notes.map(\.level), [.warning])
        XCTAssertTrue(notes[0].text.hasPrefix("cal.yaml's time offset of 250.0 ms pairs its clip with its log"), notes[0].text)
        XCTAssertEqual(options.startingOffset(for: .live), 0)

        options = DrawingSettings()
        notes = try options.apply(calibration: (rig(clock: .live), "cal.yaml"), overrides: DrawingOverrides(), live: true)
        XCTAssertEqual(notes.map(\.level), [.info])
        XCTAssertTrue(notes[0].text.hasPrefix("time offset +250.0 ms from cal.yaml (this rig's live clocks)"), notes[0].text)
        XCTAssertEqual(options.startingOffset(for: .live), 0.25)

        options = DrawingSettings()
        notes = try options.apply(calibration: (rig(clock: .live), "cal.yaml"), overrides: DrawingOverrides(timeOffsetSeconds: -0.01), live: true)
        XCTAssertEqual(notes, [], "the live source's own offset replaces the file's")
        XCTAssertEqual(options.startingOffset(for: .live), -0.01)

        options = DrawingSettings()
        notes = try options.apply(calibration: (rig(clock: .live), "cal.yaml"), overrides: DrawingOverrides(), live: false)
        XCTAssertEqual(notes.map(\.level), [.warning])
        XCTAssertTrue(notes[0].text.contains("is a live rig's"), notes[0].text)
        XCTAssertNil(options.clipOffset)

        options = DrawingSettings()
        notes = try options.apply(calibration: nil, overrides: DrawingOverrides(deviceFromIMU: .identity, timeOffsetSeconds: 0.5), live: true)
        XCTAssertEqual(notes, [])
        XCTAssertEqual(options.timeOffset, TimeOffset(seconds: 0.5, clock: .live))
        XCTAssertEqual(options.deviceFromIMU, .identity)
    }

    /// A mount undetermined about some axes is drawn with no turn about them, and said; one undetermined whole is drawn
    /// with `--mount`, and said by the camera's and mount's notes.
    func testAnUndeterminedMountIsSaid() throws {
        var options = DrawingSettings()
        let notes = try options.apply(calibration: (rig(clock: .clip, undetermined: ["imu_to_camera_y", "imu_to_camera_z"]), "cal.yaml"),
                                      overrides: DrawingOverrides(), live: false)
        XCTAssertEqual(notes, [DrawingNote(level: .warning, text: "cal.yaml: calibrate did not determine the mount about the camera's y and z "
                                           + "(see its not_determined): drawn with no turn about them")])
        options = DrawingSettings()
        let whole = try options.apply(calibration: (rig(clock: .clip, undetermined: [Undetermined.mountKey]), "cal.yaml"),
                                      overrides: DrawingOverrides(deviceFromIMU: .identity), live: false)
        XCTAssertEqual(whole.map(\.level), [.info])
        XCTAssertTrue(whole[0].text.contains("drawn with --mount 1,0,0,0"), whole[0].text)
        XCTAssertEqual(options.deviceFromIMU, .identity)
    }
}
