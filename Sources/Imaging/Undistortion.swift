import Camera
import CVShim
import Foundation
import Pixels
import SafeText

/// Undistorts pictures of a calibrated camera with OpenCV: the maps are built once, here, and each
/// picture is remapped bilinearly. The undistorted picture keeps the same camera matrix.
public final class Undistorter {
    private var handle: OpaquePointer?
    public let camera: LensCamera

    public init(camera: LensCamera) throws {
        self.camera = camera
        var raw = camera.raw
        var err = [CChar](repeating: 0, count: 512)
        handle = cvs_undistorter_create(&raw, &err, err.count)
        if handle == nil { throw ImagingError.refused(step: "undistortion maps", reason: String(nulTerminated: err)) }
    }

    deinit { if let handle { cvs_undistorter_free(handle) } }

    /// The undistorted picture; `image` must have the calibrated size.
    public func apply(_ image: RGBImage, source: String) throws -> RGBImage {
        guard image.width == camera.pinhole.width, image.height == camera.pinhole.height else {
            throw ImagingError.video(path: source, reason: "is \(image.width)x\(image.height), but the intrinsics are "
                                     + "for \(camera.pinhole.width)x\(camera.pinhole.height) pictures")
        }
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        try image.pixels.withUnsafeBufferPointer { input in
            try out.withUnsafeMutableBufferPointer { output in
                _ = try withErrorBuffer { err, len in
                    cvs_undistorter_apply_rgb(handle, input.baseAddress, output.baseAddress, err, len)
                } describe: { ImagingError.video(path: source, reason: "cannot undistort: \($0)") }
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: out)
    }
}

extension LensCamera {
    /// The camera as the shim's undistorter takes it.
    var raw: cvs_intrinsics {
        var out = cvs_intrinsics()
        let k = pinhole.matrixRows
        let distortion = lens.coefficients
        _ = withUnsafeMutableBytes(of: &out.camera_matrix) { $0.bindMemory(to: Double.self).update(fromContentsOf: k) }
        withUnsafeMutableBytes(of: &out.distortion) { _ = $0.bindMemory(to: Double.self).update(fromContentsOf: distortion) }
        out.distortion_count = Int32(distortion.count)
        out.image_width = Int32(pinhole.width)
        out.image_height = Int32(pinhole.height)
        if case .fisheye = lens {
            withUnsafeMutableBytes(of: &out.distortion_model) { raw in
                for (i, byte) in "fisheye".utf8.enumerated() { raw[i] = byte }
            }
        }
        return out
    }
}

/// OpenCV's own projection of points in its camera frame C through a lens (`cv::projectPoints`,
/// `cv::fisheye::projectPoints`): an oracle for `LensCamera`, which the renderer and calibration use.
public enum OpenCVProjection {
    public static func project(_ points: [SIMD3<Double>], camera: LensCamera) throws -> [SIMD2<Double>] {
        let p = camera.pinhole
        let k = p.matrixRows
        let d = camera.lens.coefficients
        let flat = points.flatMap { [$0.x, $0.y, $0.z] }
        var out = [Double](repeating: 0, count: 2 * points.count)
        var isFisheye: Int32 = 0
        if case .fisheye = camera.lens { isFisheye = 1 }
        _ = try withErrorBuffer { err, len in
            cvs_project_points(isFisheye, nil, k, d, Int32(d.count), flat, Int32(points.count), &out, err, len)
        } describe: { ImagingError.refused(step: "projection", reason: $0) }
        return (0..<points.count).map { SIMD2(out[2 * $0], out[2 * $0 + 1]) }
    }
}
