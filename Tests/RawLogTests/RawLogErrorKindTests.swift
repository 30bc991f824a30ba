import ExitKinds
import RawLog
import XCTest

/// RawLog's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class RawLogErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (RawLogError(path: "raw.csv", line: 3, column: "gx", "not a number"), .data, "a malformed raw log"),
            (HardIronCalibration.FitError.notEnoughRotation(coverage: 0.05), .data, "samples that do not determine an offset"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
