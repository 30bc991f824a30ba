import ExitKinds
import Pixels
@testable import Scene
import XCTest

/// Scene's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class SceneErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() throws {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (DrawingSettingsError.timeOffsetOutOfRange(limitSeconds: 10), .usage, "a time offset past the limit"),
            (DrawingSettingsError.noRoomForTheHUD(size: try PictureSize(width: 16, height: 16), above: .die,
                                                  smallest: try PictureSize(width: 320, height: 240)), .usage, "no room for the HUD"),
            (DrawingSettingsError.anchorOriginWithoutAnchor, .usage, "an anchor origin alone"),
            (DrawingSettingsError.lookOutsideTheLog(time: 9, log: "a.csv", duration: 5), .usage, "a look outside the log"),
            (DrawingSettingsError.lookOverAFixedWorld, .usage, "a look over a fixed attitude"),
            (DrawingRequestError.startPastTheLog(time: 9, log: "a.csv", duration: 5), .usage, "a start past the log"),
            (DrawingRequestError.timeOutsideTheLog(time: 9, log: "a.csv", duration: 5), .usage, "a time outside the log"),
            (DrawingRequestError.tooManyFrames(start: 0, end: 1e9, framesPerSecond: 1e6, count: 1e15), .usage, "too many frames"),
            (DrawingRequestError.noFrames(start: 1, end: 1, framesPerSecond: 30), .usage, "no frames"),
            (TooManyFrames(count: 1e12), .usage, "more frames than a clock steps"),
            (LogVideoRenderStopped(framesWritten: 3, frameCount: 10), .interrupted, "stopped by a signal"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
