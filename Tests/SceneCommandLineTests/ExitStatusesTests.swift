import Camera
import CommandLineSupport
import Scene
import SceneCommandLine
import XCTest

/// The frame pipeline's errors in the one exit-status table: each says its kind in Scene (`ErrorWithExitKind`), and
/// the table, which links nothing that draws, turns the kind into the status.
final class ExitStatusesTests: XCTestCase {
    func testTheFramePipelinesRefusalsAreUsageErrors() {
        let cases: [(Error, ExitStatus, String)] = [
            (DrawingSettingsError.anchorOriginWithoutAnchor, .usage, "options that cannot draw"),
            (AnchorError.distance(0.5), .usage, "an anchor out of range"),
            (FieldOfViewError(degrees: 200), .usage, "a field of view out of range"),
            (DrawingRequestError.timeOutsideTheLog(time: 3, log: "a.csv", duration: 2), .usage, "a time the log does not hold"),
            (DrawingRequestError.tooManyFrames(start: 0, end: 2, framesPerSecond: 1e9, count: 2e9), .usage, "too many frames"),
        ]
        for (error, status, what) in cases {
            XCTAssertEqual(ExitStatus.of(error), status, what)
        }
    }
}
