import AttitudeMath
import Camera
import CGL
import Foundation
import Imaging
import Pixels
import Render
import XCTest

/// One headless OpenGL context and renderer for the whole test process: the renderer's tests draw with it,
/// and the commands' and the library's tests compare their pictures with it.
public enum RenderHarness {
    // nonisolated(unsafe): an OpenGL context is current on one thread only, and XCTest runs the tests
    // one at a time on that thread; these are created once (a static let is initialised exactly once)
    // and never used from another thread.
    nonisolated(unsafe) private static let shared: Result<(HeadlessContext, SceneRenderer), Error> = Result {
        let context = try HeadlessContext()
        let renderer = try SceneRenderer(assets: try Assets.locate(), readImage: RGBImage.read)
        return (context, renderer)
    }

    /// A second renderer in the same context, drawing the red box.
    nonisolated(unsafe) private static let box: Result<SceneRenderer, Error> = Result {
        _ = try shared.get()
        return try SceneRenderer(assets: try Assets.locate(), model: .box, readImage: RGBImage.read)
    }

    /// The shared renderer of `model`, its context made current: a test that made and dropped a context of its own
    /// (a pipeline, a synthetic clip) may have left another current, or none.
    public static func renderer(_ model: SceneModel = .die) throws -> SceneRenderer {
        try shared.get().0.makeCurrent()
        return model == .box ? try box.get() : try shared.get().1
    }

    /// Renders one frame offscreen, exactly as `steady-dice snapshot` does.
    public static func render(_ worldFromDevice: Quaternion?, width: Int, height: Int, background: RGBImage? = nil,
                       generation: Int = 0, clear: RGBColor = .defaultBackground, model: SceneModel = .die,
                       camera: PinholeCamera? = nil, anchor: Anchor? = nil, hud: HUDReadout? = nil) throws -> RGBImage {
        let renderer = try renderer(model)
        if hud != nil { try renderer.prepareHUD() }
        renderer.clearColor = clear
        let size = PictureSize(fixedWidth: width, height: height)
        let target = try OffscreenTarget(size: size)
        target.bind()
        renderer.setBackground(background, generation: generation, viewport: size)
        renderer.draw(SceneState(worldFromDevice: worldFromDevice, camera: camera, anchor: anchor, hud: hud), size: size)
        return target.readImage()
    }

    /// The shared context's GL_RENDERER and GL_VERSION, one a line: what the goldens depend on.
    public static func rendererDescription() throws -> String {
        _ = try renderer()
        func string(_ name: Int32) -> String {
            guard let bytes = glGetString(GLenum(name)) else { return "(none)" }
            return String(cString: UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))
        }
        return string(GL_RENDERER) + "\n" + string(GL_VERSION)
    }
}
