import AttitudeLog
import AttitudeMath
import Foundation
import Imaging
import Pixels
import Render

/// A pipeline's frames drawn offscreen at one size, in a headless EGL context of its own (no display):
/// `snapshot`'s picture, each of `Snapshotter`'s, and every frame of `render`.
public final class OffscreenScene {
    public let width: Int, height: Int
    public let pipeline: FramePipeline
    private let context: HeadlessContext
    /// Released before the context, in `deinit`: their GL objects belong to it, and deleting them after it
    /// is gone would delete names in whatever context is current then.
    private var renderer: SceneRenderer?
    private var target: OffscreenTarget?

    /// A renderer for `pipeline`'s model, HUD, colour and panorama, with the shaders and models of `assets`.
    public init(width: Int, height: Int, assets: Assets, pipeline: FramePipeline) throws {
        self.width = width
        self.height = height
        self.pipeline = pipeline
        context = try HeadlessContext()
        renderer = try pipeline.makeRenderer(assets: assets)
        target = try OffscreenTarget(width: width, height: height)
    }

    deinit {
        target = nil
        renderer = nil
        withExtendedLifetime(context) {}
    }

    /// Frame `k` of the pipeline's clock (a snapshot has only frame 0), read back upright.
    public func picture(step k: Int = 0) throws -> RGBImage {
        guard let renderer, let target else { preconditionFailure("an offscreen scene is drawn only while it lives") }
        let frame = try pipeline.frame(step: k, width: width, height: height)
        target.bind()
        pipeline.draw(frame, with: renderer, width: width, height: height)
        return target.readImage()
    }
}

/// `render`'s frames: frame k of an offscreen scene's pipeline for each of `times`, written to a video.
public struct LogVideoRender {
    public var times: [Double]

    public init(times: [Double]) {
        self.times = times
    }

    /// Draws and writes every frame; before each, `shouldStop` may end it (the output is then abandoned and
    /// `LogVideoRenderStopped` thrown), and after each `progress(k, count, t)` is told. Returns the seconds spent
    /// encoding. The output is not finished here.
    public func run(drawing: OffscreenScene, output: VideoOutput, shouldStop: () -> Bool,
                    progress: (Int, Int, Double) -> Void) throws -> Double {
        var encoding = 0.0
        for (k, t) in times.enumerated() {
            if shouldStop() {
                output.abandon()
                throw LogVideoRenderStopped(framesWritten: k, frameCount: times.count)
            }
            let frame = try drawing.picture(step: k)
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

    public init(framesWritten: Int, frameCount: Int) {
        self.framesWritten = framesWritten
        self.frameCount = frameCount
    }
}
