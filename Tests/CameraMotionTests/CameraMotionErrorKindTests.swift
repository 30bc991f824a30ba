import CameraMotion
import ExitKinds
import XCTest

/// CameraMotion's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class CameraMotionErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (GPMFError(offset: 16, message: "truncated"), .data, "a malformed GPMF track"),
            (CameraMotionError(path: "clip.mp4", "the camm track is truncated"), .data, "a motion track that cannot be read"),
            (CameraMotionError(path: "clip.mp4", "no gpmd or camm track", noTrack: true), .data, "a video with no motion track"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
