import AttitudeLog
import AttitudeMath
import Foundation
import IMUD
import Imaging
import Logging
import LogLoading
import Pixels
import Render

/// What drives a pipeline's frames, the one thing the window, `snapshot` and `render` do differently.
public enum PipelineClock: Equatable, Sendable {
    /// `run`: monotonic wall time (`MonotonicClock`), read as each frame is drawn. A log plays at `speed`
    /// from `from` seconds after the log time the timeline starts it at, again from its start when `looping`.
    case wall(speed: Double, looping: Bool, from: Double)
    /// `snapshot`: the one log time drawn, seconds from the log's first sample.
    case instant(Double)
    /// `render`: frame k at log time `start + k / framesPerSecond`.
    case steps(start: Double, framesPerSecond: Double)

    /// Whether it is `run`'s wall clock.
    public var isWall: Bool {
        if case .wall = self { return true }
        return false
    }

    /// The log time of frame `k` of an instant or stepping clock.
    public func logTime(step k: Int) -> Double {
        switch self {
        case .wall: return 0
        case .instant(let t): return t
        case .steps(let start, let fps): return start + Double(k) / fps
        }
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

/// A stepping clock asked for more than `PipelineClock.maximumSteps` frames: `count` of them.
public struct TooManyFrames: Error, Equatable {
    public let count: Double
}

/// Where a pipeline's attitude comes from.
public enum AttitudeInput {
    /// An attitude log (fused in-process when `fusion` is its estimator's track); `path` names it in the HUD.
    case log(AttitudeLog, fusion: FusionTrack?, path: String)
    /// One fixed device-to-world attitude (`--attitude`).
    case fixed(Quaternion)
    /// One attitude with its history and names, as a library user builds it (`SceneSource`).
    case scene(SceneSource)
    /// imud: live under the wall clock, else its first valid packet, waited for up to `timeout` seconds.
    /// Its mount is the configuration's frame mapping (built from the same `--mount` or `--calibration`).
    case imud(IMUDClient.Configuration, timeout: Double)
}

extension AttitudeInput {
    var isLog: Bool {
        if case .log = self { return true }
        return false
    }
}

/// One frame as the pipeline composed it: the background picture (already prepared for the camera) and the
/// finished scene, the attitude paired with it seen relative to the reference pose, through the camera and lens.
public struct ComposedFrame {
    public var background: BackgroundFrame?
    public var scene: SceneState
}

/// The one frame pipeline: it pairs each background frame with its attitude, by a clock, and returns the finished
/// scene. The window (`run`), `snapshot`, `render` and `Snapshotter` all draw through it, so each of the mount, the
/// reference pose, the camera and the lens is applied in one place, once:
///
/// - the mount in the attitude source (`Frames.worldFromDevice(worldFromIMU:deviceFromIMU:)`, imud's in
///   its frame mapping);
/// - the reference pose and the HUD in the `FrameComposer`;
/// - the camera, the die's anchor and the lens in `CameraSetup.scene`, here, for the viewport drawn;
/// - the background's size check and undistortion in `BackgroundFrames`, once per new picture.
public final class FramePipeline {
    /// How every frame is drawn.
    public let options: DrawingSettings
    /// The loaded camera, lens, anchor and panorama.
    public let setup: CameraSetup
    public let clock: PipelineClock
    /// The picture behind the die; nil for a plain colour or a panorama.
    public let background: BackgroundFrames?
    /// The reference pose and the HUD's smoothed tilt.
    public private(set) var composer: FrameComposer
    /// The time offset between the camera's clock and the attitude source's (the wall clock's [ and ] keys).
    public private(set) var timeOffset: TimeOffsetControl
    private var attitudes: Attitudes
    /// Times of the frames drawn in the last second, for the wall clock's frame rate.
    private var frameTimes: [Double] = []

    /// The pipeline's attitudes: a source read at wall time, a log read at log times, or one fixed scene source.
    private enum Attitudes {
        case wall(AttitudeSource)
        case log(LogScenes)
        case still(SceneSource)
    }

    /// The logger the pipeline (and the log loader) writes to when handed none; the executables' handler
    /// prefixes every line with the program's name.
    public static var logger: Logger { Logger(label: "steady-dice.scene") }

    /// Loads `options`' camera and the background `settings` name, and readies `attitude` for `clock`. Throws
    /// `TimelineError` when the clock's first frame falls before the log's first sample or the video's first frame, and
    /// `LogMissesTheVideo` when a log on the video's clock covers none of its frames.
    /// With `cameraByDefault` (the `run` demo) and no background option at all, camera 0 is shown when it gives frames.
    /// `setup` is `options.camera` already loaded (nil: loaded here). Over a log, `--anchor` is resolved here, once for
    /// the drawing (`aimedAnchor`: where the camera looks at the clock's first frame, unless the log has north or
    /// `--anchor-from` says otherwise), and `logger` is told what it counts from; where `--panorama` (or an anchor
    /// counted from the log) stands on an arbitrary or unnamed heading, it is told that too.
    public init(options: DrawingSettings, attitude: AttitudeInput, background settings: BackgroundSettings = BackgroundSettings(),
                clock: PipelineClock, cameraByDefault: Bool = false, setup: CameraSetup? = nil,
                logger: Logger = FramePipeline.logger) throws {
        self.options = options
        self.clock = clock
        var setup = try setup ?? options.camera.load()
        composer = FrameComposer(reference: options.relativeTo, showsHUD: options.hud)
        let timeline = try settings.timeline(offset: options.timeOffset)
        if case .log(let log, _, let path) = attitude {
            let aimed = try options.aimedAnchor(over: log, path: path, drawingFrom: try Self.firstLogTime(of: clock, timeline: timeline))
            setup.anchor = aimed?.anchor
            if let note = aimed?.note { logger.info("\(note)") }
            for note in options.camera.headingNotes(frame: log.frame, log: path, anchorFromTheLog: aimed?.countsFromTheLog ?? false) {
                logger.warning("\(note)")
            }
            // A video placed by itself (`--frame`, `--video-at`) is not paired through the offset, but under the wall
            // clock, where playback starts the log at the placed frame's log time.
            let pairedByTheOffset = timeline.pinnedVideoStart == nil || clock.isWall
            if let video = settings.video, pairedByTheOffset, timeline.offset != 0 || settings.videoIsTheLog(path: path) {
                try timeline.checkCoverage(logDuration: log.duration, videoEnd: try VideoFrameTimes(path: video).end, log: path, video: video)
            }
        } else {
            setup.anchor = try options.anchorOverAFixedWorld()
        }
        self.setup = setup
        let attitudes = try Self.attitudes(attitude, options: options, clock: clock, timeline: timeline)
        self.attitudes = attitudes
        switch (clock, attitudes) {
        case (.wall, .wall(let source)):
            let seconds = source.clock == .live ? options.liveTimeOffset ?? 0 : source.clock == .none ? 0 : options.timeOffset
            timeOffset = TimeOffsetControl(seconds: seconds, clock: source.clock)
        default:
            timeOffset = TimeOffsetControl(seconds: options.timeOffset, clock: .none)
        }
        background = self.setup.panorama != nil ? nil
            : try BackgroundFrames(settings, setup: self.setup, clock: clock,
                                   videoStart: try Self.videoStart(of: clock, timeline: timeline, followsALog: attitude.isLog,
                                                                   sharesTheVideosClock: Self.isTheVideosOwnTrack(attitude, settings)),
                                   cameraByDefault: cameraByDefault,
                                   logger: logger)
    }

    /// The log time of the clock's first frame, where the drawing starts: `snapshot`'s `--at`, `render`'s `--from`, and
    /// for the window the log time its playback starts from (`--from` after the time the timeline starts it at).
    private static func firstLogTime(of clock: PipelineClock, timeline: Timeline) throws -> Double {
        switch clock {
        case .wall(_, _, let from): return try timeline.playbackStart() + from
        case .instant, .steps: return clock.logTime(step: 0)
        }
    }

    /// The attitudes `input` gives under `clock`, each mounted once.
    private static func attitudes(_ input: AttitudeInput, options: DrawingSettings, clock: PipelineClock,
                                  timeline: Timeline) throws -> Attitudes {
        switch (input, clock) {
        case (.log(let log, let fusion, _), .wall(let speed, let looping, let from)):
            let start = try timeline.playbackStart() + from
            return .wall(try LogPlaybackSource(log: log, fusion: fusion, speed: speed, looping: looping, now: MonotonicClock.now(),
                                               deviceFromIMU: options.deviceFromIMU, startTime: start))
        case (.log(let log, let fusion, let path), _):
            return .log(LogScenes(log: log, fusion: fusion, path: path, options: options))
        case (.fixed(let q), .wall):
            return .wall(FixedAttitudeSource(options.mounted(q)))
        case (.fixed(let q), _):
            return .still(SceneSource(fixed: q).mounted(by: options))
        case (.scene(let scene), .wall):
            return .wall(FixedAttitudeSource(options.mounted(scene.worldFromDevice)))
        case (.scene(let scene), _):
            return .still(scene.mounted(by: options))
        case (.imud(let configuration, _), .wall):
            return .wall(IMUDLiveSource(configuration: configuration))
        case (.imud(let configuration, let timeout), _):
            return .still(try IMUDLiveSource.firstPacket(of: configuration, timeout: timeout))
        }
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
    private static func videoStart(of clock: PipelineClock, timeline: Timeline, followsALog: Bool,
                                   sharesTheVideosClock: Bool) throws -> Double? {
        guard followsALog else { return nil }
        switch clock {
        case .wall: return nil
        case .instant(let t): return timeline.offset != 0 || sharesTheVideosClock ? try timeline.followingVideoTime(logTime: t) : nil
        case .steps(let start, _):
            _ = try timeline.followingVideoTime(logTime: start)
            return timeline.videoTime(logTime: start)
        }
    }

    // MARK: - Frames

    /// `run`'s frame at monotonic wall time `now` for a `width` x `height` viewport: the newest background frame
    /// (held back by a live time offset) and the attitude at its time, one step of the HUD's tilt filter.
    public func frame(now: Double, width: Int, height: Int) -> ComposedFrame {
        guard case .wall(let source) = attitudes else { preconditionFailure("a wall-clock frame of a pipeline not driven by wall time") }
        let picture = background?.frame(capturedBy: timeOffset.backgroundTime(now: now))
        let reading = source.reading(now: timeOffset.attitudeTime(now: now, frameTime: picture?.captureTime))
        frameTimes.append(now)
        frameTimes.removeAll { now - $0 > 1 }
        let span = (frameTimes.last ?? now) - (frameTimes.first ?? now)
        let rate = frameTimes.count > 1 && span > 0 ? Double(frameTimes.count - 1) / span : 0
        let state = composer.scene(reading, labels: HUDLabels(frame: source.frameName, source: source.health(now: now),
                                                              fusion: source.fusion(now: now), framesPerSecond: rate),
                                   stepsFilter: true)
        return ComposedFrame(background: picture, scene: setup.scene(state, width: width, height: height))
    }

    /// Frame `k` of `snapshot`'s or `render`'s clock (`snapshot` has only frame 0) for a `width` x `height` picture.
    public func frame(step k: Int, width: Int, height: Int) throws -> ComposedFrame {
        let framesPerSecond: Double
        if case .steps(_, let fps) = clock { framesPerSecond = fps } else { framesPerSecond = 1 }
        let picture = try background?.frame(step: k, framesPerSecond: framesPerSecond)
        let state: SceneState
        switch attitudes {
        case .wall: preconditionFailure("a stepped frame of a pipeline driven by wall time")
        case .log(var scenes):
            state = scenes.scene(at: clock.logTime(step: k))
            attitudes = .log(scenes)
        case .still(let source):
            state = source.scene(relativeTo: composer.reference, hud: composer.showsHUD)
        }
        return ComposedFrame(background: picture, scene: setup.scene(state, width: width, height: height))
    }

    /// A renderer for these options: the model, the HUD's font when shown, the clear colour and the panorama.
    /// The GL context it draws in must be current.
    public func makeRenderer(assets: Assets) throws -> SceneRenderer {
        let renderer = try SceneRenderer(assets: assets, model: options.model, readImage: RGBImage.read)
        if options.hud { try renderer.prepareHUD() }
        renderer.clearColor = options.backgroundColor
        setup.install(on: renderer)
        return renderer
    }

    /// Draws `frame` with `renderer` into the bound framebuffer of `width` x `height` pixels.
    public func draw(_ frame: ComposedFrame, with renderer: SceneRenderer, width: Int, height: Int) {
        renderer.setBackground(frame.background?.image, generation: frame.background?.generation ?? 0,
                               viewportWidth: width, viewportHeight: height)
        renderer.draw(frame.scene, width: width, height: height)
    }

    // MARK: - The window's controls

    /// The source the wall clock reads (nil for the other clocks): the window's pause, seek, title and log times.
    public var source: AttitudeSource? {
        if case .wall(let source) = attitudes { return source }
        return nil
    }

    /// R: the attitude now shown (worldFromDevice, before the reference pose) becomes the reference pose; nothing
    /// without one. Returns the pose taken (worldFromDevice).
    @discardableResult
    public func takeReference(now: Double) -> Quaternion? {
        guard let source, let q = source.reading(now: timeOffset.attitudeTime(now: now)).worldFromDevice else { return nil }
        composer.setReference(q)
        return q
    }

    /// Shift-R: back to absolute attitude.
    public func clearReference() { composer.setReference(nil) }

    /// H: shows or hides the HUD (the renderer must have its font ready to show it).
    public func setHUD(_ shown: Bool) { composer.showsHUD = shown }

    /// [ and ]: changes the time offset by `delta` seconds and returns the change made; a log's playback moves by it.
    public func nudgeTimeOffset(by delta: Double, now: Double) -> Double {
        let change = timeOffset.nudge(by: delta)
        if timeOffset.clock == .playback { source?.seek(by: change, now: now) }
        return change
    }

    /// The wall clock's first frame is about to be drawn at monotonic time `now`: a log starts playing from its
    /// start time here, and a video from its start, so the window's setup costs neither any time.
    public func begin(now: Double) {
        source?.begin(now: now)
        background?.begin(now: now)
    }

    /// Stops the background's capture thread, if any.
    public func stop() { background?.stop() }

    deinit { background?.stop() }
}
