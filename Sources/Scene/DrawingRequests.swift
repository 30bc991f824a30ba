import Foundation
import Imaging
import Pixels
import Render
import Rig
import SafeText

/// A time or a span a job was asked to draw that its log or its clock cannot give; said by the command line with its
/// options' names.
public enum DrawingRequestError: Error, Equatable, CustomStringConvertible {
    /// The first frame's log time `time` is past the end of the log at `log`, which runs from 0 to `duration`.
    case startPastTheLog(time: Double, log: String, duration: Double)
    /// The one log time drawn is outside the log.
    case timeOutsideTheLog(time: Double, log: String, duration: Double)
    /// Frames from log time `start` to `end` at `framesPerSecond` would be `count`, more than `SteppedClock.maximumSteps`.
    case tooManyFrames(start: Double, end: Double, framesPerSecond: Double, count: Double)
    /// No frame's time falls from `start` to before `end`.
    case noFrames(start: Double, end: Double, framesPerSecond: Double)

    public var description: String {
        switch self {
        case .startPastTheLog(let time, let log, let duration), .timeOutsideTheLog(let time, let log, let duration):
            return String(format: "log time %g is outside %@, which runs from 0 to %.3f s", time, log, duration)
        case .tooManyFrames(let start, let end, let fps, let count):
            return String(format: "log time %g to %g s at %g frames a second is %.3g frames; at most %d are drawn",
                          start, end, fps, count, SteppedClock.maximumSteps)
        case .noFrames(let start, let end, let fps):
            return "no frames: log time \(start) to \(end) at \(fps) fps"
        }
    }
}

// MARK: - The jobs

/// `run`'s job: the window's pipeline over a drawing, playing from `clock`'s start.
public struct PlaybackRequest {
    public var drawing: Drawing
    public var attitude: AttitudeChoice
    public var clock: WallClock
    /// With no background option at all, camera 0 when it gives frames (the `run` demo).
    public var cameraByDefault: Bool

    public init(drawing: Drawing, attitude: AttitudeChoice, clock: WallClock, cameraByDefault: Bool = false) {
        self.drawing = drawing
        self.attitude = attitude
        self.clock = clock
        self.cameraByDefault = cameraByDefault
    }

    /// Loads the attitude (refusing a start past a log's end), takes the time rule's offset, starts a video that is the
    /// log's own track where its first sample shows, and makes the pipeline (`WallClockPipeline`'s errors).
    public func pipeline() throws -> WallClockPipeline {
        var background = drawing.background
        let (input, settings) = try drawing.input(attitude, job: "run")
        if case .log(let log, _, let path) = input {
            guard clock.from <= log.duration else {
                throw DrawingRequestError.startPastTheLog(time: clock.from, log: path, duration: log.duration)
            }
            // A video's own track that starts after its first frame: the video plays from the frame the track starts at,
            // as `--video-at` would place it, rather than from frames with no attitude.
            if background.videoIsTheLog(path: path), background.videoAt == nil, background.frame == nil,
               let start = Timeline.playbackVideoStart(offset: settings.timeOffset) {
                background.videoAt = start
                let note = String(format: "run: %@ plays from %.4f s, where its motion track's first sample shows", path, start)
                drawing.logger.info("\(MessageText.line(note))")
            }
        }
        return try WallClockPipeline(settings: settings, attitude: input, background: background, clock: clock,
                                     cameraByDefault: cameraByDefault, notes: drawing.notes)
    }
}

/// `snapshot`'s job: one picture of a drawing at log time `at`.
public struct SnapshotRequest {
    public var drawing: Drawing
    public var attitude: AttitudeChoice
    /// The log time drawn; nil: the timeline's default start (`Timeline.defaultLogStart`).
    public var at: Double?

    public init(drawing: Drawing, attitude: AttitudeChoice, at: Double? = nil) {
        self.drawing = drawing
        self.attitude = attitude
        self.at = at
    }

