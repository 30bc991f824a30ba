import Pixels

/// The middle of a picture, within a share of its half-diagonal of the centre: where any lens is nearly a pinhole, so
/// that a pinhole standing for a wide lens describes the points there and not the ones near the edges.
public struct CentralRegion: Sendable, Equatable {
    /// The share of the half-diagonal trusted through a pinhole that may stand for a wide lens.
    public static let pinholeShare = 0.6

    public let centre: SIMD2<Double>
    /// Pixels from the centre within which a point is central.
    public let radius: Double

    /// The region of a picture of `size` within `share` of its half-diagonal of its centre (OpenCV pixels: the
    /// centre of the top-left pixel is 0, 0).
    public init(size: PictureSize, share: Double = CentralRegion.pinholeShare) {
        centre = SIMD2(Double(size.width - 1) / 2, Double(size.height - 1) / 2)
        radius = share * centre.length
    }

    public func contains(_ pixel: SIMD2<Double>) -> Bool {
        let d = pixel - centre
        return d.length <= radius
    }
}
