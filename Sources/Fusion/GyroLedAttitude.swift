import AttitudeMath
import Foundation

/// An attitude for drawing over the footage an IMU's camera filmed (a drone's, a car's, a walker's): led by the
/// gyroscope, less its bias, and levelled by the accelerometer only where it reads gravity alone.
///
/// A general estimator (`AttitudeEstimator`) takes the accelerometer's long average for gravity. On a vehicle that
/// average holds the vehicle's own accelerations, and the estimator tilts the picture with them: over a drone's
/// clip its tilt went from 20° down to 8° up while the gimbal held the camera level. Here the accelerometer levels the
/// attitude only at samples where it is credible, and slowly:
///
/// 1. The gyroscope less `gyroBiasRadiansPerSecond` is integrated from the first sample (`GyroIntegral`, the project's
///    one time convention): W is the IMU frame S at the first sample.
/// 2. The accelerometer is turned into that W and low-passed there (`steadyTimeConstantSeconds`): gravity holds still in W
///    whatever the camera does, so the low pass averages a vehicle's vibration without smearing a turn. A sample is
///    plausible where the low pass's magnitude is within `gravityTolerance` of g and the sample within `steadiness`
///    of the low pass. A gyroscope sample that is not a number holds the rate before it; such an accelerometer
///    sample is not plausible.
/// 3. W is turned so that +Z is up (about a horizontal axis: the heading kept): first to the mean of the plausible
///    samples over `initialSeconds`; afterwards towards each plausible sample that points within
///    `largestDisagreementDegrees` of the vertical held (a credible one), at `levellingTimeConstantSeconds`, so that what the
///    tests let through moves the picture by its share of that time. A gyroscope whose leftover bias drifts faster
///    than the gate over that time (about 0.15 °/s: give the calibration's bias) leaves the gate, and the attitude is
///    then the gyroscope's alone: never dragged, no longer levelled.
///
/// Without a credible sample the attitude is the gyroscope's alone, and has no vertical (`hasVertical` false).
public struct GyroLedAttitude: Sendable {
    public struct Parameters: Equatable, Sendable {
        /// Share of g by which a credible sample's magnitude may differ from g.
        public var gravityTolerance = 0.03
        /// Share of g by which a credible sample may differ from its low-passed value.
        public var steadiness = 0.03
        /// Seconds: the low pass the steadiness test compares with.
        public var steadyTimeConstantSeconds = 0.5
        /// Seconds: how slowly credible gravity levels the attitude after the first.
        public var levellingTimeConstantSeconds = 20.0
        /// Degrees: after the first, a sample is credible only where it points within this of the vertical held: a
        /// vehicle's sustained horizontal acceleration hardly changes the magnitude (2 m/s² adds 2 % to g) but turns
        /// the specific force by its angle (11.5°), which gravity, fixed in W, never does.
        public var largestDisagreementDegrees = 3.0
        /// Seconds: the first vertical is the mean of the credible gravity over this long from the first.
        public var initialSeconds = 2.0

        public init() {}
    }

    /// Each sample's attitude, worldFromS.
    public let attitudes: [Quaternion]
    /// Whether W's Z is up (some sample's accelerometer was credible).
    public let hasVertical: Bool
    /// Share of the samples whose accelerometer was credible.
    public let credibleShare: Double

