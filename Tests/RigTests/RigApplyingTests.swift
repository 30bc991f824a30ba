import AttitudeMath
import Camera
import Rig
import XCTest

/// A calibration's rig and what the user gives beside it, applied by one rule (`Rig.apply(_:given:clock:)`): only what the
/// file leaves undetermined may be given beside it, what it leaves undetermined is drawn with what is given and said,
/// and its offset applies only to a source on its own clock, the other said and not applied.
final class RigApplyingTests: XCTestCase {
    private let mount = Quaternion(w: 0, x: 1, y: 0, z: 0)
    /// A camera given with `--intrinsics k.yaml`.
    private let givenCamera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 40, width: 320, height: 240))

    private func rig(clock: TimeOffset.Clock, undetermined: [Undetermined.Quantity] = [], bias: SIMD3<Double>? = nil) -> Rig {
        Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, width: 320, height: 240)), deviceFromIMU: mount,
            timeOffset: TimeOffset(seconds: 0.25, clock: clock), gyroBiasRadiansPerSecond: bias,
            undetermined: undetermined.map { Undetermined($0, standardError: nil, why: "why") })
    }

    func testOnlyWhatTheFileLeavesUndeterminedMayBeGivenBesideIt() {
        let full = rig(clock: .clip)
        XCTAssertEqual(RigOverrides(mountGiven: true).givenTwice(with: full, clock: .clip), "--mount")
        XCTAssertEqual(RigOverrides(timeOffsetSeconds: 0.1).givenTwice(with: full, clock: .clip), "--time-offset")
        XCTAssertNil(RigOverrides(timeOffsetSeconds: 0.1).givenTwice(with: full, clock: .live), "a live source's own offset")
        XCTAssertEqual(RigOverrides(camera: .fieldOfView(degrees: 50)).givenTwice(with: full, clock: .clip), "--fov")
        XCTAssertEqual(RigOverrides(camera: .intrinsics(givenCamera, path: "k.yaml")).givenTwice(with: full, clock: .clip), "--intrinsics")
        let loose = rig(clock: .clip, undetermined: [.camera, .mount])
        XCTAssertNil(RigOverrides(camera: .fieldOfView(degrees: 50), mountGiven: true).givenTwice(with: loose, clock: .clip))
        XCTAssertNil(RigOverrides().givenTwice(with: full, clock: .clip))
        XCTAssertThrowsError(try Rig.apply((full, "cal.yaml"), given: RigOverrides(mountGiven: true), clock: .clip)) {
            XCTAssertEqual($0 as? RigApplyingError, .givenTwice(path: "cal.yaml", option: "--mount"))
            XCTAssertTrue("\($0)".hasPrefix("--calibration and --mount: give one of them"), "\($0)")
        }
    }

    func testTheFilesOffsetAppliesOnlyOnItsOwnClock() throws {
        var applied = try Rig.apply((rig(clock: .clip), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(applied.notes, [])
        XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: 0.25, clock: .clip))
        XCTAssertEqual(applied.deviceFromIMU, mount)
        XCTAssertTrue(applied.mountIsTheFiles)
        XCTAssertEqual(applied.camera, .theFiles)

        applied = try Rig.apply((rig(clock: .clip), "cal.yaml"), given: RigOverrides(), clock: .live)
        XCTAssertEqual(applied.notes.map(\.level), [.warning])
        XCTAssertTrue(applied.notes[0].text.hasPrefix("cal.yaml's time offset of 250.0 ms pairs its clip with its log"), applied.notes[0].text)
        XCTAssertNil(applied.timeOffset)

        applied = try Rig.apply((rig(clock: .live), "cal.yaml"), given: RigOverrides(), clock: .live)
        XCTAssertEqual(applied.notes.map(\.level), [.info])
        XCTAssertTrue(applied.notes[0].text.hasPrefix("time offset +250.0 ms from cal.yaml (this rig's live clocks)"), applied.notes[0].text)
        XCTAssertEqual(applied.timeOffset?.seconds(pairing: .live), 0.25)

        applied = try Rig.apply((rig(clock: .live), "cal.yaml"), given: RigOverrides(timeOffsetSeconds: -0.01), clock: .live)
        XCTAssertEqual(applied.notes, [], "the live source's own offset replaces the file's")
        XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: -0.01, clock: .live))

        applied = try Rig.apply((rig(clock: .live), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(applied.notes.map(\.level), [.warning])
        XCTAssertEqual(applied.notes.map(\.about), [.timeOffset])
        XCTAssertTrue(applied.notes[0].text.contains("is a live rig's"), applied.notes[0].text)
        XCTAssertNil(applied.timeOffset)

        applied = try Rig.apply(nil, given: RigOverrides(deviceFromIMU: .identity, timeOffsetSeconds: 0.5), clock: .live)
        XCTAssertEqual(applied.notes, [])
        XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: 0.5, clock: .live))
        XCTAssertEqual(applied.deviceFromIMU, .identity)
        XCTAssertEqual(applied.camera, .given)
    }

    /// A mount undetermined about some axes is drawn with no turn about them, and said; one undetermined whole is drawn
    /// with `--mount`, and said by the camera's and mount's notes.
    func testAnUndeterminedMountIsSaid() throws {
        let partly = try Rig.apply((rig(clock: .clip, undetermined: [.mountAxis(1), .mountAxis(2)]), "cal.yaml"),
                                   given: RigOverrides(), clock: .clip)
        XCTAssertEqual(partly.notes, [RigNote(level: .warning, about: .mount, text: "cal.yaml: calibrate did not determine the mount about "
                                              + "the camera's y and z (see its not_determined): drawn with no turn about them")])
        let whole = try Rig.apply((rig(clock: .clip, undetermined: [.mount]), "cal.yaml"),
                                  given: RigOverrides(deviceFromIMU: .identity), clock: .clip)
        XCTAssertEqual(whole.notes.map(\.level), [.info])
        XCTAssertTrue(whole.notes[0].text.contains("drawn with --mount 1,0,0,0"), whole.notes[0].text)
        XCTAssertEqual(whole.deviceFromIMU, .identity)
        XCTAssertFalse(whole.mountIsTheFiles)
        let none = try Rig.apply((rig(clock: .clip, undetermined: [.mount]), "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertNil(none.deviceFromIMU, "the IMU's axes as the camera's")
        XCTAssertTrue(none.notes[0].text.contains("with the IMU's axes as the camera's"), none.notes[0].text)
    }

    /// An undetermined camera is drawn with what is given beside the file, else the 60° pinhole, and said in one line; a
    /// bias written is applied whatever else is undetermined; an undetermined offset refuses the file.
    func testAnUndeterminedCameraIsDrawnWithWhatIsGivenAndTheBiasAlwaysApplies() throws {
        let bias = SIMD3(0.01, -0.02, 0.005)
        let loose = rig(clock: .clip, undetermined: [.camera, .mount], bias: bias)
        let sixty = try Rig.apply((loose, "cal.yaml"), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(sixty.camera, .given)
        XCTAssertEqual(sixty.gyroBias, bias)
        XCTAssertEqual(sixty.notes.map(\.about), [.camera, .mount])
        XCTAssertEqual(sixty.notes[0].text, "cal.yaml: calibrate did not determine the camera (see its not_determined): drawn through "
                       + "the default 60° pinhole; give --fov or --intrinsics for another")
        let fifty = try Rig.apply((loose, "cal.yaml"), given: RigOverrides(camera: .fieldOfView(degrees: 50)), clock: .clip)
        XCTAssertTrue(fifty.notes[0].text.hasSuffix("drawn through a 50° pinhole (--fov)"), fifty.notes[0].text)
        let given = try Rig.apply((loose, "cal.yaml"), given: RigOverrides(camera: .intrinsics(givenCamera, path: "k.yaml")), clock: .clip)
        XCTAssertTrue(given.notes[0].text.hasSuffix("drawn through --intrinsics k.yaml"), given.notes[0].text)

        let noOffset = rig(clock: .clip, undetermined: [.timeOffset])
        XCTAssertThrowsError(try Rig.apply((noOffset, "cal.yaml"), given: RigOverrides(), clock: .clip)) {
            guard case .undetermined(let path, let quantity, _)? = $0 as? RigApplyingError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, "cal.yaml")
            XCTAssertEqual(quantity, .timeOffset)
            XCTAssertTrue("\($0)".hasPrefix("cal.yaml: calibrate did not determine the time offset here"), "\($0)")
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
