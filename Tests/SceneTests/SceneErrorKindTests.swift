import ExitKinds
@testable import Scene
import XCTest

/// Scene's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class SceneErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (TooManyFrames(count: 1e12), .usage, "more frames than a clock steps"),
            (LogVideoRenderStopped(framesWritten: 3, frameCount: 10), .interrupted, "stopped by a signal"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
