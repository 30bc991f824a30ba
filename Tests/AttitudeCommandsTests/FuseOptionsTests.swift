@testable import AttitudeCommands
import AttitudeMath
import Fusion
import LogLoading
import CommandTestSupport
import XCTest

/// `attitude fuse`'s options in-process: the mode, frame, north and magnetometer correction they give the job, the
/// estimator's parameters set by name, and the combinations refused before any work.
final class FuseOptionsTests: XCTestCase {
    private let required = ["raw.csv", "-o", "out.csv"]

    func testTheOptionsGivenReachTheJob() throws {
        let fuse = try Fuse.parse(required + ["--mode", "9d", "--frame", "xTrueNorthZVertical", "--declination", "3.5", "--mag-offset", "1,-2,3"])
        XCTAssertEqual(fuse.mode, .nineD)
        XCTAssertEqual(fuse.frame, .reference(.xTrueNorthZVertical))
        XCTAssertEqual(fuse.north.declination, 3.5)
        XCTAssertEqual(fuse.magnetometer.correction, .offset(SIMD3(1, -2, 3)))
        XCTAssertEqual(try Fuse.parse(required + ["--mag-calibrate"]).magnetometer.correction, .fit)
        let plain = try Fuse.parse(required + ["--frame", "enu"])
        XCTAssertEqual(plain.magnetometer.correction, .none)
        XCTAssertEqual(plain.frame, .enu)
        XCTAssertNil(plain.mode, "chosen by the log: 9d with a magnetometer")
    }

    func testAMagnetometerCorrectionNeeds9DAndOneWay() {
        assertRefused(Fuse.self, required + ["--mode", "6d", "--mag-calibrate"], saying: "which --mode 6d does not use")
        assertRefused(Fuse.self, required + ["--mode", "6d", "--mag-offset", "1,2,3"], saying: "which --mode 6d does not use")
        assertRefused(Fuse.self, required + ["--mag-offset", "1,2,3", "--mag-calibrate"], saying: "give --mag-offset or --mag-calibrate, not both")
    }

    /// A declination turns magnetic north into true north, and is asked for nothing else.
    func testTheDeclinationAppliesToTrueNorthAlone() {
        assertRefused(Fuse.self, required + ["--frame", "enu", "--declination", "3"],
                      saying: "--declination applies to --frame xTrueNorthZVertical only")
        assertRefused(Fuse.self, required + ["--max-accuracy", "10"],
                      saying: "--max-accuracy applies to --frame xTrueNorthZVertical without --declination")
        assertRefused(Fuse.self, required + ["--frame", "xTrueNorthZVertical", "--declination", "3", "--max-accuracy", "10"],
                      saying: "--max-accuracy applies without --declination")
        assertRefused(Fuse.self, required + ["--frame", "xTrueNorthZVertical", "--declination", "181"],
                      saying: "--declination must be between -180 and 180 degrees")
        assertRefused(Fuse.self, required + ["--frame", "xTrueNorthZVertical", "--max-accuracy", "0"],
                      saying: "--max-accuracy must be a positive number of metres")
        XCTAssertNil(refusal(Fuse.self, required + ["--frame", "xTrueNorthZVertical", "--max-accuracy", "5"]))
    }

    /// Over footage the gyroscope leads in the log's own frame: nothing that chooses a mode, a frame or a correction.
    func testAttitudeOverFootageTakesNoModeFrameOrCorrection() {
        let footage = required + ["--video", "clip.mp4"]
        XCTAssertNil(refusal(Fuse.self, footage + ["--calibration", "cal.yaml"]))
        for (extra, name) in [(["--mode", "9d"], "--mode"), (["--frame", "enu"], "--frame"), (["--status"], "--status"),
                              (["--mag-calibrate"], "--mag-offset or --mag-calibrate")] {
            assertRefused(Fuse.self, footage + extra, saying: "\(name) with --video: the attitude drawn over footage is led by the gyroscope")
        }
        // A declination asks for true north, which --frame would have to name: the north's own check refuses it first.
        assertRefused(Fuse.self, footage + ["--declination", "2"], saying: "--declination applies to --frame xTrueNorthZVertical only")
        assertRefused(Fuse.self, footage + ["--frame", "xTrueNorthZVertical", "--declination", "2"], saying: "--frame with --video")
    }

    /// The picture's camera and whether to hold to it are options of the attitude over footage only, and a field of view
    /// is a physical one.
    func testThePicturesOptionsAreForFootage() throws {
        let footage = required + ["--video", "clip.mp4"]
        let fuse = try Fuse.parse(footage + ["--fov", "50", "--hold-to-picture"])
        XCTAssertEqual(fuse.fieldOfView?.degrees, 50)
        XCTAssertTrue(fuse.holdToPicture)
        XCTAssertFalse(try Fuse.parse(footage).holdToPicture, "the gyroscope's alone unless asked")
        assertRefused(Fuse.self, footage + ["--fov", "50"], saying: "--fov is the camera the picture is read through: give --hold-to-picture")
        assertRefused(Fuse.self, required + ["--hold-to-picture"], saying: "--hold-to-picture is for the attitude drawn over a video: give --video CLIP")
        for fov in ["1", "179", "0", "-5"] {
            assertRefused(Fuse.self, footage + ["--hold-to-picture", "--fov", fov],
                          saying: "'--fov <DEG>': the field of view must be between 1 and 179 degrees (exclusive), not \(fov)")
        }
        XCTAssertNil(refusal(Fuse.self, footage + ["--hold-to-picture", "--fov", "178.5"]))
    }

    /// `--set NAME=VALUE` reaches the estimator's parameters by their names less their units; a bad one is told when the job is made.
    func testTheEstimatorsParametersAreSetByName() throws {
        let fuse = try Fuse.parse(required + ["--set", "magTimeConstant=12", "--set", "restBiasEstimation=false"])
        let parameters = try fuse.estimator.parameters()
        XCTAssertEqual(parameters.magTimeConstantSeconds, 12)
        XCTAssertFalse(parameters.restBiasEstimation)
        XCTAssertEqual(parameters.accTimeConstantSeconds, FusionParameters.default.accTimeConstantSeconds, "the rest as published")
        for (setting, words) in [("magTimeConstant", "--set expects NAME=VALUE"), ("noSuchThing=1", "--set: unknown parameter"),
                                 ("restBiasEstimation=maybe", "--set restBiasEstimation: expected true or false"),
                                 ("magTimeConstant=0x10", "--set")] {
            XCTAssertThrowsError(try Fuse.parse(required + ["--set", setting]).estimator.parameters(), setting) {
                XCTAssertTrue("\($0)".contains(words), "\(setting): \($0)")
            }
        }
    }
}
