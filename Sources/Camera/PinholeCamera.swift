import AttitudeMath
import Foundation
import Pixels

/// A pinhole camera in OpenCV's terms, for a picture of `size`.
///
/// Pixel coordinates are OpenCV's: pixel (column i, row j) has its centre at (i, j), rows from the
/// top, so the picture spans [-0.5, width - 0.5] x [-0.5, height - 0.5]. The camera frame C is
/// OpenCV's (X right, Y down, Z forward): X = x_D, Y = -y_D, Z = -z_D, and a point projects to
/// u = fx·X/Z + s·Y/Z + cx, v = fy·Y/Z + cy, with s the camera matrix's skew K[0][1] (0 for almost every camera;
/// OpenCV's matrix K = [fx s cx; 0 fy cy; 0 0 1] may hold one, as some phones' calibrations do). No distortion: a distorted lens is a `LensCamera`, this pinhole and a `Lens`
/// (the die is drawn through the lens onto the picture as taken, or the picture is undistorted: `LensDrawing`).
public struct PinholeCamera: Equatable, Sendable {
    /// Focal lengths in pixels.
    public var fx: Double, fy: Double
    /// The principal point in pixels (OpenCV pixel coordinates).
    public var cx: Double, cy: Double
    /// The skew in pixels, K[0][1]: u moves by `skew` for each unit of Y/Z.
    public var skew: Double
    /// The picture's size in pixels.
    public var size: PictureSize
    /// The picture's width in pixels, `size.width`.
    public var width: Int { size.width }
    /// The picture's height in pixels, `size.height`.
    public var height: Int { size.height }

    public init(fx: Double, fy: Double, cx: Double, cy: Double, skew: Double = 0, size: PictureSize) {
        self.fx = fx; self.fy = fy; self.cx = cx; self.cy = cy; self.skew = skew
        self.size = size
    }

    /// The camera matrix K row by row, [fx s cx; 0 fy cy; 0 0 1], as OpenCV stores it.
    public var matrixRows: [Double] { [fx, skew, cx, 0, fy, cy, 0, 0, 1] }

    /// The pixel of normalised coordinates (X/Z, Y/Z) in C (after a lens, its distorted ones): K applied.
    public func pixel(normalized p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(fx * p.x + skew * p.y + cx, fy * p.y + cy)
    }

    /// The normalised coordinates (X/Z, Y/Z) in C of a pixel: K's inverse applied.
    public func normalized(pixel p: SIMD2<Double>) -> SIMD2<Double> {
        let y = (p.y - cy) / fy
        return SIMD2((p.x - cx - skew * y) / fx, y)
    }

    /// The focal lengths taken, as multiples of the picture's larger side: 1/100 (a pinhole's view close to
    /// 180°) to 100 (a view of 0.6°, a long telephoto's). Past them a camera matrix is a typing error.
    public static let focalLengthRange = 0.01...100.0

    /// Why `fx, fy, cx, cy` cannot be a camera for a picture of `size`, naming the field, or nil.
    /// The focal lengths must be within `focalLengthRange` times the larger side, and the principal point
    /// within one picture width (height) of the picture: -width to 2·width, -height to 2·height.
    public static func problem(fx: Double, fy: Double, cx: Double, cy: Double, size: PictureSize) -> String? {
        let (width, height) = (size.width, size.height)
        guard fx > 0, fy > 0 else { return "the focal lengths fx = \(fx) and fy = \(fy) must be positive" }
        let side = Double(max(width, height))
        let focal = (focalLengthRange.lowerBound * side)...(focalLengthRange.upperBound * side)
        for (name, f) in [("fx", fx), ("fy", fy)] where !focal.contains(f) {
            return "\(name) = \(f) pixels is not a focal length for a \(size) picture (taken: \(focal.lowerBound) "
                + "to \(focal.upperBound), 1/100 to 100 times its larger side)"
        }
        for (name, c, side) in [("cx", cx, width), ("cy", cy, height)] where !(c >= -Double(side) && c <= 2 * Double(side)) {
            return "\(name) = \(c) puts the principal point far outside the \(size) picture (taken: "
                + "\(-side) to \(2 * side), within one picture of it)"
        }
        return nil
    }

    /// A camera with vertical field of view F = `verticalFieldOfViewDegrees` and its principal point at the
    /// picture's centre: fx = fy = (height/2)/tan(F/2), (cx, cy) = ((width - 1)/2, (height - 1)/2).
    public init(verticalFieldOfViewDegrees: Double, size: PictureSize) {
        self.init(focalLength: Self.focalLength(verticalFieldOfViewDegrees: verticalFieldOfViewDegrees, height: size.height), size: size)
    }

    /// The focal length (pixels) that gives a picture `height` pixels tall the vertical field of view F =
    /// `verticalFieldOfViewDegrees`: (height/2)/tan(F/2).
    public static func focalLength(verticalFieldOfViewDegrees: Double, height: Int) -> Double {
        Double(height) / 2 / tan(verticalFieldOfViewDegrees * .pi / 360)
    }

    /// A camera with fx = fy = `focalLength` (pixels) and its principal point at the picture's centre,
    /// ((width - 1)/2, (height - 1)/2).
    public init(focalLength f: Double, size: PictureSize) {
        self.init(fx: f, fy: f, cx: Double(size.width - 1) / 2, cy: Double(size.height - 1) / 2, size: size)
    }

