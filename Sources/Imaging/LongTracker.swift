import AttitudeMath
import CVShim
import Pixels

/// One corner alive in a frame: the number it was given when found, and where it is, in OpenCV pixel coordinates.
public struct LivingCorner: Sendable, Equatable {
    public var id: Int
    public var point: SIMD2<Double>

    public init(id: Int, point: SIMD2<Double>) {
        self.id = id
        self.point = point
    }
}

/// Follows corners for as long as they live (OpenCV: pyramidal Lucas-Kanade from frame to frame, checked by tracking
/// back; new Shi-Tomasi corners found away from the living ones): two frames far apart see the same corner under the
/// same number, which a frame pair's tracker cannot say. Feed frames in order.
public final class LongTracker {
    private var handle: OpaquePointer?
    public let maximumCorners: Int

    public init(maximumCorners: Int = 150) throws {
        self.maximumCorners = maximumCorners
        var err = [CChar](repeating: 0, count: 512)
        handle = cvs_long_tracker_create(Int32(maximumCorners), &err, err.count)
        if handle == nil { throw ImagingError.video(path: "long tracker", reason: String(nulTerminated: err)) }
    }

    deinit { if let handle { cvs_long_tracker_free(handle) } }

    /// The corners alive in `image`, the next frame.
    public func push(_ image: RGBImage, source: String) throws -> [LivingCorner] {
        var ids = [Int64](repeating: 0, count: maximumCorners)
        var points = [Float](repeating: 0, count: 2 * maximumCorners)
        var count: Int32 = 0
        try image.pixels.withUnsafeBufferPointer { bytes in
            _ = try withErrorBuffer { err, len in
                cvs_long_tracker_push_rgb(handle, bytes.baseAddress, Int32(image.width), Int32(image.height), &ids, &points, &count, err, len)
            } describe: { ImagingError.video(path: source, reason: "cannot track features: \($0)") }
        }
        return (0..<Int(count)).map { LivingCorner(id: Int(ids[$0]), point: SIMD2(Double(points[2 * $0]), Double(points[2 * $0 + 1]))) }
    }
}

/// The rotation between two views of one scene from the points' essential matrix (OpenCV: findEssentialMat with
/// RANSAC, recoverPose), which a camera's move does not disturb as it disturbs a rotation fitted alone.
public enum EssentialRotation {
    /// The turn of the rays of fixed points from view a to view b (X_b = R·X_a + t), as a rotation in the camera's
    /// frame C, and how many points fit it; nil when no essential matrix is found. Each pair is one point's rays in C
    /// in view a and in view b (any length, z > 0); `threshold` is RANSAC's, in the rays' normalised units (pixels over
    /// the focal length).
    public static func rotation(of rays: [(a: SIMD3<Double>, b: SIMD3<Double>)], threshold: Double) throws -> (turn: Quaternion, inliers: Int)? {
        let from = rays.flatMap { [$0.a.x / $0.a.z, $0.a.y / $0.a.z] }, to = rays.flatMap { [$0.b.x / $0.b.z, $0.b.y / $0.b.z] }
        var rows = [Double](repeating: 0, count: 9)
        var inliers: Int32 = 0
        let status = try withErrorBuffer { err, len in
            cvs_essential_rotation(from, to, Int32(rays.count), threshold, &rows, &inliers, err, len)
        } describe: { ImagingError.video(path: "essential matrix", reason: $0) }
        guard status == 0, inliers > 0 else { return nil }
        let turn = Quaternion(rotationMatrixRows: [Array(rows[0..<3]), Array(rows[3..<6]), Array(rows[6..<9])])
        return (turn, Int(inliers))
    }
}
