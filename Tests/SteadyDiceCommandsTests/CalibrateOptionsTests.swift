import Calibration
import CommandTestSupport
import Recording
import RigCalibration
import SteadyDiceCommands
import XCTest

/// `steady-dice calibrate`'s options in-process: the calibrator they set up (the search range, the field of view to
/// start from, the lens to estimate, the readout, the platform), the files they read, and what they refuse before any work.
final class CalibrateOptionsTests: XCTestCase {
    func testARecordFolderAloneTakesTheCalibratorsDefaults() throws {
        let options = try CalibrateOptions.parse(["rec/"])
        let calibrator = options.calibrator()
        XCTAssertNil(calibrator.searchRangeSeconds, "every offset at which the clip lies inside the log")
        XCTAssertEqual(calibrator.verticalFieldOfViewGuessDegrees, 60)
        XCTAssertNil(calibrator.lensModel, "the lens chosen by the clip (fisheye for a GoPro's own track, else pinhole)")
        XCTAssertNil(calibrator.intrinsicsPath)
        XCTAssertTrue(calibrator.fitsReadout)
        XCTAssertFalse(calibrator.startsFromLensProfile, "a lens profile is drawing's start, not calibrate's, unless asked")
        XCTAssertNil(calibrator.platform)
        XCTAssertEqual(options.inputs, ["rec/"])
    }

    /// `--from-lens-profile` starts from the profile of the camera the video names; a lens estimated or known is another start.
    func testALensProfileIsAStartAskedFor() throws {
        XCTAssertTrue(try CalibrateOptions.parse(["--video", "clip.mp4", "--from-lens-profile"]).calibrator().startsFromLensProfile)
        assertRefused(CalibrateOptions.self, ["--video", "clip.mp4", "--from-lens-profile", "--lens", "fisheye"], saying: "--from-lens-profile", "--lens")
        assertRefused(CalibrateOptions.self, ["--video", "clip.mp4", "--from-lens-profile", "--intrinsics", "c.yaml"],
                      saying: "--from-lens-profile", "--intrinsics")
    }

    func testTheOptionsGivenReachTheCalibrator() throws {
        let options = try CalibrateOptions.parse(["--video", "clip.mp4", "--log", "raw.csv", "--fov-guess", "75", "--max-offset", "2.5",
                                                  "--lens", "fisheye", "--no-readout", "--platform", "ios", "-o", "cal.yaml"])
        let calibrator = options.calibrator()
        XCTAssertEqual(calibrator.searchRangeSeconds, 2.5)
        XCTAssertEqual(calibrator.verticalFieldOfViewGuessDegrees, 75)
        XCTAssertEqual(calibrator.lensModel, .fisheye)
        XCTAssertFalse(calibrator.fitsReadout)
        XCTAssertEqual(calibrator.platform, .ios)
        XCTAssertEqual(options.inputs, ["clip.mp4", "raw.csv"], "the output may replace neither")
        XCTAssertEqual(try CalibrateOptions.parse(["rec/", "--lens", "radial"]).calibrator().lensModel, .radial)
        XCTAssertEqual(try CalibrateOptions.parse(["rec/", "--lens", "pinhole"]).calibrator().lensModel, .pinhole)
    }

    /// A known camera is read, not estimated: its file is an input, and the pinhole (no lens to estimate) goes with it.
    func testAKnownCameraIsAnInputAndTakesNoLensToEstimate() throws {
        let options = try CalibrateOptions.parse(["--video", "clip.mp4", "--log", "raw.csv", "--intrinsics", "camera.yaml"])
        XCTAssertEqual(options.calibrator().intrinsicsPath, "camera.yaml")
        XCTAssertEqual(options.inputs, ["clip.mp4", "raw.csv", "camera.yaml"])
        XCTAssertNil(refusal(CalibrateOptions.self, ["rec/", "--intrinsics", "camera.yaml", "--lens", "pinhole"]))
        assertRefused(CalibrateOptions.self, ["rec/", "--intrinsics", "camera.yaml", "--lens", "fisheye"], saying: "--lens", "--intrinsics")
    }

    func testTheClipAndItsLogAreGivenOneWay() {
        assertRefused(CalibrateOptions.self, [], saying: "give a folder `steady-dice record` wrote, or --video CLIP")
        assertRefused(CalibrateOptions.self, ["rec/", "--video", "clip.mp4"], saying: "give a folder `steady-dice record` wrote, or --video CLIP")
        assertRefused(CalibrateOptions.self, ["rec/", "--log", "raw.csv"], saying: "--log with a record folder")
        XCTAssertNil(refusal(CalibrateOptions.self, ["--video", "clip.mp4"]), "a clip that carries its own log")
    }

    func testNumbersOutOfRangeAreRefusedNamingTheirOption() {
        // The starting guess must lie within the fields of view the fit takes (10° to 170°).
        assertRefused(CalibrateOptions.self, ["rec/", "--fov-guess", "9.9"], saying: "--fov-guess must be from 10 to 170 degrees")
        assertRefused(CalibrateOptions.self, ["rec/", "--fov-guess", "170.1"], saying: "--fov-guess must be from 10 to 170 degrees")
        XCTAssertNil(refusal(CalibrateOptions.self, ["rec/", "--fov-guess", "10"]))
        XCTAssertNil(refusal(CalibrateOptions.self, ["rec/", "--fov-guess", "170"]))
        assertRefused(CalibrateOptions.self, ["rec/", "--max-offset", "0.001"], saying: "--max-offset must be a number of seconds from 0.01")
        assertRefused(CalibrateOptions.self, ["rec/", "--max-offset", "1e9"], saying: "--max-offset must be a number of seconds from 0.01")
        XCTAssertNil(refusal(CalibrateOptions.self, ["rec/", "--max-offset", "0.01"]))
    }

    func testAnUnknownLensOrOutputIsRefused() {
        assertRefused(CalibrateOptions.self, ["rec/", "--lens", "barrel"], saying: "--lens", "barrel", "pinhole", "radial", "fisheye")
        assertRefused(CalibrateOptions.self, ["rec/", "-o", "cal.json"], saying: "--output must name a .yaml, .yml or .xml file")
        XCTAssertNil(refusal(CalibrateOptions.self, ["rec/", "-o", "cal.XML"]), "the extension in any case")
    }

    /// The library's error names the option that would give what it misses.
    func testTheLibrarysErrorIsToldWithItsOption() {
        XCTAssertTrue(RigCalibrationError.logNeeded(reason: nil).commandLineMessage.hasPrefix("--log is needed: the IMU's raw log of the clip's minutes"))
        XCTAssertEqual(RigCalibrationError.logNeeded(reason: "the clip has no motion track").commandLineMessage,
                       "--log is needed: the clip has no motion track")
        let tooFew = RigCalibrationError.tooFewSamples(path: "raw.csv")
        XCTAssertEqual(tooFew.commandLineMessage, tooFew.description)
    }
}
