import ExitKinds
@testable import RenderBenchmarks
import XCTest

/// RenderBenchmarks's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class RenderBenchmarksErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (RenderBenchmark.Stopped(framesWritten: 3, frameCount: 10), .interrupted, "stopped by a signal"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
