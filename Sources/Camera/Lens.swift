import Foundation

/// How a lens bends rays onto the picture, in OpenCV's two models, on OpenCV's camera frame C (X right,
/// Y down, Z forward). A lens maps a ray to distorted normalised coordinates (x, y); the pixel is then
/// u = fx·x + cx, v = fy·y + cy, as for the pinhole (`LensCamera`).
///
/// - `radial`: OpenCV's default model (`cv::projectPoints`, `cv::calibrateCamera`) with a ray's
///   x' = X/Z, y' = Y/Z and r² = x'² + y'²:
///   x = x'·(1 + k1 r² + k2 r⁴ + k3 r⁶)/(1 + k4 r² + k5 r⁴ + k6 r⁶) + 2 p1 x'y' + p2 (r² + 2x'²) + s1 r² + s2 r⁴,
///   y = y'·(…)/(…) + p1 (r² + 2y'²) + 2 p2 x'y' + s3 r² + s4 r⁴,
///   coefficients in OpenCV's order (k1, k2, p1, p2[, k3[, k4, k5, k6[, s1, s2, s3, s4]]]): 4, 5, 8 or 12.
///   Rays must point forward (Z > 0).
/// - `fisheye`: OpenCV's fisheye model (`cv::fisheye`): θ the ray's angle from the axis,
///   θd = θ·(1 + k1 θ² + k2 θ⁴ + k3 θ⁶ + k4 θ⁸), and (x, y) = θd·(X, Y)/√(X² + Y²). θ is taken with
///   atan2, so rays past 90° (a lens wider than 180°) map too, where OpenCV's atan of X/Z would not.
public enum Lens: Equatable, Sendable {
    case pinhole
    case radial([Double])
    case fisheye(SIMD4<Double>)

    /// The counts of radial coefficients OpenCV's files hold (14, with a tilted sensor, is not supported).
    public static let radialCounts: Set<Int> = [4, 5, 8, 12]

    /// The largest distortion coefficient taken, in size: calibrated lenses have coefficients under 10
    /// (a rational model's k4..k6 under a few hundred); past 1000 no lens is described.
    public static let largestCoefficient = 1000.0

    /// The lens for a calibration file's coefficients: `model` "fisheye" (4 coefficients) or "radial"
    /// (default, as OpenCV's own tools write it); all zeros is the pinhole. Nil with the reason otherwise.
    public static func make(model: String?, coefficients: [Double]) -> Result<Lens, LensError> {
        guard coefficients.allSatisfy(\.isFinite) else { return .failure(LensError("a distortion coefficient is not finite")) }
        if let (index, value) = coefficients.enumerated().first(where: { abs($0.element) > largestCoefficient }) {
            return .failure(LensError("coefficient \(index + 1) = \(value) is past any lens's (taken: -\(largestCoefficient) "
                                      + "to \(largestCoefficient))"))
        }
        switch model ?? "radial" {
        case "fisheye":
            guard coefficients.count == 4 else {
                return .failure(LensError("the fisheye model takes 4 coefficients (k1, k2, k3, k4), not \(coefficients.count)"))
            }
            return .success(coefficients.allSatisfy { $0 == 0 } ? .pinhole
                            : .fisheye(SIMD4(coefficients[0], coefficients[1], coefficients[2], coefficients[3])))
        case "radial":
            if coefficients.count == 14 && (coefficients[12] != 0 || coefficients[13] != 0) {
                return .failure(LensError("a tilted sensor (τx, τy, the 13th and 14th coefficients) is not supported"))
            }
            let used = coefficients.count == 14 ? Array(coefficients.prefix(12)) : coefficients
            guard used.isEmpty || radialCounts.contains(used.count) else {
                return .failure(LensError("the radial model takes 4, 5, 8, 12 or 14 coefficients, not \(coefficients.count)"))
            }
            return .success(used.allSatisfy { $0 == 0 } ? .pinhole : .radial(used))
        default:
            return .failure(LensError("distortion_model '\(model ?? "")' is not one of radial, fisheye"))
        }
    }