    /// `time` in seconds, rising; `gyro` rad/s and `acc` m/s² (specific force, up at rest) in S; `gyroBiasRadiansPerSecond`
    /// rad/s in S, subtracted from the gyroscope (a caller whose log is corrected already passes none). `acc` nil: the
    /// gyroscope alone.
    public init(time: [Double], gyro: [SIMD3<Double>], acc: [SIMD3<Double>]?, gyroBiasRadiansPerSecond: SIMD3<Double> = .zero,
                parameters: Parameters = Parameters()) {
        // A sample that is not a number (a raw CSV may hold `nan`) holds the rate before it; its accelerometer is not
        // plausible, and the low pass passes over it.
        var rates: [SIMD3<Double>] = []
        rates.reserveCapacity(gyro.count)
        for rate in gyro { rates.append(rate.isFinite ? rate - gyroBiasRadiansPerSecond : rates.last ?? .zero) }
        let integral = GyroIntegral(time: time, rate: rates)
        let start = time.first ?? 0
        let gyroWorldFromIMU = time.map { integral.orientation(at: $0 - start) }
        guard let acc, acc.count == time.count else {
            attitudes = gyroWorldFromIMU
            hasVertical = false
            credibleShare = 0
            return
        }
        // The accelerometer in the gyroscope's W, low-passed there (gravity holds still in W whatever the camera does,
        // so the low pass averages a drone's vibration without smearing a turn).
        // Before the first finite sample it reads g straight up in W (those samples, not numbers, are not plausible).
        var filter = FirstOrderLowPass<SIMD3<Double>>(timeConstantSeconds: parameters.steadyTimeConstantSeconds)
        var lowPass: [SIMD3<Double>] = []
        lowPass.reserveCapacity(time.count)
        for k in time.indices {
            let inW = gyroWorldFromIMU[k].rotate(acc[k])
            let dt = k > 0 ? max(time[k] - time[k - 1], 0) : 0
            lowPass.append(inW.isFinite ? filter.step(inW, dt: dt) : filter.output ?? SIMD3(0, 0, Frames.standardGravity))
        }
        func plausible(_ k: Int) -> Bool {
            acc[k].isFinite && abs(lowPass[k].length - Frames.standardGravity) < parameters.gravityTolerance * Frames.standardGravity
                && (gyroWorldFromIMU[k].rotate(acc[k]) - lowPass[k]).length < parameters.steadiness * Frames.standardGravity
        }
        // The first vertical: the mean of the plausible samples' gravity over `initialSeconds` from the first one.
        let candidates = time.indices.filter(plausible)
        guard let first = candidates.first else {
            attitudes = gyroWorldFromIMU
            hasVertical = false
            credibleShare = 0
            return
        }
        let opening = candidates.filter { time[$0] - time[first] <= parameters.initialSeconds }
        let mean = opening.reduce(SIMD3<Double>.zero) { $0 + lowPass[$1].normalized }
        // worldFromS = levelledFromGyroWorld · gyroWorldFromIMU: the levelling turns the gyroscope's W (the IMU frame at
        // the first sample) about a horizontal axis into the levelled W.
        var levelledFromGyroWorld = Self.tilt(from: mean.normalized)
        var credible = 0
        var out: [Quaternion] = []
        out.reserveCapacity(time.count)
        var iterator = candidates.makeIterator()
        var next = iterator.next()
        for k in time.indices {
            if k == next {
                next = iterator.next()
                let up = levelledFromGyroWorld.rotate(lowPass[k].normalized)
                if Angle.degrees(fromRadians: acos(min(1, max(-1, up.z)))) <= parameters.largestDisagreementDegrees {
                    credible += 1
                    let dt = k > 0 ? max(time[k] - time[k - 1], 0) : 0
                    let share = firstOrderShare(dt: dt, timeConstantSeconds: parameters.levellingTimeConstantSeconds)
                    levelledFromGyroWorld = (Quaternion(rotationVector: Self.tilt(from: up).rotationVector * share) * levelledFromGyroWorld).normalized() ?? levelledFromGyroWorld
                }
            }
            out.append((levelledFromGyroWorld * gyroWorldFromIMU[k]).normalized() ?? gyroWorldFromIMU[k])
        }
        attitudes = out
        hasVertical = true
        credibleShare = Double(credible) / Double(time.count)
    }

    /// The smallest rotation taking the unit vector `up` (in W) to +Z: it turns about a horizontal axis only, so a
    /// heading is kept. Degenerate (`up` straight down) turns about X.
    static func tilt(from up: SIMD3<Double>) -> Quaternion {
        let z = SIMD3<Double>(0, 0, 1)
        let axis = cross(up, z)
        let sine = axis.length, cosine = up.z
        guard sine > 1e-12 else { return cosine > 0 ? .identity : Quaternion(axis: SIMD3(1, 0, 0), angle: .pi) }
        return Quaternion(axis: axis / sine, angle: atan2(sine, cosine))
    }
}
