import ExitKinds
import LogLoading
import XCTest

/// LogLoading's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class LogLoadingErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (MagnetometerCorrectionError.attitudeLog(path: "a.csv"), .usage, "a correction asked of an attitude log"),
            (MagnetometerCorrectionError.noMagnetometer(path: "raw.csv", fit: true), .data, "a raw log without a magnetometer"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
