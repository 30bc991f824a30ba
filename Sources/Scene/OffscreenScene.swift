import AttitudeLog
import AttitudeMath
import Foundation
import Imaging
import Pixels
import Render

/// A pipeline's frames drawn offscreen at one size, in a headless EGL context of its own (no display):
/// `snapshot`'s picture, each of `Snapshotter`'s, and every frame of `render`.
public final class OffscreenScene {
    /// The size every frame is drawn at.
    public let size: PictureSize
    public var width: Int { size.width }
    public var height: Int { size.height }
    public let pipeline: SteppedPipeline
    private let context: HeadlessContext
    /// Released before the context, in `deinit`: their GL objects belong to it, and deleting them after it
    /// is gone would delete names in whatever context is current then.
    private var renderer: SceneRenderer?
    private var target: OffscreenTarget?

    /// A renderer for `pipeline`'s model, HUD, colour and panorama, with the shaders and models of `assets`.
    public init(size: PictureSize, assets: Assets, pipeline: SteppedPipeline) throws {
        self.size = size
        self.pipeline = pipeline
        context = try HeadlessContext()
        renderer = try pipeline.makeRenderer(assets: assets)
        target = try OffscreenTarget(size: size)
    }

    deinit {
        target = nil
        renderer = nil
        withExtendedLifetime(context) {}
    }

    /// Frame `k` of the pipeline's clock (an instant has only frame 0), read back upright.
    public func picture(step k: Int = 0) throws -> RGBImage {
        guard let renderer, let target else { preconditionFailure("an offscreen scene is drawn only while it lives") }
        let frame = try pipeline.frame(step: k, size: size)
        target.bind()
        pipeline.draw(frame, with: renderer, size: size)
        return target.readImage()
    }
}
