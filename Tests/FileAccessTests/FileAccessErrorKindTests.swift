import ExitKinds
import FileAccess
import XCTest

/// FileAccess's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class FileAccessErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (FileReadError(line: 2, "the line is too long"), .data, "a line past the limit"),
            (FileAccessError(path: "absent.csv", "no such file"), .noInput, "a missing input"),
            (FileAccessError(output: "out/x.png", "the folder out does not exist"), .ioError, "an output that cannot be written"),
            (FileAccessError(refusedOutput: "out.yaml", "is a symbolic link to notes.txt"), .cannotCreate, "an output never replaced"),
            (FileAccessError(output: "", "an empty path"), .usage, "an empty path given for an output"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
