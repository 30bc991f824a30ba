import Camera
import ExitKinds
import XCTest

/// Camera's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class CameraErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (LensError("a distortion coefficient is not finite"), .data, "coefficients that make no lens"),
            (AnchorError.distance(0.5), .usage, "an anchor placed too near"),
            (AnchorError.elevation(91), .usage, "an anchor above the zenith"),
            (FieldOfViewError(degrees: 180), .usage, "a field of view no camera has"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
