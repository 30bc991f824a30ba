import Camera

/// The lens model `calibrate --lens` estimates.
public enum LensModel: String, CaseIterable, Sendable {
    /// No distortion: the focal length alone.
    case pinhole
    /// OpenCV's radial-tangential model with k1 and k2 estimated (p1, p2 and k3 held at 0).
    case radial
    /// OpenCV's fisheye model with k1 to k4 estimated.
    case fisheye

    /// How many coefficients are estimated.
    var coefficientCount: Int {
        switch self {
        case .pinhole: return 0
        case .radial: return 2
        case .fisheye: return 4
        }
    }

    /// The lens with these estimated coefficients.
    func lens(_ k: [Double]) -> Lens {
        switch self {
        case .pinhole: return .pinhole
        case .radial: return .radial([k[0], k[1], 0, 0])
        case .fisheye: return .fisheye(SIMD4(k[0], k[1], k[2], k[3]))
        }
    }
}
