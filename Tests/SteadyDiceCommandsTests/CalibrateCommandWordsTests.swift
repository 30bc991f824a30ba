import Calibration
import Pixels
import Rig
import RigCalibration
import SteadyDiceCommands
import XCTest

/// `calibrate` says the calibration's refusals with its options: the advice a `CalibrationError` gives as the options that
/// give it (`--lens`, `--intrinsics`), a missing log as `--log`; the rest as the library says it.
final class CalibrateCommandWordsTests: XCTestCase {
    func testEveryAdviceIsAnOption() {
        for advice in CalibrationError.Advice.allCases {
            let option = switch advice {
            case .lensModel: "--lens radial or --lens fisheye"
            case .intrinsics: "--intrinsics"
            }
            XCTAssertEqual(advice.commandLineWords, option)
            XCTAssertFalse(advice.words.contains("--"), advice.words)
        }
    }

    func testTheRefusalsThatAdviseNameTheirOptions() {
        XCTAssertEqual(CalibrationError.tooFewRotationPairs(4).commandLineMessage,
                       "no fit: only 4 frame pairs move as a rotation; turn the camera rather than moving it, or give "
                       + "--lens radial or --lens fisheye if it bends the picture")
        XCTAssertTrue(CalibrationError.unexplained(residualDegreesPerSecond: 30, motionDegreesPerSecond: 35, used: 20, textured: 80)
                        .commandLineMessage.contains("(translation, or a strong lens: give --lens radial or --lens fisheye); no answer is written"))
        XCTAssertEqual(CalibrationError.fieldOfViewUndetermined(degrees: 60, standardErrorPercent: 30, lens: "bent").commandLineMessage,
                       "the field of view is not determined: bent; estimate the lens with --lens radial or --lens fisheye, or give it "
                       + "with --intrinsics (calibrated with OpenCV's tools)")
        let plain = CalibrationError.clipTooShort(frames: 12, seconds: 0.4)
        XCTAssertEqual(plain.commandLineMessage, plain.description, "a refusal that advises no option is said as the library says it")
    }

    func testEveryRigCalibrationRefusalIsWorded() {
        let examples: [RigCalibrationError] = [
            .logNeeded(reason: nil), .logNeeded(reason: "the clip has no motion track"), .tooFewSamples(path: "raw.csv"),
            .intrinsicsSize(path: "k.yaml", size: PictureSize(fixedWidth: 1920, height: 1080), clip: "clip.mp4", clipSize: PictureSize(fixedWidth: 1280, height: 720)),
            .calibration("clip.mp4 and raw.csv", .tooFewRotationPairs(4)),
            .setting(name: "the field of view's first guess", value: 5, unit: "°", limits: 10...170),
        ]
        for error in examples {
            // No default: a new case does not compile until it says what its wording names.
            let option: String? = switch error {
            case .logNeeded: "--log"
            case .calibration: "--lens"
            // A setting out of its limits never reaches the library from calibrate: its options refuse it first.
            case .tooFewSamples, .intrinsicsSize, .setting: nil
            }
            XCTAssertFalse(error.description.contains("--"), error.description)
            if let option {
                XCTAssertTrue(error.commandLineMessage.contains(option), error.commandLineMessage)
            } else {
                XCTAssertEqual(error.commandLineMessage, error.description)
            }
        }
        XCTAssertEqual(RigCalibrationError.calibration("clip.mp4", .tooFewRotationPairs(4)).commandLineMessage,
                       "clip.mp4: " + CalibrationError.tooFewRotationPairs(4).commandLineMessage)
    }
}
