import Rig
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

    /// The offset of a log over a video: one given (`--time-offset`, a clip calibration's) wins; else a video's own
    /// track is put on its video (minus its first sample's video time, late or early); else 0. `run` then starts a video
    /// whose own track starts late at the frame the track's first sample shows.
    func testAGivenOffsetWinsElseAVideosOwnTrackTakesItsStart() {
        XCTAssertEqual(Timeline.offset(given: 0.3, logIsTheVideo: true, trackStart: 1.5), 0.3)
        XCTAssertEqual(Timeline.offset(given: nil, logIsTheVideo: true, trackStart: 1.5), -1.5)
        XCTAssertEqual(Timeline.offset(given: nil, logIsTheVideo: true, trackStart: -0.2), 0.2)
        XCTAssertEqual(Timeline.offset(given: nil, logIsTheVideo: false, trackStart: 1.5), 0)
        XCTAssertEqual(Timeline.offset(given: nil, logIsTheVideo: true, trackStart: .nan), 0)
        XCTAssertEqual(Timeline.playbackVideoStart(offset: -1.5), 1.5)
        XCTAssertNil(Timeline.playbackVideoStart(offset: 0.2))
        XCTAssertNil(Timeline.playbackVideoStart(offset: 0))
    }
}
