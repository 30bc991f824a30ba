import Calibration
import ExitKinds
import Pixels
import RigCalibration
import XCTest

/// RigCalibration's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class RigCalibrationErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (RigCalibrationError.logNeeded(reason: nil), .usage, "no log given for a clip that carries none"),
            (RigCalibrationError.tooFewSamples(path: "raw.csv"), .data, "a log too short"),
            (RigCalibrationError.intrinsicsSize(path: "cal.yaml", size: PictureSize(fixedWidth: 640, height: 480), clip: "clip.mp4", clipSize: PictureSize(fixedWidth: 1920, height: 1080)), .data, "a camera for other pictures"),
            (RigCalibrationError.calibration("clip.mp4", .clipTooShort(frames: 10, seconds: 0.3)), .data, "a fit that fails says the fit's kind"),
            (RigCalibrationError.setting(name: "the offsets' search range", value: 0, unit: " s", limits: 0.01...3600), .usage,
             "a setting outside its limits"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
