import AttitudeMath
import Foundation
import IMUD
import Logging
import MonotonicTime
import Pixels
import Rig

/// `run`'s clock: monotonic wall time (`MonotonicClock`), read as each frame is drawn. A log plays at `speed` from
/// `from` seconds after the log time the timeline starts it at, again from its start when `looping`.
public struct WallClock: Equatable, Sendable {
    public var speed: Double
    public var looping: Bool
    public var from: Double

    public init(speed: Double = 1, looping: Bool = true, from: Double = 0) {
        self.speed = speed
        self.looping = looping
        self.from = from
    }
}

/// The window's pipeline (`run`): each frame at the monotonic wall time it is drawn, the newest background frame
/// paired with the attitude its source gives then, and the window's controls (the reference pose, the HUD, the
/// time offset) on it.
public final class WallClockPipeline: FramePipeline {
    public let settings: DrawingSettings
    public let loadedCamera: LoadedCamera
    public let clock: WallClock
    public let background: BackgroundFrames?
    /// The source read at wall time: the window's pause, seek, title and log times.
    public let source: AttitudeSource
    /// The reference pose and the HUD's smoothed tilt.
    public private(set) var composer: FrameComposer
    /// The time offset between the camera's clock and the attitude source's (the [ and ] keys).
    public private(set) var timeOffset: TimeOffsetControl
    /// Times of the frames drawn in the last second, for the frame rate.
    private var frameTimes: [Double] = []

    /// Loads `settings`' camera and the background `backgroundSettings` names, and readies `attitude` to play from `clock`'s
    /// start. Throws `TimelineError` when that start falls before the log's first sample, and `LogMissesTheVideo` when
    /// a log on the video's clock covers none of its frames. With `cameraByDefault` (the `run` demo) and no background
    /// option at all, camera 0 is shown when it gives frames. `loadedCamera` is `settings.camera` already loaded (nil: loaded
    /// here). Over a log, `--anchor` is resolved once, where the camera looks as playback starts (`PipelineStart`).
    public init(settings: DrawingSettings, attitude: AttitudeInput, background backgroundSettings: BackgroundSettings = BackgroundSettings(),
                clock: WallClock, cameraByDefault: Bool = false, loadedCamera: LoadedCamera? = nil, notes: DrawingNotes = DrawingNotes()) throws {
        self.settings = settings
        self.clock = clock
        let start = try PipelineStart(settings: settings, attitude: attitude, background: backgroundSettings, loadedCamera: loadedCamera, pairsAPlacedVideo: true,
                                      notes: notes) { try $0.playbackStart() + clock.from }
        self.loadedCamera = start.loadedCamera
        composer = FrameComposer(reference: settings.relativeTo, showsHUD: settings.hud)
        let source = try Self.source(attitude, settings: settings, clock: clock, timeline: start.timeline)
        self.source = source
        timeOffset = TimeOffsetControl(seconds: settings.startingOffset(for: source.clock), clock: source.clock)
        // A video under the wall clock starts where `--frame` or `--video-at` place it, else at its first frame.
        background = try start.background(backgroundSettings, capturesLive: true, videoStart: { nil }, cameraByDefault: cameraByDefault, notes: notes)
    }

    /// The source `input` gives under the wall clock, mounted once.
    private static func source(_ input: AttitudeInput, settings: DrawingSettings, clock: WallClock, timeline: Timeline) throws -> AttitudeSource {
        switch input {
        case .log(let log, let fusion, _):
            let start = try timeline.playbackStart() + clock.from
            return try LogPlaybackSource(log: log, fusion: fusion, speed: clock.speed, looping: clock.looping, now: MonotonicClock.now(),
                                         deviceFromIMU: settings.deviceFromIMU, startTime: start)
        case .fixed(let q, let names):
            return FixedAttitudeSource(settings.mounted(q), names: names)
        case .scene(let scene):
            return FixedAttitudeSource(settings.mounted(scene.worldFromDevice))
        case .imud(let configuration, _):
            return IMUDLiveSource(configuration: configuration)
        }
    }

    // MARK: - Frames

    /// The frame at monotonic wall time `now` for a viewport of `size`: the newest background frame
    /// (held back by a live time offset) and the attitude at its time, one step of the HUD's tilt filter.
    public func frame(now: Double, size: PictureSize) -> ComposedFrame {
        let picture = background?.frame(capturedBy: timeOffset.backgroundTime(now: now))
        let reading = source.reading(now: timeOffset.attitudeTime(now: now, frameTime: picture?.captureTime))
        frameTimes.append(now)
        frameTimes.removeAll { now - $0 > 1 }
        let span = (frameTimes.last ?? now) - (frameTimes.first ?? now)
        let rate = frameTimes.count > 1 && span > 0 ? Double(frameTimes.count - 1) / span : 0
        let state = composer.scene(reading, labels: HUDLabels(frame: source.frameName, source: source.health(now: now),
                                                              fusion: source.fusion(now: now), framesPerSecond: rate),
                                   stepsFilter: true)
        return ComposedFrame(background: picture, scene: loadedCamera.scene(state, size: size))
    }

    // MARK: - The window's controls

    /// R: the attitude now shown (worldFromDevice, before the reference pose) becomes the reference pose; nothing
    /// without one. Returns the pose taken (worldFromDevice).
    @discardableResult
    public func takeReference(now: Double) -> Quaternion? {
        guard let q = source.reading(now: timeOffset.attitudeTime(now: now)).worldFromDevice else { return nil }
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
        if timeOffset.clock == .playback { source.seek(by: change, now: now) }
        return change
    }

    /// The first frame is about to be drawn at monotonic time `now`: a log starts playing from its start time here,
    /// and a video from its start, so the window's setup costs neither any time.
    public func begin(now: Double) {
        source.begin(now: now)
        background?.begin(now: now)
    }

    deinit { background?.stop() }
}