    /// Loads the attitude, takes the time rule's offset, refuses a time outside a log, and makes the pipeline
    /// (`SteppedPipeline`'s errors); `loadedCamera` is the camera already loaded (nil: loaded here).
    public func pipeline(loadedCamera: LoadedCamera? = nil) throws -> SteppedPipeline {
        let (input, settings) = try drawing.input(attitude, job: "snapshot")
        let at = try self.at ?? drawing.background.timeline(offset: settings.timeOffset).defaultLogStart
        if case .log(let log, _, let path) = input, !(at >= 0 && at <= log.duration) {
            throw DrawingRequestError.timeOutsideTheLog(time: at, log: path, duration: log.duration)
        }
        return try SteppedPipeline(settings: settings, attitude: input, background: drawing.background, clock: .instant(at),
                                   loadedCamera: loadedCamera, notes: drawing.notes)
    }

    /// The picture of `size`, drawn offscreen with the assets the settings name.
    public func picture(size: PictureSize) throws -> RGBImage {
        let pipeline = try pipeline()
        return try OffscreenScene(size: size, assets: try Assets.locate(explicit: pipeline.settings.assetsFolder),
                                  pipeline: pipeline).picture()
    }
}

/// `render`'s job: a log's frames at `framesPerSecond` from log time `from` to before `to`.
public struct RenderRequest {
    public var drawing: Drawing
    public var log: LogFile
    /// The first frame's log time; nil: the timeline's default start (`Timeline.defaultLogStart`).
    public var from: Double?
    /// The log time to stop before; nil: the log's end, or over a video the video's end when it comes first.
    public var to: Double?
    public var framesPerSecond: Double

    public init(drawing: Drawing, log: LogFile, from: Double? = nil, to: Double? = nil, framesPerSecond: Double) {
        self.drawing = drawing
        self.log = log
        self.from = from
        self.to = to
        self.framesPerSecond = framesPerSecond
    }

    /// The frames to draw: their pipeline and their log times.
    public struct Frames {
        public let pipeline: SteppedPipeline
        public let times: [Double]
    }

    /// Loads the log, takes the time rule's offset, finds the span (over a video, to its end unless `to` says
    /// otherwise, said on the logger), refuses a start past the log, too many frames or none, and makes the pipeline:
    /// frame k shows the attitude at log time `from + k / framesPerSecond`, and the video at video time
    /// (`from` − offset) + k / framesPerSecond (`SteppedPipeline`'s errors).
    public func frames() throws -> Frames {
        let (attitudeLog, fusion, settings) = try drawing.load(log, job: "render")
        let background = drawing.background
        let timeline = try background.timeline(offset: settings.timeOffset)
        let from = self.from ?? timeline.defaultLogStart
        var end = to ?? attitudeLog.duration
        // Over a video the frames span the video's by default, not the whole of a longer log (one that misses the video
        // altogether is refused by the pipeline, naming both spans).
        if to == nil, let video = background.video,
           let videoEnd = timeline.logTime(atVideoEnd: try VideoFrameTimes(path: video).end, startingAt: from), videoEnd < end, videoEnd > from {
            end = videoEnd
            drawing.notes.say(.renderStopsAtTheVideo(end: end, video: video, log: log.path, logDuration: attitudeLog.duration))
        }
        guard from <= attitudeLog.duration else {
            throw DrawingRequestError.startPastTheLog(time: from, log: log.path, duration: attitudeLog.duration)
        }
        let clock = SteppedClock.steps(start: from, framesPerSecond: framesPerSecond)
        let times: [Double]
        do {
            times = try clock.logTimes(before: end)
        } catch {
            throw DrawingRequestError.tooManyFrames(start: from, end: end, framesPerSecond: framesPerSecond, count: error.count)
        }
        guard !times.isEmpty else { throw DrawingRequestError.noFrames(start: from, end: end, framesPerSecond: framesPerSecond) }
        let pipeline = try SteppedPipeline(settings: settings, attitude: .log(attitudeLog, fusion: fusion, path: log.path),
                                           background: background, clock: clock, notes: drawing.notes)
        return Frames(pipeline: pipeline, times: times)
    }
}
