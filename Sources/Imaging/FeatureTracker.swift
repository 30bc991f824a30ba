import CVShim
import Pixels
import SafeText

/// One corner seen in two consecutive frames, in OpenCV pixel coordinates.
public struct TrackedPoint: Sendable {
    public var from: SIMD2<Double>
    public var to: SIMD2<Double>
}

/// Tracks corners from each frame to the next with OpenCV (Shi-Tomasi corners, pyramidal Lucas-Kanade
/// flow), keeping only the tracks one RANSAC homography explains. Feed frames in order.
public final class FeatureTracker {
    private var handle: OpaquePointer?
    public let maximumCorners: Int

    public init(maximumCorners: Int = 150) throws {
        self.maximumCorners = maximumCorners
        var err = [CChar](repeating: 0, count: 512)
        handle = cvs_tracker_create(Int32(maximumCorners), &err, err.count)
        if handle == nil { throw ImagingError.refused(step: "feature tracker", reason: String(nulTerminated: err)) }
    }

    deinit { if let handle { cvs_tracker_free(handle) } }

    /// The tracks from the previous frame into `image` (none for the first frame), and how many corners
    /// the previous frame had.
    public func push(_ image: RGBImage, source: String) throws -> (points: [TrackedPoint], corners: Int) {
        var pairs = [Float](repeating: 0, count: 4 * maximumCorners)
        var count: Int32 = 0, corners: Int32 = 0
        try image.pixels.withUnsafeBufferPointer { bytes in
            _ = try withErrorBuffer { err, len in
                cvs_tracker_push_rgb(handle, bytes.baseAddress, Int32(image.width), Int32(image.height), &pairs, &count, &corners, err, len)
            } describe: { ImagingError.video(path: source, reason: "cannot track features: \($0)") }
        }
        let values = pairs.map(Double.init)
        let points = (0..<Int(count)).map { (i: Int) -> TrackedPoint in
            let from = SIMD2<Double>(values[4 * i], values[4 * i + 1])
            let to = SIMD2<Double>(values[4 * i + 2], values[4 * i + 3])
            return TrackedPoint(from: from, to: to)
        }
        return (points, Int(corners))
    }
}
