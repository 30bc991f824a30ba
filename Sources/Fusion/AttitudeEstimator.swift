import AttitudeMath
import Foundation

public enum FusionError: Error, Equatable, CustomStringConvertible {
    case unsupportedFrame(OutputFrame, FusionMode)

    public var description: String {
        switch self {
        case .unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD):
            return "xTrueNorthZVertical needs the magnetic declination, which the estimator does not know: "
                + "give it, or use xMagneticNorthZVertical"
        case .unsupportedFrame(let frame, let mode):
            return "\(mode.rawValue) mode cannot report \(frame): without a magnetometer the heading is arbitrary; "
                + "use xArbitraryZVertical, enu or ned"
        }
    }
}

/// An online attitude estimator: one gyroscope, accelerometer and (in 9D) magnetometer sample
/// in, one attitude out. Causal, deterministic, any sample rate (the period comes with each sample).
///
/// The structure follows the published design of VQF (Laidig & Seel, Information Fusion 2023):
/// 1. the bias-corrected gyroscope is integrated into an almost-inertial frame I;
/// 2. the accelerometer, rotated into I, is low-passed there (translation averages out), and
///    the tilt that makes it vertical is applied in full each sample;
/// 3. rest is detected from the deviations of gyroscope and accelerometer from their low-passes;
///    a Kalman filter estimates the gyroscope bias at rest (from the gyroscope) and in motion
///    (from the inclination correction the bias causes);
/// 4. in 9D, the horizontal heading of the magnetometer pulls the heading with a first-order
///    gain, switched off while the field's norm or dip says it is disturbed.
public struct AttitudeEstimator: Sendable {
    public let mode: FusionMode
    public let parameters: FusionParameters
    /// Everything the estimator remembers; set it to replay a run.
    public var state = FusionState()

    public init(mode: FusionMode = .nineD, parameters: FusionParameters = .default) {
        self.mode = mode
        self.parameters = parameters
    }

    /// Forgets every sample: back to the state before the first one.
    public mutating func reset() {
        state = FusionState()
    }

    // MARK: - Status

    /// True while the sensor is judged at rest.
    public var isAtRest: Bool { state.isAtRest }
    /// True while the magnetic field is judged disturbed (always false in 6D).
    public var isMagneticallyDisturbed: Bool { mode == .nineD && state.magDisturbed }
    /// The estimated gyroscope bias in the IMU frame S, in rad/s.
    public var gyroBiasRadiansPerSecond: SIMD3<Double> { state.gyroBiasRadiansPerSecond }
    /// Samples skipped because they were not finite (gyroscope, accelerometer or period).
    public var skippedSamples: Int { state.skippedSamples }

    // MARK: - Output

    /// The inclination-corrected attitude, sensor into E (Z up, heading arbitrary).
    public var eFromIMU: Quaternion {
        (state.eFromI * state.iFromIMU).renormalized()
    }

    /// The attitude in east-north-up. In 6D the heading is that of E (arbitrary).
    public var enuFromIMU: Quaternion {
        let e = state.eFromI * state.iFromIMU
        guard mode == .nineD else { return e.renormalized() }
        return (state.enuFromE * e).renormalized()
    }

    /// Throws when `frame` cannot be reported in `mode`.
    public static func check(frame: OutputFrame, mode: FusionMode) throws {
        switch (frame, mode) {
        case (.reference(.xTrueNorthZVertical), _),
             (.reference(.xMagneticNorthZVertical), .sixD),
             (.reference(.xArbitraryCorrectedZVertical), .sixD):
            throw FusionError.unsupportedFrame(frame, mode)
        default:
            return
        }
    }

