import CSVText
import ExitKinds
import XCTest

/// CSVText's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class CSVTextErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (OptionValueError("expected w,x,y,z"), .usage, "an option value refused"),
            (CSVRowError(line: 3, expected: 2, found: 1, missingColumn: "b"), .data, "a row shorter than the header"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
