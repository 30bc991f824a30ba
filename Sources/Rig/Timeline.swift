import Foundation

// MARK: - Log time and video time

/// How a log's clock and a video's line up, the one rule every command asks: the video frame at video
/// time v shows the attitude at log time v + `timeOffsetSeconds` (docs/conventions.md, "Time"). Without a video the
/// picture's own clock (a window's wall time from its first frame) stands in for video time.
public struct Timeline: Equatable, Sendable {
    /// Seconds added to video time to get log time (`--time-offset`, a calibration's `time_offset_s`).
    public var timeOffsetSeconds: Double
    /// Whether a video is drawn behind the die.
    public var hasVideo: Bool
    /// The video time the video starts at when it is placed by itself (`--frame`, `--video-at`); nil when
    /// it follows the log's time through the offset, or there is no video.
    public var pinnedVideoStart: Double?

    public init(timeOffsetSeconds: Double = 0, hasVideo: Bool = false, pinnedVideoStart: Double? = nil) {
        self.timeOffsetSeconds = timeOffsetSeconds
        self.hasVideo = hasVideo
        self.pinnedVideoStart = pinnedVideoStart
    }

    /// The log time shown with the video frame at video time `videoTime`.
    public func logTime(videoTime: Double) -> Double { videoTime + timeOffsetSeconds }

    /// The video time whose frame is shown with the attitude at log time `logTime`.
    public func videoTime(logTime: Double) -> Double { logTime - timeOffsetSeconds }

    /// Whether the video's time follows the log's through the offset (it is not placed by itself).
    public var videoFollowsTheLog: Bool { hasVideo && pinnedVideoStart == nil }

    /// Where a log-driven picture starts when it is not told (`snapshot`'s time, `render`'s first frame):
    /// with a video following the log and a positive offset, the offset, which is the video's first frame;
    /// else 0, the log's first sample.
    public var defaultLogStart: Double { videoFollowsTheLog ? max(0, timeOffsetSeconds) : 0 }

    /// The video time a picture of log time `logTime` shows when the video follows the log: nil when it does
    /// not (or there is none). A video time before the video's start is refused.
    public func followingVideoTime(logTime: Double) throws(TimelineError) -> Double? {
        guard videoFollowsTheLog else { return nil }
        let videoTime = videoTime(logTime: logTime)
        guard videoTime >= 0 else { throw .videoTimeBeforeStart(logTime: logTime, timeOffsetSeconds: timeOffsetSeconds, videoTime: videoTime) }
        return videoTime
    }

    /// The log time at which pictures stepping on from log time `start` run out of video frames, the video ending at
    /// video time `videoEnd`: through the offset when the video follows the log, else counted from where it is placed.
    /// Nil without a video.
    public func logTime(atVideoEnd videoEnd: Double, startingAt start: Double) -> Double? {
        guard hasVideo else { return nil }
        if let pinned = pinnedVideoStart { return start + (videoEnd - pinned) }
        return logTime(videoTime: videoEnd)
    }

    /// The log time a playing picture starts at (`run`): the log time of the video's first frame shown
    /// (`pinnedVideoStart`, else 0), which must not come before the log's first sample.
    public func playbackStart() throws(TimelineError) -> Double {
        guard timeOffsetSeconds != 0 else { return 0 }
        let start = logTime(videoTime: pinnedVideoStart ?? 0)
        guard start >= 0 else { throw .logStartsBeforeItsFirstSample(timeOffsetSeconds: timeOffsetSeconds, logTime: start, hasVideo: hasVideo) }
        return start
    }
}

// MARK: - The offset a log drawn over a video takes

extension Timeline {
    /// The time offset of a log drawn over a video, the one rule `run`, `snapshot`, `render` and `attitude fuse --video`
    /// ask: `given` when the drawing is given one (`--time-offset`, a clip calibration's); else, when the log is the video's own
    /// motion track (`logIsTheVideo`), the offset that puts the track on its video: a track is timed on the video's
    /// timeline and log time counts from its first sample, so the offset is minus that sample's video time
    /// (`trackStart`, `AttitudeLog.startTime`), as `calibrate --video` takes it; else 0, the log and the video paired
    /// from their starts. A GoPro's track starts with its first frame (0); another file's may start later or earlier.
    public static func timeOffsetSeconds(given: Double?, logIsTheVideo: Bool, trackStart: Double) -> Double {
        if let given { return given }
        guard logIsTheVideo, trackStart != 0, trackStart.isFinite else { return 0 }
        return -trackStart
    }

