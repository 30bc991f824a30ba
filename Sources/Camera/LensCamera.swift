import AttitudeMath
import Foundation
import Pixels

/// A camera with its lens: the pinhole's intrinsics for the picture's size (focal lengths, principal point, skew)
/// and the lens that bends rays onto it, pixels and rays in C as OpenCV maps them. The one value for a camera
/// wherever it comes from: an OpenCV calibration file (`--intrinsics`, CalibrationFiles' `LensCamera.read`), a calibration's
/// `Rig.camera`, a fit (Calibration), a synthetic clip's truth; what drawing takes (`CameraSettings.intrinsics`).
public struct LensCamera: Equatable, Sendable {
    public var pinhole: PinholeCamera
    public var lens: Lens

    public init(pinhole: PinholeCamera, lens: Lens = .pinhole) {
        self.pinhole = pinhole
        self.lens = lens
    }

    /// A camera with radial-tangential coefficients in OpenCV's order (the model of OpenCV's own tools); a count
    /// `Lens.make` refuses is kept as given.
    public init(pinhole: PinholeCamera, distortion: [Double]) {
        self.init(pinhole: pinhole, lens: (try? Lens.make(model: "radial", coefficients: distortion).get()) ?? .radial(distortion))
    }

    /// Whether the lens bends the picture (a picture then needs undistorting to be seen through the pinhole).
    public var isDistorted: Bool { lens != .pinhole }

    /// A camera whose picture is `verticalFieldOfViewDegrees` tall through `lens`: the ray half that above the axis lands
    /// half the picture's height above the centre (for the pinhole, `PinholeCamera(verticalFieldOfViewDegrees:)`).
    /// Nil when the lens does not reach that ray.
    public init?(verticalFieldOfViewDegrees: Double, size: PictureSize, lens: Lens) {
        let half = Angle.radians(fromDegrees: verticalFieldOfViewDegrees / 2)
        guard let d = lens.distort(SIMD3(0, sin(half), cos(half))), d.y > 0 else { return nil }
        self.init(pinhole: PinholeCamera(focalLength: Double(size.height) / 2 / d.y, size: size), lens: lens)
    }

    /// The picture's vertical field of view in degrees: twice the angle from the axis of the ray half the
    /// picture's height above the principal point (nil where the lens cannot be inverted there).
    public var verticalFieldOfViewDegrees: Double? {
        guard let r = lens.ray(distorted: SIMD2(0, Double(pinhole.height) / 2 / pinhole.fy)) else { return nil }
        return Angle.degrees(fromRadians: 2 * atan2((r.x * r.x + r.y * r.y).squareRoot(), r.z))
    }

    /// The pixel a ray in C lands on, or nil when the lens does not reach it.
    public func project(_ ray: SIMD3<Double>) -> SIMD2<Double>? {
        guard let p = lens.distort(ray) else { return nil }
        return pinhole.pixel(normalized: p)
    }

    /// The unit ray in C through a pixel, or nil where the lens cannot be inverted.
    public func ray(pixel: SIMD2<Double>) -> SIMD3<Double>? {
        lens.ray(distorted: pinhole.normalized(pixel: pixel))
    }
}