    /// The current attitude, device (sensor) frame into `frame`. Frames `check(frame:mode:)`
    /// refuses fall back to what the mode knows: E in 6D, magnetic north in 9D.
    public func attitude(in frame: OutputFrame) -> Quaternion {
        switch frame {
        case .enu:
            return enuFromIMU
        case .ned:
            return Self.nedFromENU * enuFromIMU
        case .reference(.xArbitraryZVertical):
            return eFromIMU
        case .reference(.xArbitraryCorrectedZVertical):
            guard mode == .nineD else { return eFromIMU }
            let e = state.eFromI * state.iFromIMU
            let heading = state.headingOffsetRadians - (state.initialHeadingOffsetRadians ?? state.headingOffsetRadians)
            return (Quaternion(w: cos(heading / 2), x: 0, y: 0, z: sin(heading / 2)) * e).renormalized()
        case .reference(.xMagneticNorthZVertical), .reference(.xTrueNorthZVertical):
            guard mode == .nineD else { return eFromIMU }
            return Frames.worldFromENU * enuFromIMU
        }
    }

    /// East-north-up into north-east-down.
    static let nedFromENU = Frames.worldFromNED.conjugate * Frames.worldFromENU

    // MARK: - Update

    /// Feeds one sample and returns nothing; read the attitude with `attitude(in:)`.
    /// - Parameters:
    ///   - gyro: angular rate in the IMU frame S, rad/s.
    ///   - acc: specific force in the IMU frame S (gravity included, about 9.81 m/s² up at rest), m/s².
    ///   - mag: magnetic field in the IMU frame S, µT; nil when there is no new reading (or in 6D).
    ///   - dt: time since the previous sample, seconds; the first sample's period is the nominal one.
    /// Samples with a non-finite or non-positive period, gyroscope or accelerometer are skipped
    /// and counted in `skippedSamples`.
    public mutating func update(gyro: SIMD3<Double>, acc: SIMD3<Double>, mag: SIMD3<Double>?, dt: Double) {
        guard dt.isFinite, dt > 0, gyro.isFinite, acc.isFinite else {
            state.skippedSamples += 1
            return
        }
        updateCoefficients(dt: dt)
        state.sampleCount += 1
        state.elapsed += dt

        detectRest(gyro: gyro, acc: acc, dt: dt)
        integrateGyro(gyro, dt: dt)
        let correction = correctInclination(acc: acc, dt: dt)
        if mode == .nineD, let mag {
            if mag.isFinite, mag.dot(mag) > 0 {
                correctHeading(mag: mag, dt: dt)
            } else {
                state.skippedMagSamples += 1
            }
        }
        estimateBias(inclinationCorrection: correction, dt: dt)
    }

    // MARK: - Steps

    /// Rest: both sensors stay close to their own low-passes for `restMinTime`.
    private mutating func detectRest(gyro: Vector3, acc: Vector3, dt: Double) {
        let gyroLp = state.restGyroLowPass.step(gyro, dt: dt, tau: parameters.restFilterTimeConstantSeconds, state.coefficients.rest)
        let accLp = state.restAccLowPass.step(acc, dt: dt, tau: parameters.restFilterTimeConstantSeconds, state.coefficients.rest)
        let gyroDeviation = gyro - gyroLp, accDeviation = acc - accLp
        let still = gyroDeviation.dot(gyroDeviation) < state.coefficients.restGyroThresholdSquared
            && accDeviation.dot(accDeviation) < parameters.restThresholdAccMetresPerSecondSquared * parameters.restThresholdAccMetresPerSecondSquared
            && max(abs(gyroLp.x), abs(gyroLp.y), abs(gyroLp.z)) < state.coefficients.biasClipRadiansPerSecond
        state.stillTime = still ? state.stillTime + dt : 0
        state.isAtRest = state.stillTime >= parameters.restMinTimeSeconds
    }

    /// Strapdown integration of the bias-corrected rate into I, from the previous sample's instant to this one's.
    /// A gyroscope sample at t_i is the rate over the interval since the previous sample (docs/conventions.md,
    /// "Time"), as calibrate's `GyroIntegral` takes it: the attitude after sample i is the attitude at t_i. The
    /// first sample (and the first after `reset`) turned the body before the log began: it only starts the
    /// integration, and the attitude at its instant is the starting one.
    private mutating func integrateGyro(_ gyro: Vector3, dt: Double) {
        guard state.sampleCount > 1 else { return }
        let rate = gyro - state.gyroBiasRadiansPerSecond
        let speed = rate.length
        let angle = speed * dt
        guard angle > 1e-15 else { return }
        let axis = rate * (1 / speed)
        let half = angle / 2
        let (s, c) = sinCos(half)
        let delta = Quaternion(w: c, x: axis.x * s, y: axis.y * s, z: axis.z * s)
        state.iFromIMU = (state.iFromIMU * delta).renormalized()
    }

