import AttitudeMath
import Foundation

/// Everything `AttitudeEstimator` remembers between samples. Reading it and setting it back
/// replays a run bit for bit; `FusionState()` is the state before the first sample.
///
/// Frames: S is the sensor (device) frame; I is the almost-inertial frame the gyroscope
/// integrates into; E is I tilted so that gravity is vertical (Z up, heading arbitrary);
/// in 9D, rotating E by `headingOffsetRadians` about Z gives east-north-up.
public struct FusionState: Equatable, Sendable {
    // MARK: - Orientation

    /// Gyroscope strapdown integration, sensor S into I.
    public var iFromIMU = Quaternion.identity
    /// Inclination correction, I into E.
    public var eFromI = Quaternion.identity
    /// Heading correction: east-north-up is E rotated by this angle about Z.
    public var headingOffsetRadians = 0.0
    /// The rotation by `headingOffsetRadians` about Z, E into east-north-up, kept alongside the angle.
    public var enuFromE = Quaternion.identity
    /// `headingOffsetRadians` right after the first magnetometer sample; nil before it.
    /// `xArbitraryCorrectedZVertical` is measured from it.
    public var initialHeadingOffsetRadians: Double?

    // MARK: - Inclination

    /// Accelerometer in I, low-passed, in m/s².
    var accLowPass = LowPass<SIMD3<Double>>()
    /// Rows of the sensor-to-E rotation matrix and its product with the bias, low-passed with
    /// the accelerometer's filter so that both see the same lag (lanes 0-8 matrix, 9-11 product).
    var motionLowPass = LowPass<SIMD16<Double>>()

    // MARK: - Gyroscope bias

    /// Estimated gyroscope bias in the IMU frame S, in rad/s.
    public var gyroBiasRadiansPerSecond = SIMD3<Double>(0, 0, 0)
    /// Covariance of the bias estimate, rows, in (rad/s)²; nil before the first sample.
    var biasCovariance: Matrix3?

    // MARK: - Rest

    var restGyroLowPass = LowPass<SIMD3<Double>>()
    var restAccLowPass = LowPass<SIMD3<Double>>()
    /// Time the sensor has been still, in seconds.
    public var stillTime = 0.0
    /// True while the sensor is at rest (still for at least `restMinTime`).
    public var isAtRest = false

    // MARK: - Magnetometer

    /// Magnetometer samples used for heading so far (drives the fast start-up gain).
    public var magUpdates = 0
    /// Low-passed field norm (µT) and dip angle (rad, positive downwards).
    public var magNormLowPass = 0.0, magDipLowPass = 0.0
    /// The accepted undisturbed field: norm in µT (0 before one is accepted) and dip in rad.
    public var magReferenceNorm = 0.0, magReferenceDip = 0.0
    /// A candidate new reference and the time it has stayed consistent, in seconds.
    public var magCandidateNorm = 0.0, magCandidateDip = 0.0, magCandidateTime = 0.0
    /// Time the field has looked undisturbed, in seconds.
    public var magUndisturbedTime = 0.0
    /// Time heading correction has been rejected, in seconds.
    public var magRejectionTime = 0.0
    /// True while the field is judged disturbed.
    public var magDisturbed = false

    // MARK: - Bookkeeping

    /// Samples accepted so far.
    public var sampleCount = 0
    /// Samples skipped because the gyroscope, accelerometer or period was not finite.
    public var skippedSamples = 0
    /// Magnetometer readings skipped because they were not finite or zero.
    public var skippedMagSamples = 0
    /// Time since the first sample, in seconds.
    public var elapsed = 0.0
    /// Filter gains derived from the parameters and the period.
    var coefficients = FilterCoefficients()

    public init() {}
}

/// A 3x3 matrix as three rows; just what the bias filter needs.
struct Matrix3: Equatable, Sendable {
    var r0, r1, r2: SIMD3<Double>

    static let identity = Matrix3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, 1, 0), r2: SIMD3(0, 0, 1))

    static func diagonal(_ d: SIMD3<Double>) -> Matrix3 {
        Matrix3(r0: SIMD3(d.x, 0, 0), r1: SIMD3(0, d.y, 0), r2: SIMD3(0, 0, d.z))
    }

    var transposed: Matrix3 {
        Matrix3(r0: SIMD3(r0.x, r1.x, r2.x), r1: SIMD3(r0.y, r1.y, r2.y), r2: SIMD3(r0.z, r1.z, r2.z))
    }

    @inline(__always) static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(m.r0.dot(v), m.r1.dot(v), m.r2.dot(v))
    }

    @inline(__always) static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(r0: a.r0.x * b.r0 + a.r0.y * b.r1 + a.r0.z * b.r2,
                r1: a.r1.x * b.r0 + a.r1.y * b.r1 + a.r1.z * b.r2,
                r2: a.r2.x * b.r0 + a.r2.y * b.r1 + a.r2.z * b.r2)
    }

    @inline(__always) static func + (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(r0: a.r0 + b.r0, r1: a.r1 + b.r1, r2: a.r2 + b.r2)
    }

    @inline(__always) static func - (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(r0: a.r0 - b.r0, r1: a.r1 - b.r1, r2: a.r2 - b.r2)
    }

    /// The inverse, or nil when the determinant is tiny relative to the entries.
    func inverse() -> Matrix3? {
        let c0 = cross(r1, r2), c1 = cross(r2, r0), c2 = cross(r0, r1)
        let det = r0.dot(c0)
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        // Columns of the inverse are the cross products divided by the determinant.
        return Matrix3(r0: c0, r1: c1, r2: c2).transposed * (1 / det)
    }

    @inline(__always) static func * (m: Matrix3, s: Double) -> Matrix3 {
        Matrix3(r0: m.r0 * s, r1: m.r1 * s, r2: m.r2 * s)
    }
}
