import ArgumentParser
import CommandLineSupport
import ExitKinds
import Foundation
import LogLoading
import RawLog
import XCTest

/// The one exit-status table: each kind of error maps to its sysexits.h value, whichever library threw it. Each
/// library's test target checks the kind its errors say (`RigErrorKindTests`, `FileAccessErrorKindTests`, ...).
final class ExitStatusTests: XCTestCase {
    /// A library's error that says `kind`.
    private struct Said: Error, ErrorWithExitKind {
        let exitKind: ExitKind
    }

    /// An error that says no kind, as none of this package's do.
    private struct Silent: Error {}

    func testEachKindOfErrorHasItsStatus() {
        let cases: [(Error, ExitStatus, String)] = [
            (ValidationError("--fps must be a positive number"), .usage, "a refused command line"),
            (CommandFailure("stopped by a signal", status: .interrupted), .interrupted, "a command's own status"),
            (CocoaError(.fileWriteOutOfSpace), .ioError, "Foundation's I/O errors"),
            (RawLogError(path: "raw.csv", line: 3, "not a number"), .data, "a malformed log line"),
            (Silent(), .data, "an error that says no kind"),
        ] + ExitKind.allCases.map { (Said(exitKind: $0), ExitStatus($0), "a library's error that says \($0)") }
        for (error, status, what) in cases {
            XCTAssertEqual(ExitStatus.of(error), status, what)
        }
    }

    /// Each kind a library's error can say is one status, and no two kinds share one.
    func testEachExitKindIsOneStatus() {
        let statuses: [ExitKind: ExitStatus] = [.usage: .usage, .data: .data, .noInput: .noInput, .unavailable: .unavailable,
                                                .cannotCreate: .cannotCreate, .ioError: .ioError, .interrupted: .interrupted]
        XCTAssertEqual(Set(statuses.keys), Set(ExitKind.allCases))
        for (kind, status) in statuses { XCTAssertEqual(ExitStatus(kind), status, "\(kind)") }
    }

    /// The values are sysexits.h's, and 1 is kept for compare's negative answer only.
    func testTheTableIsSysexits() {
        XCTAssertEqual(ExitStatus.allCases.map(\.rawValue), [0, 1, 64, 65, 66, 69, 73, 74, 130])
    }

    /// Where a library value stands for an option, the command line names the option.
    func testLibraryErrorsAreToldWithTheirOptions() {
        XCTAssertEqual(commandLineMessage(for: MagnetometerCorrectionError.noMagnetometer(path: "raw.csv", fit: false)),
                       "raw.csv: --mag-offset needs magnetometer samples, and the log has none")
        XCTAssertEqual(commandLineMessage(for: MagnetometerCorrectionError.attitudeLog(path: "a.csv")),
                       "a.csv: --mag-offset and --mag-calibrate apply to raw IMU logs, and this is an attitude log")
        XCTAssertEqual(commandLineMessage(for: RawLogError(path: "raw.csv", line: 3, "not a number")), "raw.csv:3: not a number")
    }
}
