import AttitudeLog
import AttitudeMath
import Foundation
import Imaging
import Render

/// A renderer drawing offscreen pictures of one size in a headless EGL context of its own (no display):
/// `snapshot`'s picture, each of `Snapshotter`'s, and every frame of `render`.
public final class OffscreenScene {
    public let width: Int, height: Int
    private let context: HeadlessContext
    /// Released before the context, in `deinit`: their GL objects belong to it, and deleting them after it
    /// is gone would delete names in whatever context is current then.
    private var renderer: SceneRenderer?
    private var target: OffscreenTarget?
    private let setup: CameraSetup

    /// A renderer for `options`' model, HUD and colour, through `setup`'s camera and panorama.
    public init(width: Int, height: Int, assets: Assets, options: SnapshotOptions, setup: CameraSetup) throws {
        self.width = width
        self.height = height
        self.setup = setup
        context = try HeadlessContext()
        let renderer = try SceneRenderer(assets: assets, model: options.model)
        self.renderer = renderer
        if options.hud { try renderer.prepareHUD() }
        renderer.clearColor = options.backgroundColor
        setup.install(on: renderer)
        target = try OffscreenTarget(width: width, height: height)
    }

    deinit {
        target = nil
        renderer = nil
        withExtendedLifetime(context) {}
    }

    /// The picture of `state` (before the camera is applied) over `background`, already prepared by the
    /// setup (nil: the clear colour only), read back upright. `generation` names the background picture:
    /// the same one is not uploaded again.
    public func draw(_ state: SceneState, background: RGBImage?, generation: Int = 0) -> RGBImage {
        guard let renderer, let target else { preconditionFailure("an offscreen scene is drawn only while it lives") }
        target.bind()
        renderer.setBackground(background, generation: generation, viewportWidth: width, viewportHeight: height)
        renderer.draw(setup.scene(state, width: width, height: height), width: width, height: height)
        return target.readImage()
    }
}

/// `render`'s frames: the log's scene at each time, over the background's frame for it, written to a video.
public struct LogVideoRender {
    public var times: [Double]
    public var framesPerSecond: Double

    public init(times: [Double], framesPerSecond: Double) {
        self.times = times
        self.framesPerSecond = framesPerSecond
    }

    /// Draws and writes every frame; before each, `shouldStop` may end it (the output is then abandoned and
    /// `LogVideoRenderStopped` thrown), and after each `progress(k, count, t)` is told. Returns the seconds spent
    /// encoding. The output is not finished here.
    public func run(scenes: inout LogScenes, background: RenderBackground, drawing: OffscreenScene, output: VideoOutput,
                    shouldStop: () -> Bool, progress: (Int, Int, Double) -> Void) throws -> Double {
        var encoding = 0.0
        for (k, t) in times.enumerated() {
            if shouldStop() {
                output.abandon()
                throw LogVideoRenderStopped(framesWritten: k, frameCount: times.count)
            }
            let image = try background.image(frame: k, fps: framesPerSecond)
            let frame = drawing.draw(scenes.scene(at: t), background: image, generation: k)
            let t0 = MonotonicClock.now()
            try output.write(frame)
            encoding += MonotonicClock.now() - t0
            progress(k + 1, times.count, t)
        }
        return encoding
    }
}

/// A render (or `bench --write-video`) stopped before its last frame, by a signal.
public struct LogVideoRenderStopped: Error {
    public let framesWritten: Int
    public let frameCount: Int
}
