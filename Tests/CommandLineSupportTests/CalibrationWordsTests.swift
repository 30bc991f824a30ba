import AttitudeMath
import Camera
import CommandLineSupport
import Foundation
import Pixels
import Rig
import XCTest

/// What applying a calibration says and refuses, as the command line words it: Rig gives the facts (`RigNote`,
/// `RigRefusal`, `RigApplyingError`) and these words name the options to give.
final class CalibrationWordsTests: XCTestCase {
    private let camera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 40, size: PictureSize(fixedWidth: 320, height: 240)))

    func testAnOptionGivenForWhatTheFileDeterminesIsNamed() {
        let mount = RigApplyingError.givenTwice(path: "cal.yaml", given: RigOverrides(mount: .imudsOwnForm), field: .mount)
        XCTAssertEqual(commandLineMessage(for: mount), "--calibration and --mount: give one of them (the calibration file has the camera "
                       + "matrix, the mount and the time offset; only what it leaves undetermined may be given)")
        let options = [(RigOverrides(timeOffsetSeconds: 0.1), RigOverrides.Field.timeOffset, "--time-offset"),
                       (RigOverrides(camera: .fieldOfView(FieldOfView(fixedDegrees: 50))), .camera, "--fov"),
                       (RigOverrides(camera: .intrinsics(camera, source: "k.yaml")), .camera, "--intrinsics")]
        for (given, field, option) in options {
            XCTAssertEqual(commandLineOption(for: field, of: given), option)
            XCTAssertTrue(commandLineMessage(for: RigApplyingError.givenTwice(path: "cal.yaml", given: given, field: field))
                .hasPrefix("--calibration and \(option): give one of them"))
        }
    }

    /// Each refusal says what to give instead of the file, with its offset.
    func testARefusalSaysWhatToGiveInstead() {
        XCTAssertEqual(commandLineMessage(for: RigApplyingError.undetermined(path: "cal.yaml", quantity: .timeOffset, refusal: .timeOffsetUndetermined)),
                       "cal.yaml: calibrate did not determine the time offset here (see its not_determined): give --intrinsics and --mount "
                       + "from this file's values with --time-offset instead of --calibration")
        XCTAssertEqual(commandLineMessage(for: RigApplyingError.undetermined(path: "cal.yaml", quantity: .camera, refusal: .onlyTimeOffset(seconds: 0.25))),
                       "cal.yaml: calibrate determined only the time offset (0.25 s) here, not the camera or the mount (see its warning or "
                       + "not_determined); give --time-offset 0.25 with --fov or --intrinsics and --mount instead")
        XCTAssertEqual(commandLineText(for: RigRefusal.mountUndetermined(timeOffsetSeconds: 0.25)),
                       "calibrate did not determine the mount here (see its not_determined): give --intrinsics with this file, "
                       + "--time-offset 0.25 and --mount instead of --calibration")
        XCTAssertEqual(commandLineText(for: RigRefusal.fieldOfViewUndetermined(timeOffsetSeconds: 0.25)),
                       "calibrate did not determine the field of view here (see its not_determined); give --intrinsics or --fov with "
                       + "--time-offset 0.25 and --mount instead")
    }

    /// How what a file leaves undetermined is drawn names the option that drew it, or the one to give.
    func testANoteNamesTheOptionsThatDrawWhatTheFileLeavesOut() {
        XCTAssertEqual(commandLineText(for: RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .none))),
                       "cal.yaml: calibrate did not determine the camera (see its not_determined): drawn through the default 60° pinhole; "
                       + "give --fov or --intrinsics for another")
        XCTAssertTrue(commandLineText(for: RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .fieldOfView(FieldOfView(fixedDegrees: 50)))))
            .hasSuffix("drawn through a 50° pinhole (--fov)"))
        XCTAssertTrue(commandLineText(for: RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .intrinsics(camera, source: "k.yaml"))))
            .hasSuffix("drawn through --intrinsics k.yaml"))
        XCTAssertTrue(commandLineText(for: RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .rotation(.identity))))
            .contains("drawn with --mount 1,0,0,0"))
        XCTAssertEqual(commandLineText(for: RigNote(.cameraFromLensProfile(path: "cal.yaml", profile: "the lens"))),
                       "cal.yaml: calibrate did not determine the camera (see its not_determined): drawn through the lens; "
                       + "give --fov or --intrinsics for another")
        XCTAssertEqual(commandLineText(for: RigNote(.cameraFromLensProfile(path: nil, profile: "the lens"))),
                       "camera: the lens; give --fov or --intrinsics for another")
        XCTAssertEqual(commandLineText(for: RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .imudsOwnForm))),
                       "cal.yaml: calibrate did not determine the mount (see its not_determined): drawn with the --mount given")
        XCTAssertEqual(commandLineText(for: RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .none))),
                       "cal.yaml: calibrate did not determine the mount (see its not_determined): drawn with the IMU's axes as the camera's "
                       + "(identity, as a video's own motion track has them); give --mount for another")
        XCTAssertEqual(commandLineText(for: RigNote(.mountAxesUndetermined(path: "cal.yaml", axes: [.y, .z]))),
                       "cal.yaml: calibrate did not determine the mount about the camera's y and z (see its not_determined): drawn with no "
                       + "turn about them")
    }

    /// The offsets: a clip's on a live source says how to give the live one; the others say no option.
    func testAnOffsetOfTheOtherClockSaysHowToGiveOne() {
        XCTAssertEqual(commandLineText(for: RigNote(.clipOffsetNotForLive(path: "cal.yaml", seconds: 0.25))),
                       "cal.yaml's time offset of 250.0 ms pairs its clip with its log, not live imud with this camera: not applied (give the "
                       + "live one with --time-offset, calibrate a `record` folder, or find it with [ and ])")
        XCTAssertEqual(commandLineText(for: RigNote(.liveOffsetNotForAClip(path: "cal.yaml", seconds: 0.25))),
                       "cal.yaml's time offset of 250.0 ms is a live rig's (time_offset_clock: live): it pairs imud's arrival times with the "
                       + "camera's, not a clip with a log, so it is not applied here")
        XCTAssertEqual(commandLineText(for: RigNote(.liveOffsetApplied(path: "cal.yaml", seconds: 0.25))),
                       "time offset +250.0 ms from cal.yaml (this rig's live clocks): the frame timed t shows the attitude imud delivered at "
                       + "t +250.0 ms; [ and ] adjust it")
    }

    /// A log that would start before its first sample over a video says which option starts the video later.
    func testAStartBeforeTheLogNamesTheVideosStart() {
        XCTAssertEqual(commandLineMessage(for: TimelineError.logStartsBeforeItsFirstSample(timeOffsetSeconds: -0.5, logTime: -0.5, hasVideo: true)),
                       "a time offset of -0.5 s starts the log at -0.500 s, before its first sample; start the video 0.5 s later (--video-at 0.5)")
        XCTAssertEqual(commandLineMessage(for: TimelineError.logStartsBeforeItsFirstSample(timeOffsetSeconds: -0.5, logTime: -0.5, hasVideo: false)),
                       "a time offset of -0.5 s starts the log at -0.500 s, before its first sample; without a video the picture starts at "
                       + "time 0, so the offset must be 0 or more")
    }
}