    /// Tilts E so that the low-passed accelerometer is vertical. Returns the correction applied,
    /// as a rotation vector in E (radians), for the bias filter.
    private mutating func correctInclination(acc: Vector3, dt: Double) -> Vector3 {
        guard acc.dot(acc) > 0 else { return Vector3() }
        let accI = state.iFromIMU.rotate(acc)
        let accLp = state.accLowPass.step(accI, dt: dt, tau: parameters.accTimeConstantSeconds, state.coefficients.acc)
        let n = accLp.length
        guard n > 0 else { return Vector3() }
        let accE = state.eFromI.rotate(accLp * (1 / n))
        // The smallest rotation taking accE to +Z.
        let qw = ((accE.z + 1) / 2).squareRoot()
        guard qw > 1e-6 else {
            // Upside down by exactly 180°: any horizontal axis will do; wait for the next sample.
            return Vector3()
        }
        let half = 0.5 / qw
        let correction = Quaternion(w: qw, x: accE.y * half, y: -accE.x * half, z: 0)
        state.eFromI = (correction * state.eFromI).renormalized()
        return Vector3(2 * correction.x, 2 * correction.y, 0)
    }

    /// Pulls the heading towards the magnetometer unless the field is disturbed.
    private mutating func correctHeading(mag: Vector3, dt: Double) {
        let eFromIMU = state.eFromI * state.iFromIMU
        let magE = eFromIMU.rotate(mag)
        let norm = magE.length
        let dip = -asin(max(-1, min(1, magE.z / norm)))
        let heading = atan2(magE.x, magE.y)

        // Current norm and dip, low-passed.
        if state.magUpdates == 0 {
            state.magNormLowPass = norm
            state.magDipLowPass = dip
        } else {
            state.magNormLowPass += state.coefficients.magCurrent * (norm - state.magNormLowPass)
            state.magDipLowPass += state.coefficients.magCurrent * (dip - state.magDipLowPass)
        }
        let gyroLp = state.restGyroLowPass.output

        if parameters.magDisturbanceRejection {
            detectMagneticDisturbance(moving: gyroLp.length >= state.coefficients.magNewMinGyroRadiansPerSecond, dt: dt)
        } else {
            state.magDisturbed = false
        }

        // Gain: fast at start-up (mean of the samples so far), zero while rejecting.
        state.magUpdates += 1
        var gain = state.coefficients.mag
        if state.magDisturbed {
            if state.magRejectionTime <= parameters.magMaxRejectionTimeSeconds {
                state.magRejectionTime += dt
                gain = 0
            } else {
                gain /= parameters.magRejectionFactor
            }
        } else {
            state.magRejectionTime = max(state.magRejectionTime - parameters.magRejectionFactor * dt, 0)
        }
        if !state.magDisturbed || state.magReferenceNorm == 0 {
            gain = max(gain, 1 / Double(state.magUpdates))
        }
        let horizontal = magE.x * magE.x + magE.y * magE.y
        guard horizontal > 1e-12 * norm * norm else { return }
        let step = gain * wrapToPi(heading - state.headingOffsetRadians)
        state.headingOffsetRadians = wrapToPi(state.headingOffsetRadians + step)
        if step != 0 {
            let (s, c) = sinCos(step / 2)
            state.enuFromE = (Quaternion(w: c, x: 0, y: 0, z: s) * state.enuFromE).renormalized()
        }
        if state.initialHeadingOffsetRadians == nil { state.initialHeadingOffsetRadians = state.headingOffsetRadians }
    }

