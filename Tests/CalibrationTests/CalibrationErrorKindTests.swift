import Calibration
import ExitKinds
import Pixels
import XCTest

/// Calibration's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class CalibrationErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (CalibrationError.clipTooShort(frames: 10, seconds: 0.3), .data, "a clip too short to calibrate"),
            (CalibrationError.noFit(reason: "singular"), .data, "a fit that fails"),
            (CalibrationError.intrinsicsSize(PictureSize(fixedWidth: 640, height: 480), clip: PictureSize(fixedWidth: 1920, height: 1080)), .data, "a camera for other pictures"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
