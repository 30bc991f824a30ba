import AttitudeMath
import Foundation
import IMUD
import Logging
import Pixels
import Render
import Rig

/// The clock of pictures drawn offscreen: frame k at a log time known before it is drawn.
public enum SteppedClock: Equatable, Sendable {
    /// `snapshot`: the one log time drawn, seconds from the log's first sample.
    case instant(Double)
    /// `render`: frame k at log time `start + k / framesPerSecond`.
    case steps(start: Double, framesPerSecond: Double)

    /// The log time of frame `k`.
    public func logTime(step k: Int) -> Double {
        switch self {
        case .instant(let t): return t
        case .steps(let start, let fps): return start + Double(k) / fps
        }
    }

    /// The frames a second a video behind the frames steps at: an instant's one frame counts as one a second.
    public var framesPerSecond: Double {
        if case .steps(_, let fps) = self { return fps }
        return 1
    }

    /// The most frames a stepping clock gives: 10^6 is over 9 hours at 30 fps. Past it, a slip in the end or the
    /// rate (1e308, 1e9) would fill memory with frame times and the disk with frames.
    public static let maximumSteps = 1_000_000

    /// The log times of every frame before log time `end` (`render`'s frames); an instant's one time. More than
    /// `maximumSteps` frames are refused, with their count.
    public func logTimes(before end: Double) throws(TooManyFrames) -> [Double] {
        guard case .steps(let start, let fps) = self else { return [logTime(step: 0)] }
        let count = (end - start) * fps
        guard count.isFinite, count <= Double(Self.maximumSteps) else { throw TooManyFrames(count: count) }
        var times: [Double] = []
        var t = start
        while t < end {
            times.append(t)
            t = logTime(step: times.count)
        }
        return times
    }
}

/// A stepping clock asked for more than `SteppedClock.maximumSteps` frames: `count` of them.
public struct TooManyFrames: Error, Equatable {
    public let count: Double
}

/// The pipeline of pictures drawn offscreen (`snapshot`, `render`, `Snapshotter`): frame k shows the attitude at
/// its clock's log time k, with the background frame at the video time that log time pairs with.
public final class SteppedPipeline: FramePipeline {
    public let settings: DrawingSettings
    public let loadedCamera: LoadedCamera
    public let clock: SteppedClock
    public let background: BackgroundFrames?
    /// The scene before the camera at a log time: a log's, read forward (`LogScenes`), or one still source's at every time.
    private let scene: (Double) -> SceneState

    /// Loads `settings`' camera and the background `backgroundSettings` names, and readies `attitude` for `clock`. Throws
    /// `TimelineError` when the clock's first frame falls before the video's first frame, and `LogMissesTheVideo` when
    /// a log on the video's clock covers none of its frames. A camera gives its first frame to an instant, and its
    /// newest to each step. `loadedCamera` is `settings.camera` already loaded (nil: loaded here). Over a log, `--anchor` is
    /// resolved once, where the camera looks at the clock's first frame (`PipelineStart`).
    public init(settings: DrawingSettings, attitude: AttitudeInput, background backgroundSettings: BackgroundSettings = BackgroundSettings(),
                clock: SteppedClock, loadedCamera: LoadedCamera? = nil, notes: DrawingNotes = DrawingNotes()) throws {
        self.settings = settings
        self.clock = clock
        let start = try PipelineStart(settings: settings, attitude: attitude, background: backgroundSettings, loadedCamera: loadedCamera, pairsAPlacedVideo: false,
                                      notes: notes) { _ in clock.logTime(step: 0) }
        self.loadedCamera = start.loadedCamera
        scene = try Self.scenes(attitude, settings: settings)
        let timeline = start.timeline
        let isLog = attitude.isLog, sharesTheVideosClock = Self.isTheVideosOwnTrack(attitude, backgroundSettings)
        var capturesLive = true
        if case .instant = clock { capturesLive = false }
        background = try start.background(backgroundSettings, capturesLive: capturesLive, videoStart: {
            try Self.videoStart(of: clock, timeline: timeline, followsALog: isLog, sharesTheVideosClock: sharesTheVideosClock)
        }, cameraByDefault: false, notes: notes)
    }

    /// The scenes `input` gives at log times, each attitude mounted once.
    private static func scenes(_ input: AttitudeInput, settings: DrawingSettings) throws -> (Double) -> SceneState {
        let still: SceneSource
        switch input {
        case .log(let log, let fusion, let path):
            var scenes = LogScenes(log: log, fusion: fusion, path: path, settings: settings)
            return { scenes.scene(at: $0) }
        case .fixed(let q, let names): still = SceneSource(fixed: q, names: names).mounted(by: settings)
        case .scene(let scene): still = scene.mounted(by: settings)
        case .imud(let configuration, let timeout): still = try IMUDLiveSource.firstPacket(of: configuration, timeout: timeout)
        }
        return { _ in still.scene(relativeTo: settings.relativeTo, hud: settings.hud) }
    }

    /// Whether `attitude` is the log read from the background's own video file (its gpmd or camm track): then the
    /// log and the picture are on one clock whatever the offset.
    static func isTheVideosOwnTrack(_ attitude: AttitudeInput, _ settings: BackgroundSettings) -> Bool {
        guard case .log(_, _, let path) = attitude else { return false }
        return settings.videoIsTheLog(path: path)
    }

    /// The video time of the clock's first frame when the video follows the log; nil lets the background's own
    /// `--frame` or `--video-at` (else its first frame) place it. `render`'s video follows its log time from
    /// `start` on; `snapshot`'s through a time offset, or when the log is the video's own track (without either it
    /// shows the video's start).
    private static func videoStart(of clock: SteppedClock, timeline: Timeline, followsALog: Bool,
                                   sharesTheVideosClock: Bool) throws -> Double? {
        guard followsALog else { return nil }
        switch clock {
        case .instant(let t): return timeline.timeOffsetSeconds != 0 || sharesTheVideosClock ? try timeline.followingVideoTime(logTime: t) : nil
        case .steps(let start, _):
            _ = try timeline.followingVideoTime(logTime: start)
            return timeline.videoTime(logTime: start)
        }
    }

    /// Frame `k` (an instant has only frame 0) for a picture of `size`.
    public func frame(step k: Int, size: PictureSize) throws -> ComposedFrame {
        let picture = try background?.frame(step: k, framesPerSecond: clock.framesPerSecond)
        return ComposedFrame(background: picture, scene: loadedCamera.scene(scene(clock.logTime(step: k)), size: size))
    }

    deinit { background?.stop() }
}