    /// The distorted normalised coordinates of a ray in C, or nil when the model does not reach it
    /// (behind the camera for the pinhole and radial models; past 180° for the fisheye).
    public func distort(_ ray: SIMD3<Double>) -> SIMD2<Double>? {
        switch self {
        case .pinhole:
            guard ray.z > 0 else { return nil }
            return SIMD2(ray.x / ray.z, ray.y / ray.z)
        case .radial(let k):
            guard ray.z > 0 else { return nil }
            return Self.radial(k, SIMD2(ray.x / ray.z, ray.y / ray.z))
        case .fisheye(let k):
            let r = (ray.x * ray.x + ray.y * ray.y).squareRoot()
            let theta = atan2(r, ray.z)
            guard r > 0 else { return ray.z > 0 ? SIMD2(0, 0) : nil }
            let t2 = theta * theta
            let thetaD = theta * (1 + t2 * (k[0] + t2 * (k[1] + t2 * (k[2] + t2 * k[3]))))
            return SIMD2(ray.x, ray.y) * (thetaD / r)
        }
    }

    /// The unit ray in C through distorted normalised coordinates, or nil when the model cannot be
    /// inverted there (past where the distortion folds back).
    public func ray(distorted p: SIMD2<Double>) -> SIMD3<Double>? {
        switch self {
        case .pinhole:
            return SIMD3(p.x, p.y, 1).normalized
        case .radial(let k):
            // Newton's method on the 2-D map from the distorted point itself, checked by distorting back.
            var x = p
            for _ in 0..<30 {
                let f = Self.radial(k, x) - p
                if (f * f).sum() < 1e-26 { break }
                let h = 1e-7
                let jx = (Self.radial(k, x + SIMD2(h, 0)) - Self.radial(k, x - SIMD2(h, 0))) / (2 * h)
                let jy = (Self.radial(k, x + SIMD2(0, h)) - Self.radial(k, x - SIMD2(0, h))) / (2 * h)
                let det = jx.x * jy.y - jy.x * jx.y
                guard abs(det) > 1e-12 else { return nil }
                x -= SIMD2((jy.y * f.x - jy.x * f.y) / det, (-jx.y * f.x + jx.x * f.y) / det)
            }
            let back = Self.radial(k, x) - p
            guard (back * back).sum() < 1e-18 else { return nil }
            return SIMD3(x.x, x.y, 1).normalized
        case .fisheye(let k):
            let thetaD = p.length
            guard thetaD > 0 else { return SIMD3(0, 0, 1) }
            var theta = thetaD
            for _ in 0..<30 {
                let t2 = theta * theta
                let f = theta * (1 + t2 * (k[0] + t2 * (k[1] + t2 * (k[2] + t2 * k[3])))) - thetaD
                let d = 1 + t2 * (3 * k[0] + t2 * (5 * k[1] + t2 * (7 * k[2] + t2 * 9 * k[3])))
                guard d > 1e-9 else { return nil }
                let step = f / d
                theta -= step
                if abs(step) < 1e-14 { break }
            }
            guard theta >= 0, theta < .pi else { return nil }
            let t2 = theta * theta
            guard abs(theta * (1 + t2 * (k[0] + t2 * (k[1] + t2 * (k[2] + t2 * k[3])))) - thetaD) < 1e-9 else { return nil }
            let s = sin(theta) / thetaD
            return SIMD3(p.x * s, p.y * s, cos(theta))
        }
    }

    /// The model's name as a calibration file writes it.
    public var modelName: String {
        switch self {
        case .pinhole, .radial: return "radial"
        case .fisheye: return "fisheye"
        }
    }

    /// The coefficients in OpenCV's order (5 zeros for the pinhole).
    public var coefficients: [Double] {
        switch self {
        case .pinhole: return [0, 0, 0, 0, 0]
        case .radial(let k): return k
        case .fisheye(let k): return [k[0], k[1], k[2], k[3]]
        }
    }

    static func radial(_ k: [Double], _ p: SIMD2<Double>) -> SIMD2<Double> {
        func c(_ i: Int) -> Double { i < k.count ? k[i] : 0 }
        let (x, y) = (p.x, p.y)
        let r2 = x * x + y * y, r4 = r2 * r2, r6 = r4 * r2
        let radial = (1 + c(0) * r2 + c(1) * r4 + c(4) * r6) / (1 + c(5) * r2 + c(6) * r4 + c(7) * r6)
        let dx = 2 * c(2) * x * y + c(3) * (r2 + 2 * x * x) + c(8) * r2 + c(9) * r4
        let dy = c(2) * (r2 + 2 * y * y) + 2 * c(3) * x * y + c(10) * r2 + c(11) * r4
        return SIMD2(x * radial + dx, y * radial + dy)
    }
}

/// Why a lens cannot be made from a file's coefficients.
public struct LensError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
