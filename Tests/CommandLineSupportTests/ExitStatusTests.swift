import ArgumentParser
import CommandLineSupport
import ExitKinds
import LogLoading
import Rig
import Workers
import FusionJobs
import FileAccess
import Foundation
import IMUD
import Imaging
import LiveRig
import RawLog
import XCTest

/// The one exit-status table: each kind of error maps to its sysexits.h value, whichever library threw it.
final class ExitStatusTests: XCTestCase {
    func testEachKindOfErrorHasItsStatus() {
        let cases: [(Error, ExitStatus, String)] = [
            (ValidationError("--fps must be a positive number"), .usage, "a refused command line"),
            (TimelineError.videoTimeBeforeStart(logTime: 0, offset: 1, videoTime: -1), .usage, "a time the options cannot show"),
            (RigApplyingError.givenTwice(path: "cal.yaml", given: RigOverrides(mountGiven: true), field: .mount), .usage,
             "an option given for what a calibration determines"),
            (RigApplyingError.undetermined(path: "cal.yaml", quantity: .timeOffset, refusal: .timeOffsetUndetermined), .data, "a calibration that cannot serve"),
            (TimeOffsetError.noClock, .usage, "an offset given a source with no clock"),
            (MagnetometerCorrectionError.attitudeLog(path: "a.csv"), .usage, "a correction asked of an attitude log"),
            (MagnetometerCorrectionError.noMagnetometer(path: "raw.csv", fit: true), .data, "a raw log without a magnetometer"),
            (RawLogError(path: "raw.csv", line: 3, "not a number"), .data, "a malformed log line"),
            (FileReadError(line: 2, "the line is too long"), .data, "a line past the limit"),
            (FileAccessError(path: "absent.csv", "no such file"), .noInput, "a missing input"),
            (FileAccessError(output: "out/x.png", "the folder out does not exist"), .ioError, "an output that cannot be written"),
            (FileAccessError(refusedOutput: "out.yaml", "is a symbolic link to notes.txt"), .cannotCreate, "an output never replaced"),
            (ImagingError.unwritableImage(path: "x.png", reason: "disk full"), .ioError, "a picture that could not be written"),
            (ImagingError.video(path: "clip.mkv", reason: "has no frame 9"), .data, "a video without the frame asked for"),
            (IMUDError("no valid imud packet"), .unavailable, "imud silent"),
            (UnavailableError("no display"), .unavailable, "no display, no camera"),
            (RigSessionError.unavailable("no camera frame"), .unavailable, "a live rig without a source"),
            (FileAccessError(output: "", "an empty path"), .usage, "an empty path given for an output"),
            (CommandFailure("stopped by a signal", status: .interrupted), .interrupted, "a command's own status"),
            (CocoaError(.fileWriteOutOfSpace), .ioError, "Foundation's I/O errors"),
        ]
        for (error, status, what) in cases {
            XCTAssertEqual(ExitStatus.of(error), status, what)
        }
    }

    /// Each kind a library's error can say is one status, and no two kinds share one.
    func testEachExitKindIsOneStatus() {
        let statuses: [ExitKind: ExitStatus] = [.usage: .usage, .data: .data, .noInput: .noInput, .unavailable: .unavailable,
                                                .cannotCreate: .cannotCreate, .ioError: .ioError]
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
