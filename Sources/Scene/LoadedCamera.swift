import AttitudeMath
import Camera
import Foundation
import Imaging
import Logging
import Pixels
import Render

/// `CameraSettings` loaded (`CameraSettings.load()`): the files they name read and the maps they need built. It turns an
/// attitude into a scene for a viewport, and a background picture into the one to draw. `LoadedCamera()` is the articles'
/// picture (docs/conventions.md): 60°, the die in front of the camera, no panorama; a new value each time, as a loaded
/// camera can hold an undistorter (a class over OpenCV state).
public struct LoadedCamera {
    /// What was loaded: the camera (`--fov`, `--intrinsics`), the anchor, the panorama's path, how a lens is drawn.
    public var settings: CameraSettings
    /// The undistortion maps of a distorted lens drawn `undistort`.
    public var undistorter: Undistorter?
    /// The panorama's picture.
    public var panorama: RGBImage?

    public init(_ settings: CameraSettings = CameraSettings(), undistorter: Undistorter? = nil, panorama: RGBImage? = nil) {
        self.settings = settings
        self.undistorter = undistorter
        self.panorama = panorama
    }

    /// Where the die sits: the settings' anchor, or the one a pipeline aims at a look (`AnchorOrigin`).
    public var anchor: Anchor? {
        get { settings.anchor }
        set { settings.anchor = newValue }
    }

    /// The camera for a viewport of `size`; nil keeps the articles' gluPerspective (so default pictures stay identical).
    public func camera(size: PictureSize) -> PinholeCamera? {
        if let intrinsics = settings.intrinsics { return intrinsics.pinhole.fitted(to: size) }
        if let verticalFieldOfViewDegrees = settings.verticalFieldOfViewDegrees {
            return PinholeCamera(verticalFieldOfViewDegrees: verticalFieldOfViewDegrees, size: size)
        }
        return nil
    }

    public func scene(worldFromDevice: Quaternion?, greyed: Bool = false, size: PictureSize) -> SceneState {
        scene(SceneState(worldFromDevice: worldFromDevice, greyed: greyed), size: size)
    }

    /// `state` seen through this camera in a viewport of `size`: its projection, and the die's anchor.
    public func scene(_ state: SceneState, size: PictureSize) -> SceneState {
        var state = state
        state.camera = camera(size: size)
        state.anchor = anchor
        // Through the lens over the picture as taken; a panorama is drawn through the pinhole, and the die with it.
        if settings.lensDrawing == .warp, panorama == nil, let intrinsics = settings.intrinsics, intrinsics.isDistorted { state.lens = intrinsics.lens }
        return state
    }

    /// Hands the panorama, if any, to a renderer; says on stderr when it had to be shrunk to fit.
    public func install(on renderer: SceneRenderer) {
        guard let panorama, let panoramaPath = settings.panoramaPath else { return }
        renderer.setPanorama(panorama) { from, to, limit in
            sceneLogger.warning(
                "\(panoramaPath): \(from.0)x\(from.1) is larger than this driver's largest texture (\(limit)); halved to \(to.0)x\(to.1)")
        }
    }

    /// The background picture as drawn: with calibrated intrinsics it must have the calibrated size,
    /// and with distortion it is undistorted when `lensDrawing` is `undistort` (kept as taken for `warp`).
    public func prepare(background image: RGBImage, source: String) throws -> RGBImage {
        guard let intrinsics = settings.intrinsics else { return image }
        guard image.width == intrinsics.pinhole.width, image.height == intrinsics.pinhole.height else {
            throw ImagingError.video(path: source, reason: "is \(image.width)x\(image.height), but \(settings.intrinsicsSource ?? "the intrinsics") "
                                     + "describes \(intrinsics.pinhole.width)x\(intrinsics.pinhole.height) pictures")
        }
        return try undistorter?.apply(image, source: source) ?? image
    }
}
