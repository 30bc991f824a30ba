import AttitudeMath
import CVShim
import Pixels
import SafeText

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
        if handle == nil { throw ImagingError.refused(step: "long tracker", reason: String(nulTerminated: err)) }
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
