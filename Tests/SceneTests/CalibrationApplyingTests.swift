import AttitudeMath
import Camera
import Pixels
import Rig
import Scene
import XCTest

/// A drawing takes what the one rule (`Rig.apply(_:given:clock:)`, tested in RigTests) gives: the file's camera as
/// `--intrinsics`, its mount, the offset of the source's own clock (`clipTimeOffsetSeconds`, `startingOffset(for:)`) and its bias.
final class CalibrationApplyingTests: XCTestCase {
    private let mount = Quaternion(w: 0, x: 1, y: 0, z: 0)

    private func rig(clock: TimeOffset.Clock, undetermined: [Undetermined.Quantity] = []) -> Rig {
        Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: mount,
            timeOffset: TimeOffset(seconds: 0.25, clock: clock), gyroBiasRadiansPerSecond: SIMD3(0.01, 0, 0),
            undetermined: undetermined.map { Undetermined($0, standardError: nil, why: "why") })
    }

    func testTheFilesOffsetAppliesOnlyOnItsOwnClock() throws {
        var settings = DrawingSettings()
        var notes = try settings.apply(calibration: (rig(clock: .clip), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(notes, [])
        XCTAssertEqual(settings.clipTimeOffsetSeconds, 0.25)
        XCTAssertEqual(settings.deviceFromIMU, mount)
        XCTAssertEqual(settings.camera.intrinsicsSource, "cal.yaml")
        XCTAssertEqual(settings.gyroBiasRadiansPerSecond, SIMD3(0.01, 0, 0))

        settings = DrawingSettings()
        notes = try settings.apply(calibration: (rig(clock: .clip), "cal.yaml"), given: RigOverrides(), clock: .live)
        XCTAssertEqual(notes.map(\.level), [.warning])
        XCTAssertEqual(settings.startingOffset(for: .live), 0)

        settings = DrawingSettings()
        notes = try settings.apply(calibration: (rig(clock: .live), "cal.yaml"), given: RigOverrides(), clock: .live)
        XCTAssertEqual(notes.map(\.level), [.info])
        XCTAssertEqual(settings.startingOffset(for: .live), 0.25)

        settings = DrawingSettings()
        notes = try settings.apply(calibration: (rig(clock: .live), "cal.yaml"), given: RigOverrides(timeOffsetSeconds: -0.01), clock: .live)
        XCTAssertEqual(notes, [], "the live source's own offset replaces the file's")
        XCTAssertEqual(settings.startingOffset(for: .live), -0.01)

        settings = DrawingSettings()
        notes = try settings.apply(calibration: (rig(clock: .live), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(notes.map(\.level), [.warning])
        XCTAssertNil(settings.clipTimeOffsetSeconds)

        settings = DrawingSettings()
        notes = try settings.apply(calibration: nil, given: RigOverrides(mount: .rotation(.identity), timeOffsetSeconds: 0.5), clock: .live)
        XCTAssertEqual(notes, [])
        XCTAssertEqual(settings.timeOffset, TimeOffset(seconds: 0.5, clock: .live))
        XCTAssertEqual(settings.deviceFromIMU, .identity)
    }

    /// What the file leaves undetermined keeps the camera the settings hold and the mount given; said by the rule's notes.
    func testAnUndeterminedCameraAndMountKeepWhatIsGiven() throws {
        var settings = DrawingSettings(camera: CameraSettings(given: .fieldOfView(FieldOfView(fixedDegrees: 50))))
        let notes = try settings.apply(calibration: (rig(clock: .clip, undetermined: [.camera, .mount]), "cal.yaml"),
                                      given: RigOverrides(camera: settings.camera.given, mount: .rotation(.identity)), clock: .clip)
        XCTAssertEqual(notes.map(\.about), [.camera, .mount])
        XCTAssertEqual(settings.camera.verticalFieldOfViewDegrees, 50)
        XCTAssertNil(settings.camera.intrinsics)
        XCTAssertEqual(settings.deviceFromIMU, .identity)
        XCTAssertEqual(settings.gyroBiasRadiansPerSecond, SIMD3(0.01, 0, 0), "a bias written is applied whatever else is undetermined")
    }
}
