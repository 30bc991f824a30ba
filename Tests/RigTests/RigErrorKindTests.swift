import ExitKinds
@testable import Rig
import XCTest

/// Rig's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class RigErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (TimelineError.videoTimeBeforeStart(logTime: 0, timeOffsetSeconds: 1, videoTime: -1), .usage, "a time the options cannot show"),
            (RigApplyingError.givenTwice(path: "cal.yaml", given: RigOverrides(mount: .imudsOwnForm), field: .mount), .usage, "an option given for what a calibration determines"),
            (RigApplyingError.undetermined(path: "cal.yaml", quantity: .timeOffset, refusal: .timeOffsetUndetermined), .data, "a calibration that cannot serve"),
            (TimeOffsetError.noClock, .usage, "an offset given a source with no clock"),
            (LogMissesTheVideo(log: "log.csv", video: "clip.mp4", logStart: 20, logEnd: 30, videoEnd: 10, timeOffsetSeconds: -20), .data,
             "a log and a video that do not overlap"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
