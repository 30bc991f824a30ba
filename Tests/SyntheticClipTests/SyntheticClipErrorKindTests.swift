import ExitKinds
@testable import SyntheticClip
import XCTest

/// SyntheticClip's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class SyntheticClipErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (SyntheticClipError("the lens does not reach a 170° field of view"), .usage, "a clip the lens cannot draw"),
            (CalibrationClipJob.Stopped(frames: 3, total: 10), .interrupted, "stopped by a signal"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
