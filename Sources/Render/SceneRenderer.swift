import AttitudeMath
import Camera
import CGL
import Foundation
import Pixels

/// What one frame shows: the attitude, whether it is live, and the camera.
public struct SceneState {
    /// The device-to-world attitude; nil draws the background only.
    public var worldFromDevice: Quaternion?
    /// Draw the die grey: the attitude is stale or not trusted (no daemon, not converged).
    public var greyed: Bool
    /// The camera, already fitted to the viewport; nil is the default 60° perspective.
    public var camera: PinholeCamera?
    /// Where the die sits in the world; nil keeps it 4 units in front of the camera (Eq. VII).
    public var anchor: Anchor?
    /// The HUD's text, drawn over everything; nil draws no HUD (and leaves the picture as it was).
    public var hud: HUDReadout?
    /// The lens the background was taken through: the die is drawn through it onto `camera`'s pixels
    /// (nil or the pinhole: `camera`'s projection alone).
    public var lens: Lens?

    public init(worldFromDevice: Quaternion?, greyed: Bool = false, camera: PinholeCamera? = nil, anchor: Anchor? = nil,
                hud: HUDReadout? = nil) {
        self.worldFromDevice = worldFromDevice
        self.greyed = greyed
        self.camera = camera
        self.anchor = anchor
        self.hud = hud
    }
}

/// Draws the scene (background, then the die or the box, then the HUD) into whatever framebuffer is
/// bound: the window's or an `OffscreenTarget`. Needs a current OpenGL 3.3 core context.
public final class SceneRenderer {
    private let background: BackgroundLayer
    private let die: DieLayer
    private let panorama: PanoramaLayer
    private let model: SceneModel
    private let assets: Assets
    private var hudLayer: HUDLayer?
    private var backgroundGeneration: Int?
    private var backgroundViewport: PictureSize?
    /// The colour behind everything; the whole background when no image is set.
    public var clearColor = RGBColor.defaultBackground

    /// A renderer drawing `model` (the die unless told otherwise) at the origin of the world frame. `readImage` reads the
    /// model's texture picture (`Imaging`'s `RGBImage.read(path:)`): Render reads no image file itself, so that it links
    /// no image codec.
    public init(assets: Assets, model: SceneModel = .die, readImage: (_ path: String) throws -> RGBImage) throws {
        self.assets = assets
        background = try BackgroundLayer(assets: assets)
        self.model = model
        die = try DieLayer(assets: assets, model: model, readImage: readImage)
        panorama = try PanoramaLayer(assets: assets)
        let error = glGetError()
        if error != GL_NO_ERROR { throw RenderError.glError(step: "renderer set-up", code: error) }
    }

    /// Loads the HUD's shaders and font, once; a state with a `hud` draws it from then on.
    /// Throws when the font cannot be found or rasterised.
    public func prepareHUD() throws {
        guard hudLayer == nil else { return }
        hudLayer = try HUDLayer(assets: assets)
        let error = glGetError()
        if error != GL_NO_ERROR { throw RenderError.glError(step: "HUD set-up", code: error) }
    }

    /// True once `prepareHUD()` succeeded.
    public var isHUDPrepared: Bool { hudLayer != nil }

    /// The current background crop, if an image is set and has been drawn.
    public var backgroundCrop: BackgroundCrop? { background.crop }
    /// Texture allocations made for backgrounds so far (once per crop size).
    public var backgroundAllocations: Int { background.allocationCount }

    /// Sets the background image for a viewport of `viewport`. `generation` names the frame: an image is uploaded again
    /// only when the generation or the viewport changes. Pass nil for a plain `clearColor` background. An image
    /// wider or taller than GL_MAX_TEXTURE_SIZE is halved until it fits, as a panorama is.
    public func setBackground(_ image: RGBImage?, generation: Int, viewport: PictureSize) {
        guard let image else {
            backgroundGeneration = nil
            return
        }
        guard generation != backgroundGeneration || backgroundViewport != viewport else { return }
        // A texture past GL_MAX_TEXTURE_SIZE is not allocated and would draw black: halve (2x2 means) until it fits.
        let limit = PanoramaLayer.maximumTextureSize
        var fitted = image
        while limit > 0 && (fitted.width > limit || fitted.height > limit) { fitted = fitted.halved() }
        background.update(image: fitted, viewport: viewport)
        backgroundGeneration = generation
        backgroundViewport = viewport
    }

    /// The largest panorama side this driver takes as it is (GL_MAX_TEXTURE_SIZE; 16384 on llvmpipe).
    public static var maximumTextureSize: Int { PanoramaLayer.maximumTextureSize }

    /// Sets an equirectangular panorama as the background, instead of any image. A panorama wider
    /// or taller than GL_MAX_TEXTURE_SIZE is halved (2x2 means) until it fits, and `shrunk` says so.
    public func setPanorama(_ image: RGBImage, shrunk: (_ from: (Int, Int), _ to: (Int, Int), _ limit: Int) -> Void = { _, _, _ in }) {
        let limit = PanoramaLayer.maximumTextureSize
        var fitted = image
        while fitted.width > limit || fitted.height > limit { fitted = fitted.halved() }
        if fitted.width != image.width { shrunk((image.width, image.height), (fitted.width, fitted.height), limit) }
        panorama.set(fitted)
    }

    /// Draws one frame at the viewport size `size` into the bound framebuffer.
    public func draw(_ state: SceneState, size: PictureSize) {
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        if panorama.isSet, let worldFromDevice = state.worldFromDevice {
            glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
            let camera = state.camera ?? PinholeCamera(verticalFieldOfViewDegrees: PinholeCamera.defaultFieldOfViewDegrees, size: size)
            panorama.draw(camera: camera, worldFromDevice: worldFromDevice)
        } else if backgroundGeneration != nil {
            // The background quad covers every pixel, so only depth needs clearing.
            glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
            background.draw()
        } else {
            glClearColor(Float(clearColor.r) / 255, Float(clearColor.g) / 255, Float(clearColor.b) / 255, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        }
        if let worldFromDevice = state.worldFromDevice {
            let throughLens = state.lens.flatMap { lens in state.camera.map { (lens: lens, camera: $0) } }
            let projection = state.camera?.projectionMatrix(near: Double(DieView.near), far: Double(DieView.far))
                ?? DieView.projection(verticalFieldOfViewDegrees: PinholeCamera.defaultFieldOfViewDegrees, aspect: Float(size.width) / Float(size.height))
            if let anchor = state.anchor {
                if anchor.isInFront(worldFromDevice: worldFromDevice, near: Double(DieView.near), halfExtents: model.halfExtents) {
                    die.draw(projection: projection, modelView: anchor.modelView(worldFromDevice: worldFromDevice), greyed: state.greyed,
                             lens: throughLens)
                }
            } else {
                die.draw(projection: projection, modelView: DieView.modelView(worldFromDevice: worldFromDevice), greyed: state.greyed,
                         lens: throughLens)
            }
        }
        if let hud = state.hud, let hudLayer {
            hudLayer.draw(lines: hud.lines, size: size, model: model, anchored: state.anchor != nil)
        }
    }
}