    /// Where a playing picture (`run`) starts a video that is placed by nothing else (no `--video-at`, no `--frame`)
    /// when its log starts after the video's first frame (a negative `timeOffsetSeconds`, as a video's own track that starts late
    /// gives): at the frame the log's first sample shows, as `--video-at` would place it, rather than at frames with no
    /// attitude. Nil when the video plays from its first frame.
    public static func playbackVideoStart(timeOffsetSeconds: Double) -> Double? { timeOffsetSeconds < 0 ? -timeOffsetSeconds : nil }

    /// The same for a drawing's offset: its clip seconds (`TimeOffset.seconds(pairing: .clip)`), 0 when none.
    public static func playbackVideoStart(offset: TimeOffset?) -> Double? {
        playbackVideoStart(timeOffsetSeconds: offset?.seconds(pairing: .clip) ?? 0)
    }
}

/// A log drawn over a video on one clock (through a time offset, or as the video's own motion track) whose
/// samples cover none of the video's frames: every picture would pair a frame with an attitude held from the
/// log's end or start, or a frame looped round. Refused as data (the two files do not belong together at
/// this offset), naming both spans in video time.
public struct LogMissesTheVideo: Error, Equatable, CustomStringConvertible {
    public let log: String
    public let video: String
    /// The log's first and last samples, in video time (log time 0 and its duration, less the offset).
    public let logStart: Double, logEnd: Double
    /// The video's first frame (0) to the end of its last, in video time.
    public let videoEnd: Double
    public let timeOffsetSeconds: Double

    public var description: String {
        String(format: "%@ covers video time %.3f to %.3f s (log time 0 to %.3f s with a time offset of %+.4f s) and %@ runs "
               + "from 0 to %.3f s: they do not overlap, so no frame has an attitude",
               log, logStart, logEnd, logEnd - logStart, timeOffsetSeconds, video, videoEnd)
    }
}

extension Timeline {
    /// Checks that a log of `logDuration` seconds (log time 0 is its first sample) meets a video ending at video
    /// time `videoEnd` on this timeline; `log` and `video` name them. A log and a video on separate clocks
    /// (offset 0, not the video's own track) are paired from their starts, and need not be checked.
    public func checkCoverage(logDuration: Double, videoEnd: Double, log: String, video: String) throws(LogMissesTheVideo) {
        let start = videoTime(logTime: 0), end = videoTime(logTime: logDuration)
        guard end < 0 || start >= videoEnd else { return }
        throw LogMissesTheVideo(log: log, video: video, logStart: start, logEnd: end, videoEnd: videoEnd, timeOffsetSeconds: timeOffsetSeconds)
    }
}

/// A time that the log and the video cannot both show.
public enum TimelineError: Error, Equatable, CustomStringConvertible {
    /// The picture at log time `logTime` would show the video at `videoTime`, before its first frame.
    case videoTimeBeforeStart(logTime: Double, timeOffsetSeconds: Double, videoTime: Double)
    /// Playback would start at `logTime`, before the log's first sample.
    case logStartsBeforeItsFirstSample(timeOffsetSeconds: Double, logTime: Double, hasVideo: Bool)

    public var description: String {
        switch self {
        case .videoTimeBeforeStart(let logTime, let offset, let videoTime):
            return String(format: "log time %g with a time offset of %g s is video time %.3f s, before the start of the video: "
                          + "its first frame shows log time %g", logTime, offset, videoTime, offset)
        case .logStartsBeforeItsFirstSample(let offset, let logTime, let hasVideo):
            return String(format: "a time offset of %g s starts the log at %.3f s, before its first sample; ", offset, logTime)
                + (hasVideo ? String(format: "start the video %g s later", -offset)
                            : "without a video the picture starts at time 0, so the offset must be 0 or more")
        }
    }
}
