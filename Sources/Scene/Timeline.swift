import Foundation

/// What a source's attitudes are timed by, which decides how a time offset is applied (`TimeOffsetControl`).
public enum AttitudeClock {
    /// A fixed attitude: nothing to shift.
    case none
    /// A log playing back: the offset moves the playback (a seek).
    case playback
    /// A live stream, timed by arrival: the offset picks an attitude from the history or holds the camera back.
    case live
}

/// `run`'s time offset S between the camera's clock and the attitude source's (the camera frame at
/// camera time t shows the attitude at source time t + S), and the [ and ] keys that change it.
///
/// A log applies S when playback starts (`run`'s playback start time); a change moves the playback. A live
/// source has no past to seek into, so both clocks are times in this process (`MonotonicClock`): a
/// frame's time (the driver's timestamp, or its arrival) and the attitudes' arrival. The frame timed t
/// is drawn with the attitude that arrived at t + S, from the source's history; with S > 0 the camera is
/// held back until that attitude has come: at t the newest frame timed t − S or earlier is drawn. Live
/// offsets stay within ±`liveLimit` seconds, which bounds the history and the frames held.
public struct TimeOffsetControl {
    public static let liveLimit = 1.0
    /// The [ and ] step in seconds; with Shift, `fineStep`.
    public static let step = 0.005, fineStep = 0.001

    public private(set) var seconds: Double
    public let clock: AttitudeClock

    public init(seconds: Double, clock: AttitudeClock) {
        self.seconds = seconds
        self.clock = clock
    }

    /// The arrival time whose attitude a live source draws at `now` with the camera frame timed `frameTime`:
    /// that time plus the offset, never later than `now`; with no frame, `now` plus the offset when it is
    /// negative. `now` for other sources.
    public func attitudeTime(now: Double, frameTime: Double? = nil) -> Double {
        guard clock == .live else { return now }
        guard let frameTime else { return now + min(seconds, 0) }
        return min(now, frameTime + seconds)
    }

    /// The newest camera frame to show at `now` must have arrived by this time.
    public func backgroundTime(now: Double) -> Double { clock == .live ? now - max(seconds, 0) : now }

    /// Changes the offset by `delta` seconds (live: kept within ±`liveLimit`) and returns the change
    /// made, which a log's playback is moved by. A fixed attitude has no clock: nothing changes.
    public mutating func nudge(by delta: Double) -> Double {
        guard clock != .none else { return 0 }
        var next = seconds + delta
        if clock == .live { next = min(Self.liveLimit, max(-Self.liveLimit, next)) }
        // Whole microseconds, so a run of steps prints and adds up exactly.
        next = (next * 1e6).rounded() / 1e6
        defer { seconds = next }
        return next - seconds
    }
}

// MARK: - Log time and video time

/// How a log's clock and a video's line up, the one rule every command asks: the video frame at video
/// time v shows the attitude at log time v + `offset` (docs/conventions.md, "Time"). Without a video the
/// picture's own clock (a window's wall time from its first frame) stands in for video time.
public struct Timeline: Equatable, Sendable {
    /// Seconds added to video time to get log time (`--time-offset`, a calibration's `time_offset_s`).
    public var offset: Double
    /// Whether a video is drawn behind the die.
    public var hasVideo: Bool
    /// The video time the video starts at when it is placed by itself (`--frame`, `--video-at`); nil when
    /// it follows the log's time through the offset, or there is no video.
    public var pinnedVideoStart: Double?

    public init(offset: Double = 0, hasVideo: Bool = false, pinnedVideoStart: Double? = nil) {
        self.offset = offset
        self.hasVideo = hasVideo
        self.pinnedVideoStart = pinnedVideoStart
    }

    /// The log time shown with the video frame at video time `videoTime`.
    public func logTime(videoTime: Double) -> Double { videoTime + offset }

    /// The video time whose frame is shown with the attitude at log time `logTime`.
    public func videoTime(logTime: Double) -> Double { logTime - offset }

    /// Whether the video's time follows the log's through the offset (it is not placed by itself).
    public var videoFollowsTheLog: Bool { hasVideo && pinnedVideoStart == nil }

    /// Where a log-driven picture starts when it is not told (`snapshot`'s time, `render`'s first frame):
    /// with a video following the log and a positive offset, the offset, which is the video's first frame;
    /// else 0, the log's first sample.
    public var defaultLogStart: Double { videoFollowsTheLog ? max(0, offset) : 0 }

