import Rig
import XCTest

/// The one time rule, log time = video time + offset, as every command asks it (`Timeline`).
final class TimelineTests: XCTestCase {
    func testLogAndVideoTimeDifferByTheOffset() {
        let timeline = Timeline(timeOffsetSeconds: 0.25, hasVideo: true)
        XCTAssertEqual(timeline.logTime(videoTime: 1), 1.25)
        XCTAssertEqual(timeline.videoTime(logTime: 1.25), 1)
    }

    /// `snapshot --at` and `render --from` default to the video's first frame when the video follows the
    /// log and the offset is positive, else to the log's first sample.
    func testTheDefaultStartIsTheVideosFirstFrame() {
        XCTAssertEqual(Timeline(timeOffsetSeconds: 0.4, hasVideo: true).defaultLogStart, 0.4)
        XCTAssertEqual(Timeline(timeOffsetSeconds: -0.4, hasVideo: true).defaultLogStart, 0)
        XCTAssertEqual(Timeline(timeOffsetSeconds: 0.4, hasVideo: false).defaultLogStart, 0, "no video: the log's start")
        XCTAssertEqual(Timeline(timeOffsetSeconds: 0.4, hasVideo: true, pinnedVideoStart: 2).defaultLogStart, 0, "--frame/--video-at place the video")
    }

    /// A log-driven picture shows the video at log time − offset, and refuses a time before the video.
    func testAFollowingVideoIsShownAtLogTimeMinusTheOffset() throws {
        let timeline = Timeline(timeOffsetSeconds: 0.5, hasVideo: true)
        XCTAssertEqual(try timeline.followingVideoTime(logTime: 2), 1.5)
        XCTAssertThrowsError(try timeline.followingVideoTime(logTime: 0.2)) { error in
            XCTAssertEqual(error as? TimelineError, .videoTimeBeforeStart(logTime: 0.2, timeOffsetSeconds: 0.5, videoTime: 0.2 - 0.5))
        }
        XCTAssertNil(try Timeline(timeOffsetSeconds: 0.5, hasVideo: true, pinnedVideoStart: 1).followingVideoTime(logTime: 0.2))
        XCTAssertNil(try Timeline(timeOffsetSeconds: 0.5).followingVideoTime(logTime: 0.2))
    }

    /// `run` starts playing at the log time of the video's first frame shown; one before the log's first
    /// sample is refused, saying whether a later video start would do.
    func testPlaybackStartsAtTheFirstFramesLogTime() throws {
        XCTAssertEqual(try Timeline(timeOffsetSeconds: 0).playbackStart(), 0)
        XCTAssertEqual(try Timeline(timeOffsetSeconds: 0.3, hasVideo: true).playbackStart(), 0.3)
        XCTAssertEqual(try Timeline(timeOffsetSeconds: -0.3, hasVideo: true, pinnedVideoStart: 1).playbackStart(), 0.7, accuracy: 1e-12)
        XCTAssertThrowsError(try Timeline(timeOffsetSeconds: -0.3, hasVideo: true).playbackStart()) { error in
            XCTAssertEqual(error as? TimelineError, .logStartsBeforeItsFirstSample(timeOffsetSeconds: -0.3, logTime: -0.3, hasVideo: true))
            XCTAssertTrue("\(error)".contains("start the video 0.3 s later"), "\(error)")
        }
        XCTAssertThrowsError(try Timeline(timeOffsetSeconds: -0.3).playbackStart()) { error in
            XCTAssertTrue("\(error)".contains("the offset must be 0 or more"), "\(error)")
        }
    }

    /// The offset of a log over a video: one given (`--time-offset`, a clip calibration's) wins; else a video's own
    /// track is put on its video (minus its first sample's video time, late or early); else 0. `run` then starts a video
    /// whose own track starts late at the frame the track's first sample shows.
    func testAGivenOffsetWinsElseAVideosOwnTrackTakesItsStart() {
        XCTAssertEqual(Timeline.timeOffsetSeconds(given: 0.3, logIsTheVideo: true, trackStart: 1.5), 0.3)
        XCTAssertEqual(Timeline.timeOffsetSeconds(given: nil, logIsTheVideo: true, trackStart: 1.5), -1.5)
        XCTAssertEqual(Timeline.timeOffsetSeconds(given: nil, logIsTheVideo: true, trackStart: -0.2), 0.2)
        XCTAssertEqual(Timeline.timeOffsetSeconds(given: nil, logIsTheVideo: false, trackStart: 1.5), 0)
        XCTAssertEqual(Timeline.timeOffsetSeconds(given: nil, logIsTheVideo: true, trackStart: .nan), 0)
        XCTAssertEqual(Timeline.playbackVideoStart(timeOffsetSeconds: -1.5), 1.5)
        XCTAssertNil(Timeline.playbackVideoStart(timeOffsetSeconds: 0.2))
        XCTAssertNil(Timeline.playbackVideoStart(timeOffsetSeconds: 0))
    }

    /// A log over a video must share at least one instant with it (`checkCoverage`): one that covers the video passes, as
    /// does one that starts late or ends early and still meets some frames; one that starts after the video's end, or ends
    /// before its first frame, is refused naming both spans in video time.
    func testALogMustMeetTheVideoItIsDrawnOver() throws {
        // Log time 0 is video time −offset: a 10 s log over a 6 s video.
        XCTAssertNoThrow(try Timeline(timeOffsetSeconds: 1, hasVideo: true).checkCoverage(logDuration: 10, videoEnd: 6, log: "a.csv", video: "v.mp4"),
                         "video time −1 to 9 covers 0 to 6")
        XCTAssertNoThrow(try Timeline(timeOffsetSeconds: -4, hasVideo: true).checkCoverage(logDuration: 10, videoEnd: 6, log: "a.csv", video: "v.mp4"),
                         "starts late, at video time 4")
        XCTAssertNoThrow(try Timeline(timeOffsetSeconds: 9, hasVideo: true).checkCoverage(logDuration: 10, videoEnd: 6, log: "a.csv", video: "v.mp4"),
                         "ends early, at video time 1")
        XCTAssertThrowsError(try Timeline(timeOffsetSeconds: -6.5, hasVideo: true).checkCoverage(logDuration: 10, videoEnd: 6, log: "a.csv", video: "v.mp4")) {
            let error = $0 as? LogMissesTheVideo
            XCTAssertEqual(error?.logStart, 6.5)
            XCTAssertEqual(error?.logEnd, 16.5)
            XCTAssertEqual("\($0)", "a.csv covers video time 6.500 to 16.500 s (log time 0 to 10.000 s with a time offset of -6.5000 s) "
                           + "and v.mp4 runs from 0 to 6.000 s: they do not overlap, so no frame has an attitude")
        }
        XCTAssertThrowsError(try Timeline(timeOffsetSeconds: 10.5, hasVideo: true).checkCoverage(logDuration: 10, videoEnd: 6, log: "a.csv", video: "v.mp4")) {
            let error = $0 as? LogMissesTheVideo
            XCTAssertEqual(error?.logStart, -10.5)
            XCTAssertEqual(error?.logEnd, -0.5, "ends half a second before the first frame")
            XCTAssertEqual(error?.timeOffsetSeconds, 10.5)
        }
    }
}
