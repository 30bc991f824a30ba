import Foundation

/// A Hamilton quaternion `[w, x, y, z]` (docs/conventions.md). As an attitude it rotates the device
/// frame D into a reference frame W: `v_W = q ⊗ v_D ⊗ q*`.
public struct Quaternion: Equatable, Sendable, CustomStringConvertible {
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w; self.x = x; self.y = y; self.z = z
    }

    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// A rotation of `angle` radians about `axis` (any non-zero length), right-handed.
    /// A zero axis names no rotation and gives the identity.
    public init(axis: SIMD3<Double>, angle: Double) {
        let n = axis.length
        guard n > 0 else {
            self = .identity
            return
        }
        let s = sin(angle / 2) / n
        self.init(w: cos(angle / 2), x: axis.x * s, y: axis.y * s, z: axis.z * s)
    }

    /// The quaternion of a proper rotation matrix, given row by row (`rows[r][c]`).
    public init(rotationMatrixRows m: [[Double]]) {
        let trace = m[0][0] + m[1][1] + m[2][2]
        var q: Quaternion
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = Quaternion(w: s / 4, x: (m[2][1] - m[1][2]) / s, y: (m[0][2] - m[2][0]) / s, z: (m[1][0] - m[0][1]) / s)
        } else if m[0][0] > m[1][1] && m[0][0] > m[2][2] {
            let s = (1 + m[0][0] - m[1][1] - m[2][2]).squareRoot() * 2
            q = Quaternion(w: (m[2][1] - m[1][2]) / s, x: s / 4, y: (m[0][1] + m[1][0]) / s, z: (m[0][2] + m[2][0]) / s)
        } else if m[1][1] > m[2][2] {
            let s = (1 + m[1][1] - m[0][0] - m[2][2]).squareRoot() * 2
            q = Quaternion(w: (m[0][2] - m[2][0]) / s, x: (m[0][1] + m[1][0]) / s, y: s / 4, z: (m[1][2] + m[2][1]) / s)
        } else {
            let s = (1 + m[2][2] - m[0][0] - m[1][1]).squareRoot() * 2
            q = Quaternion(w: (m[1][0] - m[0][1]) / s, x: (m[0][2] + m[2][0]) / s, y: (m[1][2] + m[2][1]) / s, z: s / 4)
        }
        if q.w < 0 { q = -q }
        self = q.normalized() ?? .identity
    }

    /// True when every component is finite (no NaN, no infinity).
    public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

    /// Checks and normalises raw components from outside (a file, a packet, the command line).
    /// Throws for non-finite values or a length too small to normalise.
    public static func validated(w: Double, x: Double, y: Double, z: Double) throws -> Quaternion {
        let q = Quaternion(w: w, x: x, y: y, z: z)
        guard q.isFinite else {
            throw AttitudeMathError.invalidQuaternion("\(q) has a non-finite component")
        }
        guard let unit = q.normalized() else {
            throw AttitudeMathError.invalidQuaternion("\(q) has length \(q.norm), too small to normalise")
        }
        return unit
    }

    public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    /// The unit quaternion in the same direction, or nil when the length is zero, tiny or not finite.
    public func normalized() -> Quaternion? {
        // Scaled by the largest component first, so that a length past a double's range (1e200) still
        // normalises rather than reading as infinite.
        let scale = max(abs(w), abs(x), abs(y), abs(z))
        guard scale.isFinite, scale > 0 else { return nil }
        let s = Quaternion(w: w / scale, x: x / scale, y: y / scale, z: z / scale)
        let n = s.norm
        guard n * scale > 1e-9 else { return nil }
        return Quaternion(w: s.w / n, x: s.x / n, y: s.y / n, z: s.z / n)
    }

    /// Back to unit length after a step that left it within rounding of it (a product of unit quaternions, a small
    /// rotation applied): one square root and one reciprocal, where `normalized()` first scales against overflow. The
    /// identity when the length is below 1e-12. The estimator's renormalisation after every sample.
    public func renormalized() -> Quaternion {
        let n = (w * w + x * x + y * y + z * z).squareRoot()
        guard n > 1e-12 else { return .identity }
        let s = 1 / n
        return Quaternion(w: w * s, x: x * s, y: y * s, z: z * s)
    }

    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    public static prefix func - (q: Quaternion) -> Quaternion { Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z) }

    /// Hamilton product: `(a * b)` applies `b` first, then `a`.
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    public func dot(_ o: Quaternion) -> Double { w * o.w + x * o.x + y * o.y + z * o.z }

    /// Rotates a vector: for a device-to-world attitude, device coordinates in, world coordinates out.
    public func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let u = SIMD3(x, y, z)
        let t = 2 * cross(u, v)
        return v + w * t + cross(u, t)
    }

    /// The 3x3 rotation matrix, row by row: `rows[r][c]`.
    public var rotationMatrixRows: [[Double]] {
        let (r0, r1, r2) = rotationRows
        return [[r0.x, r0.y, r0.z], [r1.x, r1.y, r1.z], [r2.x, r2.y, r2.z]]
    }

    /// The 3x3 rotation matrix's three rows as vectors, with no allocation (for a filter's every sample).
    public var rotationRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        (SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
         SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
         SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))
    }

    /// The angle in radians of the rotation taking `self` to `other`, in [0, π]; `q` and `-q` are equal.
    public func angle(to other: Quaternion) -> Double {
        2 * acos(min(1, abs(dot(other)) / (norm * other.norm)))
    }

    /// Spherical linear interpolation along the shorter arc; `t` = 0 gives `a`, 1 gives `b`.
    public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Double) -> Quaternion {
        var b = b
        var cosTheta = a.dot(b)
        if cosTheta < 0 { b = -b; cosTheta = -cosTheta }
        let wa: Double, wb: Double
        if cosTheta > 0.9995 {
            // Nearly parallel: sin(θ) underflows, a normalised lerp is exact enough.
            wa = 1 - t; wb = t
        } else {
            let theta = acos(cosTheta)
            let s = sin(theta)
            wa = sin((1 - t) * theta) / s
            wb = sin(t * theta) / s
        }
        let q = Quaternion(w: wa * a.w + wb * b.w, x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z)
        return q.normalized() ?? a
    }

    /// Z-Y-X Euler angles (imud's convention): degrees `[roll, pitch, yaw]`, `R = Rz(yaw)·Ry(pitch)·Rx(roll)`; the
    /// inverse of `zyxEulerRadians`.
    public init(rollDegrees: Double, pitchDegrees: Double, yawDegrees: Double) {
        let r = Angle.radians(fromDegrees: rollDegrees), p = Angle.radians(fromDegrees: pitchDegrees), y = Angle.radians(fromDegrees: yawDegrees)
        self = Quaternion(axis: [0, 0, 1], angle: y) * Quaternion(axis: [0, 1, 0], angle: p) * Quaternion(axis: [1, 0, 0], angle: r)
    }

    /// The Z-Y-X Euler angles of this rotation, radians: `R = Rz(yaw)·Ry(pitch)·Rx(roll)`, pitch within ±π/2.
    public var zyxEulerRadians: (roll: Double, pitch: Double, yaw: Double) {
        (atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y)),
         asin(max(-1, min(1, 2 * (w * y - z * x)))),
         atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)))
    }

    /// The unit quaternion of a rotation vector (axis times angle, radians): the rotation by |r| about r.
    public init(rotationVector r: SIMD3<Double>) {
        let angle = r.length
        guard angle > 1e-12 else {
            self = Quaternion(w: 1, x: r.x / 2, y: r.y / 2, z: r.z / 2).normalized() ?? .identity
            return
        }
        let s = sin(angle / 2) / angle
        self = Quaternion(w: cos(angle / 2), x: r.x * s, y: r.y * s, z: r.z * s)
    }

    /// The same rotation with w ≥ 0 (q and -q are one rotation): the one form files, reports and comparisons use.
    public var canonical: Quaternion { w < 0 ? -self : self }

    /// The rotation vector (axis times angle, radians, the angle in [0, π]) of this unit quaternion.
    public var rotationVector: SIMD3<Double> {
        let s = w < 0 ? -1.0 : 1.0
        let v = SIMD3(x, y, z) * s
        let sine = v.length
        guard sine > 1e-12 else { return 2 * v }
        return v / sine * (2 * atan2(sine, w * s))
    }

    public var description: String { "[\(w), \(x), \(y), \(z)]" }

    /// The constant body rate that turns the attitude `from` into `to` over `seconds`, both mapping the turning frame B
    /// into one fixed frame (world-from-B, `v_W = q·v_B`). from⁻¹ · to maps B at the end into B at the start; its rotation
    /// vector over the time is the rate in rad/s about B's own axes, as a gyroscope fixed in B reads the turn. Zero over
    /// no time.
    public static func bodyRate(from: Quaternion, to: Quaternion, over seconds: Double) -> SIMD3<Double> {
        seconds > 0 ? (from.conjugate * to).rotationVector / seconds : .zero
    }
}

public func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

public enum AttitudeMathError: Error, Equatable, CustomStringConvertible {
    case invalidQuaternion(String)
    case singularMatrix
    public var description: String {
        switch self {
        case .invalidQuaternion(let why): return "invalid quaternion: \(why)"
        case .singularMatrix: return "the matrix is singular and has no inverse"
        }
    }
}