    /// The video time a picture of log time `logTime` shows when the video follows the log: nil when it does
    /// not (or there is none). A video time before the video's start is refused.
    public func followingVideoTime(logTime: Double) throws(TimelineError) -> Double? {
        guard videoFollowsTheLog else { return nil }
        let videoTime = videoTime(logTime: logTime)
        guard videoTime >= 0 else { throw .videoTimeBeforeStart(logTime: logTime, offset: offset, videoTime: videoTime) }
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
        guard offset != 0 else { return 0 }
        let start = logTime(videoTime: pinnedVideoStart ?? 0)
        guard start >= 0 else { throw .logStartsBeforeItsFirstSample(offset: offset, logTime: start, hasVideo: hasVideo) }
        return start
    }
}

// MARK: - The offset a log drawn over a video takes

extension Timeline {
    /// The time offset of a log drawn over a video, the one rule `run`, `snapshot`, `render` and `attitude fuse --video`
    /// ask: `given` when the drawing is given one (`DrawingSettings.clipOffset`); else, when the log is the video's own
    /// motion track (`logIsTheVideo`), the offset that puts the track on its video: a track is timed on the video's
    /// timeline and log time counts from its first sample, so the offset is minus that sample's video time
    /// (`trackStart`, `AttitudeLog.startTime`), as `calibrate --video` takes it; else 0, the log and the video paired
    /// from their starts. A GoPro's track starts with its first frame (0); another file's may start later or earlier.
    public static func offset(given: Double?, logIsTheVideo: Bool, trackStart: Double) -> Double {
        if let given { return given }
        guard logIsTheVideo, trackStart != 0, trackStart.isFinite else { return 0 }
        return -trackStart
    }

    /// Where a playing picture (`run`) starts a video that is placed by nothing else (no `--video-at`, no `--frame`)
    /// when its log starts after the video's first frame (a negative `offset`, as a video's own track that starts late
    /// gives): at the frame the log's first sample shows, as `--video-at` would place it, rather than at frames with no
    /// attitude. Nil when the video plays from its first frame.
    public static func playbackVideoStart(offset: Double) -> Double? { offset < 0 ? -offset : nil }
}

extension DrawingSettings {
    /// The time offset these options are given for a clip, nil when none: `--time-offset` (`timeOffsetGiven`), or a
    /// calibration file's (`calibrationGiven`; `applyCalibration` set it) unless the file's was measured on a live
    /// rig's clocks, which pairs a live rig and not a clip (`applyCalibration` put it in `liveTimeOffset`). When none
    /// is given a video's own motion track takes its own (`Timeline.offset`).
    public func clipOffset(timeOffsetGiven: Bool, calibrationGiven: Bool) -> Double? {
        timeOffsetGiven || (calibrationGiven && liveTimeOffset == nil) ? timeOffset : nil
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
    public let offset: Double

    public var description: String {
        String(format: "%@ covers video time %.3f to %.3f s (log time 0 to %.3f s with a time offset of %+.4f s) and %@ runs "
               + "from 0 to %.3f s: they do not overlap, so no frame has an attitude",
               log, logStart, logEnd, logEnd - logStart, offset, video, videoEnd)
    }
}

extension Timeline {
    /// Checks that a log of `logDuration` seconds (log time 0 is its first sample) meets a video ending at video
    /// time `videoEnd` on this timeline; `log` and `video` name them. A log and a video on separate clocks
    /// (offset 0, not the video's own track) are paired from their starts, and need not be checked.
    public func checkCoverage(logDuration: Double, videoEnd: Double, log: String, video: String) throws(LogMissesTheVideo) {
        let start = videoTime(logTime: 0), end = videoTime(logTime: logDuration)
        guard end < 0 || start >= videoEnd else { return }
        throw LogMissesTheVideo(log: log, video: video, logStart: start, logEnd: end, videoEnd: videoEnd, offset: offset)
    }
}

/// A time that the log and the video cannot both show.
public enum TimelineError: Error, Equatable, CustomStringConvertible {
    /// The picture at log time `logTime` would show the video at `videoTime`, before its first frame.
    case videoTimeBeforeStart(logTime: Double, offset: Double, videoTime: Double)
    /// Playback would start at `logTime`, before the log's first sample.
    case logStartsBeforeItsFirstSample(offset: Double, logTime: Double, hasVideo: Bool)

    public var description: String {
        switch self {
        case .videoTimeBeforeStart(let logTime, let offset, let videoTime):
            return String(format: "log time %g with a time offset of %g s is video time %.3f s, before the video's start",
                          logTime, offset, videoTime)
        case .logStartsBeforeItsFirstSample(let offset, let logTime, let hasVideo):
            return String(format: "a time offset of %g s starts the log at %.3f s, before its first sample; ", offset, logTime)
                + (hasVideo ? String(format: "start the video %g s later", -offset)
                            : "without a video the picture starts at time 0, so the offset must be 0 or more")
        }
    }
}