    /// The vertical field of view in degrees, 2·atan((height/2)/fy): the inverse of `init(verticalFieldOfViewDegrees:)`.
    public var verticalFieldOfViewDegrees: Double { Self.fieldOfViewDegrees(across: height, focalLength: fy) }

    /// Degrees a pinhole of focal length `f` (pixels) sees across `side` pixels: 2·atan((side/2)/f).
    public static func fieldOfViewDegrees(across side: Int, focalLength f: Double) -> Double { Angle.degrees(fromRadians: 2 * atan(Double(side) / 2 / f)) }

    /// The same camera seen through a window of size `window`: the picture is cropped
    /// about its centre to the window's aspect (`ImageCrop`, as the background is) and the crop is
    /// scaled to fill the window, edges onto edges: u' + 0.5 = s·(u + 0.5 - x0), per axis.
    public func fitted(to window: PictureSize) -> PinholeCamera {
        let crop = ImageCrop(frameWidth: width, frameHeight: height, viewportWidth: window.width, viewportHeight: window.height)
        let sx = Double(window.width) / Double(crop.width)
        let sy = Double(window.height) / Double(crop.height)
        return PinholeCamera(fx: fx * sx, fy: fy * sy,
                             cx: sx * (cx + 0.5 - Double(crop.x)) - 0.5, cy: sy * (cy + 0.5 - Double(crop.y)) - 0.5, skew: skew * sx,
                             size: window)
    }

    /// The pixel a point in the device frame D projects to, or nil when it is not in front of the camera.
    public func project(device p: SIMD3<Double>) -> SIMD2<Double>? {
        let c = CameraFrame.camera(fromDevice: p)
        guard c.z > 0 else { return nil }
        return pixel(normalized: SIMD2(c.x / c.z, c.y / c.z))
    }

    /// The unit ray in OpenCV's camera frame C through a pixel (no lens: `LensCamera.ray(pixel:)` with one).
    public func ray(pixel p: SIMD2<Double>) -> SIMD3<Double> {
        let n = normalized(pixel: p)
        return SIMD3(n.x, n.y, 1).normalized
    }

    /// The direction through pixel (u, v), in the device frame D (not normalised; z_D = -1).
    public func deviceRay(u: Double, v: Double) -> SIMD3<Double> {
        let n = normalized(pixel: SIMD2(u, v))
        return SIMD3(n.x, -n.y, -1)
    }

    /// The unit direction through pixel (u, v) in the world frame W, for a device-to-world attitude.
    public func worldRay(u: Double, v: Double, worldFromDevice: Quaternion) -> SIMD3<Double> {
        let d = deviceRay(u: u, v: v)
        return worldFromDevice.rotate(d.normalized)
    }

    /// The OpenGL projection `clipFromDevice` for this camera (points in D, looking along -Z, to clip
    /// space), with the picture filling the viewport: clip space maps
    /// pixel edge -0.5 to -1 and width - 0.5 to +1 (rows flipped, as OpenGL counts from the bottom).
    /// Depth as gluPerspective between `near` and `far` (by default the die's, `DieView.near` and `far`). The skew enters x: y_D = -Y, so s·Y/Z is -2s/w per unit y_D
    /// in clip space.
    public func projectionMatrix(near: Double = Double(DieView.near), far: Double = Double(DieView.far)) -> Matrix4 {
        let w = Double(width), h = Double(height)
        let values: [Double] = [2 * fx / w, -2 * skew / w, 1 - 2 * (cx + 0.5) / w, 0,
                                0, 2 * fy / h, 2 * (cy + 0.5) / h - 1, 0,
                                0, 0, (far + near) / (near - far), 2 * far * near / (near - far),
                                0, 0, -1, 0]
        return Matrix4(rowMajor: values.map(Float.init))
    }
}

/// OpenCV's camera frame C against the device frame D: X = x_D, Y = -y_D, Z = -z_D, a half turn about x.
public enum CameraFrame {
    /// C from D (and D from C: the half turn is its own inverse up to sign), v_C = q·v_D.
    public static let cameraFromDevice = Quaternion(w: 0, x: 1, y: 0, z: 0)

    /// A vector in D in C's coordinates (and, the map being its own inverse, one in C in D's).
    public static func camera(fromDevice v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(v.x, -v.y, -v.z) }
}

// MARK: - Fields of view

extension PinholeCamera {
    /// Degrees, vertical: the field of view drawing takes when no camera is given (the articles' gluPerspective), and
    /// calibration's starting guess.
    public static let defaultFieldOfViewDegrees = 60.0

    /// Degrees across the picture's height (or width), exclusive at both ends: the fields of view a camera is taken to
    /// have wherever one is given (`--fov`, a camera matrix's, a synthetic clip's truth). (H/2)/tan(F/2) is a finite,
    /// positive focal length only strictly between 0° and 180°, and within a degree of either end a value is a slip
    /// (radians typed for degrees, a half turn), not a lens.
    public static let fieldOfViewBounds = 1.0...179.0

    /// Whether `degrees` lies strictly inside `fieldOfViewBounds`.
    public static func isPhysical(fieldOfViewDegrees degrees: Double) -> Bool {
        degrees > fieldOfViewBounds.lowerBound && degrees < fieldOfViewBounds.upperBound
    }

    /// "between 1 and 179 degrees (exclusive)", as an error names `fieldOfViewBounds`.
    public static var fieldOfViewBoundsText: String {
        String(format: "between %g and %g degrees (exclusive)", fieldOfViewBounds.lowerBound, fieldOfViewBounds.upperBound)
    }
}
