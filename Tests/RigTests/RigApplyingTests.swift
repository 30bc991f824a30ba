import AttitudeMath
import Camera
import Pixels
import Rig
import XCTest

/// A calibration's rig and what the user gives beside it, applied by one rule (`Rig.apply(_:given:clock:)`): only what the
/// file leaves undetermined may be given beside it, what it leaves undetermined is drawn with what is given and said,
/// and its offset applies only to a source on its own clock, the other said and not applied.
final class RigApplyingTests: XCTestCase {
    private let mount = Quaternion(w: 0, x: 1, y: 0, z: 0)
    /// A camera given with `--intrinsics k.yaml`.
    private let givenCamera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 40, size: PictureSize(fixedWidth: 320, height: 240)))

    private func rig(clock: TimeOffset.Clock, undetermined: [Undetermined.Quantity] = [], bias: SIMD3<Double>? = nil) -> Rig {
        Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: mount,
            timeOffset: TimeOffset(seconds: 0.25, clock: clock), gyroBiasRadiansPerSecond: bias,
            undetermined: undetermined.map { Undetermined($0, standardError: nil, why: "why") })
    }

    func testOnlyWhatTheFileLeavesUndeterminedMayBeGivenBesideIt() {
        let full = rig(clock: .clip)
        XCTAssertEqual(RigOverrides(mount: .imudsOwnForm).givenTwice(with: full, clock: .clip), .mount)
        XCTAssertEqual(RigOverrides(timeOffsetSeconds: 0.1).givenTwice(with: full, clock: .clip), .timeOffset)
        XCTAssertNil(RigOverrides(timeOffsetSeconds: 0.1).givenTwice(with: full, clock: .live), "a live source's own offset")
        XCTAssertEqual(RigOverrides(camera: .fieldOfView(FieldOfView(fixedDegrees: 50))).givenTwice(with: full, clock: .clip), .camera)
        XCTAssertEqual(RigOverrides(camera: .intrinsics(givenCamera, source: "k.yaml")).givenTwice(with: full, clock: .clip), .camera)
        let loose = rig(clock: .clip, undetermined: [.camera, .mount])
        XCTAssertNil(RigOverrides(camera: .fieldOfView(FieldOfView(fixedDegrees: 50)), mount: .imudsOwnForm).givenTwice(with: loose, clock: .clip))
        XCTAssertNil(RigOverrides().givenTwice(with: full, clock: .clip))
        XCTAssertThrowsError(try Rig.apply((full, "cal.yaml"), given: RigOverrides(mount: .imudsOwnForm), clock: .clip)) {
            XCTAssertEqual($0 as? RigApplyingError, .givenTwice(path: "cal.yaml", given: RigOverrides(mount: .imudsOwnForm), field: .mount))
            XCTAssertEqual("\($0)", "cal.yaml determines the mount, which is given beside it too: give one of them (only what the file "
                           + "leaves undetermined may be given)", "said without the command line's options")
        }
    }

    func testTheFilesOffsetAppliesOnlyOnItsOwnClock() throws {
        var applied = try Rig.apply((rig(clock: .clip), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(applied.notes, [])
        XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: 0.25, clock: .clip))
        XCTAssertEqual(applied.deviceFromIMU, mount)
        XCTAssertEqual(applied.mount, .theFiles(mount))
        XCTAssertEqual(applied.camera, .theFiles(rig(clock: .clip).camera!, path: "cal.yaml"))
        XCTAssertEqual(applied.camera.asGiven, .intrinsics(rig(clock: .clip).camera!, source: "cal.yaml"), "drawn as --intrinsics cal.yaml")

        applied = try Rig.apply((rig(clock: .clip), "cal.yaml"), given: RigOverrides(), clock: .live)
        XCTAssertEqual(applied.notes.map(\.level), [.warning])
        XCTAssertEqual(applied.notes, [RigNote(.clipOffsetNotForLive(path: "cal.yaml", seconds: 0.25))])
        XCTAssertTrue(applied.notes[0].description.hasPrefix("cal.yaml's time offset of 250.0 ms pairs its clip with its log"), "\(applied.notes)")
        XCTAssertNil(applied.timeOffset)

        applied = try Rig.apply((rig(clock: .live), "cal.yaml"), given: RigOverrides(), clock: .live)
        XCTAssertEqual(applied.notes.map(\.level), [.info])
        XCTAssertEqual(applied.notes, [RigNote(.liveOffsetApplied(path: "cal.yaml", seconds: 0.25))])
        XCTAssertTrue(applied.notes[0].description.hasPrefix("time offset +250.0 ms from cal.yaml (this rig's live clocks)"), "\(applied.notes)")
        XCTAssertEqual(applied.timeOffset?.seconds(pairing: .live), 0.25)

        applied = try Rig.apply((rig(clock: .live), "cal.yaml"), given: RigOverrides(timeOffsetSeconds: -0.01), clock: .live)
        XCTAssertEqual(applied.notes, [], "the live source's own offset replaces the file's")
        XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: -0.01, clock: .live))

        applied = try Rig.apply((rig(clock: .live), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(applied.notes.map(\.level), [.warning])
        XCTAssertEqual(applied.notes.map(\.about), [.timeOffset])
        XCTAssertEqual(applied.notes, [RigNote(.liveOffsetNotForAClip(path: "cal.yaml", seconds: 0.25))])
        XCTAssertTrue(applied.notes[0].description.contains("is a live rig's"), "\(applied.notes)")
        XCTAssertNil(applied.timeOffset)

        applied = try Rig.apply(nil, given: RigOverrides(mount: .rotation(.identity), timeOffsetSeconds: 0.5), clock: .live)
        XCTAssertEqual(applied.notes, [])
        XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: 0.5, clock: .live))
        XCTAssertEqual(applied.deviceFromIMU, .identity)
        XCTAssertEqual(applied.mount, .given(.identity))
        XCTAssertEqual(applied.camera, .given(.none))
    }

    /// A mount undetermined about some axes is drawn with no turn about them, and said; one undetermined whole is drawn
    /// with `--mount`, and said by the camera's and mount's notes.
    func testAnUndeterminedMountIsSaid() throws {
        let partly = try Rig.apply((rig(clock: .clip, undetermined: [.mountAxis(.y), .mountAxis(.z)]), "cal.yaml"),
                                   given: RigOverrides(), clock: .clip)
        XCTAssertEqual(partly.notes, [RigNote(.mountAxesUndetermined(path: "cal.yaml", axes: [.y, .z]))])
        XCTAssertEqual(partly.notes.map(\.level), [.warning])
        XCTAssertEqual(partly.notes.map(\.description), ["cal.yaml: calibrate did not determine the mount about the camera's y and z (see its "
                                                         + "not_determined): drawn with no turn about them"])
        let whole = try Rig.apply((rig(clock: .clip, undetermined: [.mount]), "cal.yaml"),
                                  given: RigOverrides(mount: .rotation(.identity)), clock: .clip)
        XCTAssertEqual(whole.notes.map(\.level), [.info])
        XCTAssertEqual(whole.notes, [RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .rotation(.identity)))])
        XCTAssertEqual(whole.deviceFromIMU, .identity)
        XCTAssertEqual(whole.mount, .given(.identity))
        let none = try Rig.apply((rig(clock: .clip, undetermined: [.mount]), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertNil(none.deviceFromIMU, "the IMU's axes as the camera's")
        XCTAssertEqual(none.mount, .none)
        let imuds = try Rig.apply((rig(clock: .clip, undetermined: [.mount]), "cal.yaml"), given: RigOverrides(mount: .imudsOwnForm), clock: .clip)
        XCTAssertEqual(imuds.mount, .none, "imud applies a mount given in its own form")
        XCTAssertEqual(imuds.notes, [RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .imudsOwnForm))])
        XCTAssertTrue(imuds.notes[0].description.hasSuffix("drawn with the mount given"), "\(imuds.notes)")
        XCTAssertEqual(none.notes, [RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .none))])
        XCTAssertTrue(none.notes[0].description.contains("with the IMU's axes as the camera's"), "\(none.notes)")
    }

    /// An undetermined camera is drawn with what is given beside the file, else the 60° pinhole, and said in one line; a
    /// bias written is applied whatever else is undetermined; an undetermined offset refuses the file.
    func testAnUndeterminedCameraIsDrawnWithWhatIsGivenAndTheBiasAlwaysApplies() throws {
        let bias = SIMD3(0.01, -0.02, 0.005)
        let loose = rig(clock: .clip, undetermined: [.camera, .mount], bias: bias)
        let sixty = try Rig.apply((loose, "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(sixty.camera, .given(.none))
        XCTAssertEqual(sixty.gyroBiasRadiansPerSecond, bias)
        XCTAssertEqual(sixty.notes.map(\.about), [.camera, .mount])
        XCTAssertEqual(sixty.notes[0], RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .none)))
        XCTAssertEqual(sixty.notes[0].description, "cal.yaml: calibrate did not determine the camera (see its not_determined): drawn through "
                       + "the default 60° pinhole")
        let fifty = try Rig.apply((loose, "cal.yaml"), given: RigOverrides(camera: .fieldOfView(FieldOfView(fixedDegrees: 50))), clock: .clip)
        XCTAssertEqual(fifty.camera, .given(.fieldOfView(FieldOfView(fixedDegrees: 50))))
        XCTAssertEqual(fifty.notes[0], RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .fieldOfView(FieldOfView(fixedDegrees: 50)))))
        let given = try Rig.apply((loose, "cal.yaml"), given: RigOverrides(camera: .intrinsics(givenCamera, source: "k.yaml")), clock: .clip)
        XCTAssertEqual(given.notes[0], RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .intrinsics(givenCamera, source: "k.yaml"))))

        let noOffset = rig(clock: .clip, undetermined: [.timeOffset])
        XCTAssertThrowsError(try Rig.apply((noOffset, "cal.yaml"), given: RigOverrides(), clock: .clip)) {
            XCTAssertEqual($0 as? RigApplyingError, .undetermined(path: "cal.yaml", quantity: .timeOffset, refusal: .timeOffsetUndetermined))
            XCTAssertEqual("\($0)", "cal.yaml: calibrate did not determine the time offset here (see its not_determined)")
        }
    }

    /// A given offset needs a clock to shift, and a live one stays within a second.
    func testAGivenOffsetNeedsAClockAndALiveOneStaysWithinASecond() {
        XCTAssertNoThrow(try TimeOffset.check(given: 1.5, sourceClock: .clip))
        XCTAssertNoThrow(try TimeOffset.check(given: -0.9, sourceClock: .live))
        XCTAssertThrowsError(try TimeOffset.check(given: 1.5, sourceClock: .live)) {
            XCTAssertEqual($0 as? TimeOffsetError, .beyondLiveLimit(seconds: 1.5))
        }
        XCTAssertThrowsError(try TimeOffset.check(given: 0.1, sourceClock: nil)) { XCTAssertEqual($0 as? TimeOffsetError, .noClock) }
    }
}
