import ExitKinds
import RecordFolder
import XCTest

/// RecordFolder's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class RecordFolderErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (RigFolderError("imu.csv:1: the header must be 'arrival_s,t,qw,qx,qy,qz'"), .data, "a rig folder that cannot be used"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