    /// The field is disturbed when its norm or dip leaves the reference. A new field that stays
    /// consistent while the sensor moves becomes the reference.
    private mutating func detectMagneticDisturbance(moving: Bool, dt: Double) {
        let norm = state.magNormLowPass, dip = state.magDipLowPass

        if state.magReferenceNorm > 0 {
            let matches = abs(norm - state.magReferenceNorm) < parameters.magNormThreshold * state.magReferenceNorm
                && abs(dip - state.magReferenceDip) < state.coefficients.magDipThresholdRadians
            if matches {
                state.magUndisturbedTime += dt
                if state.magUndisturbedTime >= parameters.magMinUndisturbedTimeSeconds {
                    state.magDisturbed = false
                    state.magReferenceNorm += state.coefficients.magReference * (norm - state.magReferenceNorm)
                    state.magReferenceDip += state.coefficients.magReference * (dip - state.magReferenceDip)
                }
            } else {
                state.magUndisturbedTime = 0
                state.magDisturbed = true
            }
        }

        // A candidate for a new reference.
        let candidateMatches = abs(norm - state.magCandidateNorm) < parameters.magNormThreshold * state.magCandidateNorm
            && abs(dip - state.magCandidateDip) < state.coefficients.magDipThresholdRadians
        if candidateMatches {
            if moving || state.magReferenceNorm == 0 { state.magCandidateTime += dt }
            state.magCandidateNorm += state.coefficients.magReference * (norm - state.magCandidateNorm)
            state.magCandidateDip += state.coefficients.magReference * (dip - state.magCandidateDip)
            let needed = state.magReferenceNorm == 0 ? parameters.magNewFirstTimeSeconds : parameters.magNewTimeSeconds
            if (state.magDisturbed || state.magReferenceNorm == 0) && state.magCandidateTime >= needed {
                state.magReferenceNorm = state.magCandidateNorm
                state.magReferenceDip = state.magCandidateDip
                state.magDisturbed = false
                state.magUndisturbedTime = parameters.magMinUndisturbedTimeSeconds
            }
        } else {
            state.magCandidateTime = 0
            state.magCandidateNorm = norm
            state.magCandidateDip = dip
        }
    }

    /// Kalman filter on the bias (the IMU frame S, rad/s). At rest the low-passed gyroscope
    /// measures it directly; in motion the inclination correction rate measures the horizontal
    /// part of the bias seen in E: `LP(R)·b = LP(R·b̂) − correction/dt`.
    private mutating func estimateBias(inclinationCorrection: Vector3, dt: Double) {
        guard parameters.restBiasEstimation || parameters.motionBiasEstimation else { return }
        var covariance = state.biasCovariance ?? Matrix3.diagonal(Vector3(repeating: state.coefficients.biasInitialVariance))
        covariance = covariance + Matrix3.diagonal(Vector3(repeating: state.coefficients.biasProcessNoise * dt))

        // The lag-matched low-passes run whether or not they are used, so they are ready.
        let rows = (state.eFromI * state.iFromIMU).rotationRows
        let r = Matrix3(r0: rows.0, r1: rows.1, r2: rows.2)
        let rb = r * state.gyroBiasRadiansPerSecond
        var lanes = SIMD16<Double>()
        lanes[0] = r.r0.x; lanes[1] = r.r0.y; lanes[2] = r.r0.z
        lanes[3] = r.r1.x; lanes[4] = r.r1.y; lanes[5] = r.r1.z
        lanes[6] = r.r2.x; lanes[7] = r.r2.y; lanes[8] = r.r2.z
        lanes[9] = rb.x; lanes[10] = rb.y; lanes[11] = rb.z
        let lp = state.motionLowPass.step(lanes, dt: dt, tau: parameters.accTimeConstantSeconds, state.coefficients.acc)

        if state.isAtRest && parameters.restBiasEstimation {
            let measured = state.restGyroLowPass.output
            let noise = Matrix3.diagonal(Vector3(repeating: state.coefficients.biasRestNoise / dt))
            kalmanUpdate(&covariance, h: .identity, measured: measured, noise: noise)
        } else if parameters.motionBiasEstimation && state.accLowPass.isRunning {
            let h = Matrix3(r0: SIMD3(lp[0], lp[1], lp[2]), r1: SIMD3(lp[3], lp[4], lp[5]), r2: SIMD3(lp[6], lp[7], lp[8]))
            let rbLp = Vector3(lp[9], lp[10], lp[11])
            let measured = rbLp - inclinationCorrection / dt
            let motionNoise = state.coefficients.biasMotionNoise
            let verticalNoise = motionNoise / parameters.biasVerticalForgettingFactor
            let noise = Matrix3.diagonal(Vector3(motionNoise, motionNoise, verticalNoise) / dt)
            kalmanUpdate(&covariance, h: h, measured: measured, noise: noise)
        }
        state.biasCovariance = covariance
    }

