import AttitudeLog
import AttitudeMath
import Foundation
import Imaging
import IMUD
import Logging
import LogLoading
import Pixels
import Render
import Rig

/// Where a pipeline's attitude comes from.
public enum AttitudeInput {
    /// An attitude log (fused in-process when `fusion` is its estimator's track); `path` names it in the HUD.
    case log(AttitudeLog, fusion: FusionTrack?, path: String)
    /// One fixed device-to-world attitude (`--attitude`), named on the HUD by `names`.
    case fixed(Quaternion, names: FixedAttitudeNames = FixedAttitudeNames())
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

/// The logger the pipelines (and the log loader) write to when handed none; the executables' handler
/// prefixes every line with the program's name.
public var sceneLogger: Logger { Logger(label: "steady-dice.scene") }

/// The frame pipeline: it pairs each background frame with its attitude, by a clock, and returns the finished scene.
/// One kind a clock, so that a frame is asked for only by the clock that drives it: `WallClockPipeline` for the
/// window (`run`, monotonic wall time), `SteppedPipeline` for `snapshot`, `render` and `Snapshotter` (frame k at a log
/// time known before it is drawn). Both are built and draw alike, so each of the mount, the reference pose, the
/// camera and the lens is applied in one place, once:
///
/// - the mount in the attitude source (`Frames.worldFromDevice(worldFromIMU:deviceFromIMU:)`, imud's in
///   its frame mapping);
/// - the reference pose and the HUD in the `FrameComposer`;
/// - the camera, the die's anchor and the lens in `LoadedCamera.scene`, for the viewport drawn;
/// - the background's size check and undistortion in `BackgroundFrames`, once per new picture.
public protocol FramePipeline: AnyObject {
    /// How every frame is drawn.
    var settings: DrawingSettings { get }
    /// The loaded camera, lens, anchor and panorama.
    var loadedCamera: LoadedCamera { get }
    /// The picture behind the die; nil for a plain colour or a panorama.
    var background: BackgroundFrames? { get }
}

extension FramePipeline {
    /// A renderer for these settings: the model, the HUD's font when shown, the clear colour and the panorama.
    /// The GL context it draws in must be current.
    public func makeRenderer(assets: Assets) throws -> SceneRenderer {
        let renderer = try SceneRenderer(assets: assets, model: settings.model, readImage: RGBImage.read)
        if settings.hud { try renderer.prepareHUD() }
        renderer.clearColor = settings.backgroundColor
        loadedCamera.install(on: renderer)
        return renderer
    }

    /// Draws `frame` with `renderer` into the bound framebuffer of `size`.
    public func draw(_ frame: ComposedFrame, with renderer: SceneRenderer, size: PictureSize) {
        renderer.setBackground(frame.background?.image, generation: frame.background?.generation ?? 0, viewport: size)
        renderer.draw(frame.scene, size: size)
    }

    /// Stops the background's capture thread, if any.
    public func stop() { background?.stop() }
}

/// What both pipelines make alike before their attitudes: the loaded camera with the die's anchor resolved, the
/// timeline, the log checked against the video, and then the background.
struct PipelineStart {
    let loadedCamera: LoadedCamera
    let timeline: Timeline

    /// Loads `settings`' camera (unless `loadedCamera` is given loaded) and the timeline of `backgroundSettings`. Over a log, `--anchor`
    /// is resolved once for the drawing (`aimedAnchor`: where the camera looks at `firstLogTime`, the clock's first
    /// frame, unless the log has north or `--anchor-from` says otherwise), `notes` are told what it counts from and
    /// where `--panorama` (or an anchor counted from the log) stands on an arbitrary or unnamed heading, and a log on
    /// the video's clock that covers none of its frames is refused (`LogMissesTheVideo`). A video placed by itself
    /// (`--frame`, `--video-at`) is not paired through the offset unless `pairsAPlacedVideo` (the wall clock, where
    /// playback starts the log at the placed frame's log time).
    init(settings: DrawingSettings, attitude: AttitudeInput, background backgroundSettings: BackgroundSettings, loadedCamera: LoadedCamera?,
         pairsAPlacedVideo: Bool, notes: DrawingNotes, firstLogTime: (Timeline) throws -> Double) throws {
        var loadedCamera = try loadedCamera ?? settings.camera.load()
        let timeline = try backgroundSettings.timeline(offset: settings.timeOffset)
        if case .log(let log, _, let path) = attitude {
            let aimed = try settings.aimedAnchor(over: log, path: path, drawingFrom: try firstLogTime(timeline))
            loadedCamera.anchor = aimed?.anchor
            if let note = aimed?.note { notes.say(note) }
            if let note = settings.camera.headingNote(frame: log.frame, log: path, anchorFromTheLog: aimed?.countsFromTheLog ?? false) {
                notes.say(note)
            }
            let pairedByTheOffset = timeline.pinnedVideoStart == nil || pairsAPlacedVideo
            if let video = backgroundSettings.video, pairedByTheOffset, timeline.timeOffsetSeconds != 0 || backgroundSettings.videoIsTheLog(path: path) {
                try timeline.checkCoverage(logDuration: log.duration, videoEnd: try VideoFrameTimes(path: video).end, log: path, video: video)
            }
        } else {
            loadedCamera.anchor = try settings.anchorOverAFixedWorld()
        }
        self.loadedCamera = loadedCamera
        self.timeline = timeline
    }

    /// The background `settings` name (none under a panorama); `videoStart` is asked only when there is one to start.
    func background(_ settings: BackgroundSettings, capturesLive: Bool, videoStart: () throws -> Double?, cameraByDefault: Bool,
                    notes: DrawingNotes) throws -> BackgroundFrames? {
        guard loadedCamera.panorama == nil else { return nil }
        return try BackgroundFrames(settings, loadedCamera: loadedCamera, capturesLive: capturesLive, videoStart: try videoStart(),
                                    cameraByDefault: cameraByDefault, notes: notes)
    }
}
