import ExitKinds
import Fusion
import XCTest

/// Fusion's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class FusionErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (FusionError.unsupportedFrame(.reference(.xMagneticNorthZVertical), .sixD), .usage, "a frame the mode cannot report"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