    private mutating func kalmanUpdate(_ covariance: inout Matrix3, h: Matrix3, measured: Vector3, noise: Matrix3) {
        let ht = h.transposed
        let pht = covariance * ht
        guard let sInverse = (h * pht + noise).inverse() else { return }
        let gain = pht * sInverse
        let innovation = measured - h * state.gyroBiasRadiansPerSecond
        var bias = state.gyroBiasRadiansPerSecond + gain * innovation
        let clip = state.coefficients.biasClipRadiansPerSecond
        bias = bias.clamped(lowerBound: Vector3(repeating: -clip), upperBound: Vector3(repeating: clip))
        state.gyroBiasRadiansPerSecond = bias
        covariance = covariance - gain * (h * covariance)
    }

    // MARK: - Coefficients

    private mutating func updateCoefficients(dt: Double) {
        // Kept in the state, so that a restored state replays exactly.
        let cached = state.coefficients.dt
        if cached > 0 && abs(dt - cached) <= parameters.periodTolerance * cached { return }
        let p = parameters
        let radians = Angle.radians(fromDegrees: 1.0)   // radians per degree
        var k = FilterCoefficients()
        k.dt = dt
        k.acc = LowPassCoefficients(tau: p.accTimeConstantSeconds, dt: dt)
        k.rest = LowPassCoefficients(tau: p.restFilterTimeConstantSeconds, dt: dt)
        k.mag = firstOrderShare(dt: dt, timeConstantSeconds: p.magTimeConstantSeconds)
        k.magCurrent = firstOrderShare(dt: dt, timeConstantSeconds: p.magCurrentTimeConstantSeconds)
        k.magReference = firstOrderShare(dt: dt, timeConstantSeconds: p.magReferenceTimeConstantSeconds)
        k.magDipThresholdRadians = p.magDipThresholdDegrees * radians
        k.magNewMinGyroRadiansPerSecond = p.magNewMinGyroDegreesPerSecond * radians
        k.restGyroThresholdSquared = pow(p.restThresholdGyroDegreesPerSecond * radians, 2)
        k.biasClipRadiansPerSecond = p.biasClipDegreesPerSecond * radians
        k.biasInitialVariance = pow(p.biasSigmaInitialDegreesPerSecond * radians, 2)
        k.biasProcessNoise = k.biasInitialVariance / p.biasForgettingTimeSeconds
        k.biasMotionNoise = pow(p.biasSigmaMotionDegreesPerSecond * radians, 2)
        k.biasRestNoise = pow(p.biasSigmaRestDegreesPerSecond * radians, 2)
        state.coefficients = k
    }
}

/// Filter gains and thresholds in the units the update uses, for the current period.
struct FilterCoefficients: Equatable, Sendable {
    var dt = 0.0
    var acc = LowPassCoefficients()
    var rest = LowPassCoefficients()
    var mag = 0.0, magCurrent = 0.0, magReference = 0.0
    var magDipThresholdRadians = 0.0, magNewMinGyroRadiansPerSecond = 0.0
    var restGyroThresholdSquared = 0.0, biasClipRadiansPerSecond = 0.0
    var biasInitialVariance = 0.0, biasProcessNoise = 0.0, biasMotionNoise = 0.0, biasRestNoise = 0.0
}
