@testable import AttitudeLog
import ExitKinds
import XCTest

/// AttitudeLog's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class AttitudeLogErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (AttitudeLogError(path: "log.csv", reason: .unreadable("cannot read the file: it is not UTF-8 text")), .data, "a log that cannot be read as one"),
            (AttitudeLogError(path: "rec", reason: .notARecording("no orientation file")), .data, "a folder that is no recording"),
            (AttitudeLogError(path: "out.csv", reason: .unwritable("no such folder")), .ioError, "a log that cannot be written"),
            (AttitudeLogError(path: "log.csv", line: 3, column: 2, reason: .malformedNumber(column: "qw", text: "x")), .data, "a malformed log line"),
            (AttitudeLogError(path: "log.csv", reason: .noDataRows), .data, "a log without data"),
            (PlaybackError.invalidSpeed(0), .usage, "a playback speed refused"),
            (FrameConversionError(message: "a.csv: the log names no frame, so it cannot be converted"), .data, "a log that cannot be given in the frame asked"),
            (AttitudeViewsTable.NotFinite(t: 1.5), .data, "views that are not numbers"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
