import Scene
import XCTest

/// The one time rule, log time = video time + offset, as every command asks it (`Timeline`).
final class TimelineTests: XCTestCase {
    func testLogAndVideoTimeDifferByTheOffset() {
        let timeline = Timeline(offset: 0.25, hasVideo: true)
        XCTAssertEqual(timeline.logTime(videoTime: 1), 1.25)
        XCTAssertEqual(timeline.videoTime(logTime: 1.25), 1)
    }

    /// `snapshot --at` and `render --from` default to the video's first frame when the video follows the
    /// log and the offset is positive, else to the log's first sample.
    func testTheDefaultStartIsTheVideosFirstFrame() {
        XCTAssertEqual(Timeline(offset: 0.4, hasVideo: true).defaultLogStart, 0.4)
        XCTAssertEqual(Timeline(offset: -0.4, hasVideo: true).defaultLogStart, 0)
        XCTAssertEqual(Timeline(offset: 0.4, hasVideo: false).defaultLogStart, 0, "no video: the log's start")
        XCTAssertEqual(Timeline(offset: 0.4, hasVideo: true, pinnedVideoStart: 2).defaultLogStart, 0, "--frame/--video-at place the video")
    }

    /// A log-driven picture shows the video at log time − offset, and refuses a time before the video.
    func testAFollowingVideoIsShownAtLogTimeMinusTheOffset() throws {
        let timeline = Timeline(offset: 0.5, hasVideo: true)
        XCTAssertEqual(try timeline.followingVideoTime(logTime: 2), 1.5)
        XCTAssertThrowsError(try timeline.followingVideoTime(logTime: 0.2)) { error in
            XCTAssertEqual(error as? TimelineError, .videoTimeBeforeStart(logTime: 0.2, offset: 0.5, videoTime: 0.2 - 0.5))
        }
        XCTAssertNil(try Timeline(offset: 0.5, hasVideo: true, pinnedVideoStart: 1).followingVideoTime(logTime: 0.2))
        XCTAssertNil(try Timeline(offset: 0.5).followingVideoTime(logTime: 0.2))
    }

    /// `run` starts playing at the log time of the video's first frame shown; one before the log's first
    /// sample is refused, saying whether a later video start would do.
    func testPlaybackStartsAtTheFirstFramesLogTime() throws {
        XCTAssertEqual(try Timeline(offset: 0).playbackStart(), 0)
        XCTAssertEqual(try Timeline(offset: 0.3, hasVideo: true).playbackStart(), 0.3)
        XCTAssertEqual(try Timeline(offset: -0.3, hasVideo: true, pinnedVideoStart: 1).playbackStart(), 0.7, accuracy: 1e-12)
        XCTAssertThrowsError(try Timeline(offset: -0.3, hasVideo: true).playbackStart()) { error in
            XCTAssertEqual(error as? TimelineError, .logStartsBeforeItsFirstSample(offset: -0.3, logTime: -0.3, hasVideo: true))
            XCTAssertTrue("\(error)".contains("start the video 0.3 s later"), "\(error)")
        }
        XCTAssertThrowsError(try Timeline(offset: -0.3).playbackStart()) { error in
            XCTAssertTrue("\(error)".contains("the offset must be 0 or more"), "\(error)")
        }
    }
}
