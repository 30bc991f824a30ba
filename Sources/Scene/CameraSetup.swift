import AttitudeMath
import Camera
import Foundation
import Imaging
import Logging
import Pixels
import Render

/// The loaded camera settings: turns an attitude into a scene for a viewport, and a background picture
/// into the one to draw. `CameraSetup()` is the seed's picture (docs/conventions.md): 60°, the die in front of the
/// camera, no panorama; a new value each time, as a setup can hold an undistorter (a class over OpenCV state).
public struct CameraSetup {
    public var fieldOfViewDegrees: Double?
    /// The camera and its lens (`CameraSettings.intrinsics`); nil: a pinhole of `fieldOfViewDegrees`, or the seed's.
    public var intrinsics: LensCamera?
    /// Where `intrinsics` came from, as messages name it.
    public var intrinsicsSource: String?
    public var undistorter: Undistorter?
    public var anchor: Anchor?
    public var panorama: RGBImage?
    public var panoramaPath: String?
    /// How a distorted lens is drawn: the die through it over the picture as taken (`warp`), or the picture
    /// undistorted (`undistort`, with `undistorter`).
    public var lensDrawing: LensDrawing = .warp

    public init(fieldOfViewDegrees: Double? = nil, intrinsics: LensCamera? = nil, intrinsicsSource: String? = nil,
                undistorter: Undistorter? = nil, anchor: Anchor? = nil, panorama: RGBImage? = nil, panoramaPath: String? = nil) {
        self.fieldOfViewDegrees = fieldOfViewDegrees
        self.intrinsics = intrinsics
        self.intrinsicsSource = intrinsicsSource
        self.undistorter = undistorter
        self.anchor = anchor
        self.panorama = panorama
        self.panoramaPath = panoramaPath
    }

    /// The camera for a viewport; nil keeps the seed's gluPerspective (so default pictures stay identical).
    public func camera(width: Int, height: Int) -> PinholeCamera? {
        if let intrinsics { return intrinsics.pinhole.fitted(toWidth: width, height: height) }
        if let fieldOfViewDegrees { return PinholeCamera(verticalFieldOfViewDegrees: fieldOfViewDegrees, width: width, height: height) }
        return nil
    }

    public func scene(worldFromDevice: Quaternion?, greyed: Bool = false, width: Int, height: Int) -> SceneState {
        scene(SceneState(worldFromDevice: worldFromDevice, greyed: greyed), width: width, height: height)
    }

    /// `state` seen through this camera in a viewport: its projection, and the die's anchor.
    public func scene(_ state: SceneState, width: Int, height: Int) -> SceneState {
        var state = state
        state.camera = camera(width: width, height: height)
        state.anchor = anchor
        // Through the lens over the picture as taken; a panorama is drawn through the pinhole, and the die with it.
        if lensDrawing == .warp, panorama == nil, let intrinsics, intrinsics.isDistorted { state.lens = intrinsics.lens }
        return state
    }

    /// Hands the panorama, if any, to a renderer; says on stderr when it had to be shrunk to fit.
    public func install(on renderer: SceneRenderer) {
        guard let panorama, let panoramaPath else { return }
        renderer.setPanorama(panorama) { from, to, limit in
            sceneLogger.warning(
                "\(panoramaPath): \(from.0)x\(from.1) is larger than this driver's largest texture (\(limit)); halved to \(to.0)x\(to.1)")
        }
    }

    /// The background picture as drawn: with calibrated intrinsics it must have the calibrated size,
    /// and with distortion it is undistorted when `lensDrawing` is `undistort` (kept as taken for `warp`).
    public func prepare(background image: RGBImage, source: String) throws -> RGBImage {
        guard let intrinsics else { return image }
        guard image.width == intrinsics.pinhole.width, image.height == intrinsics.pinhole.height else {
            throw ImagingError.video(path: source, reason: "is \(image.width)x\(image.height), but \(intrinsicsSource ?? "the intrinsics") "
                                     + "describes \(intrinsics.pinhole.width)x\(intrinsics.pinhole.height) pictures")
        }
        return try undistorter?.apply(image, source: source) ?? image
    }
}
