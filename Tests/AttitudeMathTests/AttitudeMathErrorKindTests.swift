import AttitudeMath
import ExitKinds
import XCTest

/// AttitudeMath's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class AttitudeMathErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (AttitudeMathError.invalidQuaternion("[0, 0, 0, 0] has length 0.0"), .data, "a quaternion that is no attitude"),
            (AttitudeMathError.singularMatrix, .data, "a matrix with no inverse"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
