import ExitKinds
import IMUD
import XCTest

/// IMUD's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class IMUDErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (IMUDError("no valid imud packet"), .unavailable, "imud silent"),
            (IMUDFieldError(field: "version", value: "15", expected: "14 or 17"), .usage, "a field's value the caller gave"),
            (IMUDDropReason.badCRC, .unavailable, "a datagram imud sent that cannot be used"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
