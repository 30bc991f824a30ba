import CalibrationFiles
import ExitKinds
import XCTest

/// CalibrationFiles' error says its kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status, and names the file before the reason.
final class CalibrationFilesErrorKindTests: XCTestCase {
    func testAFileThatDoesNotReadIsItsData() {
        let error = CalibrationFileError(path: "cal.yaml", reason: "line 16: time_offset_s: not a number")
        XCTAssertEqual(error.exitKind, .data)
        XCTAssertEqual(error.description, "cal.yaml: line 16: time_offset_s: not a number")
    }
}
