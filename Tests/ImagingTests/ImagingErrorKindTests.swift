import ExitKinds
import Imaging
import XCTest

/// Imaging's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class ImagingErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (ImagingError.unwritableImage(path: "x.png", reason: "disk full"), .ioError, "a picture that could not be written"),
            (ImagingError.video(path: "clip.mkv", reason: "has no frame 9"), .data, "a video without the frame asked for"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
