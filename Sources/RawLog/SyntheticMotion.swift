import AttitudeMath
import Foundation

/// A camera and an IMU turning together, taken from a recorded reference attitude (a BROAD trial's
/// optical reference), with a gyroscope made from that same attitude so that the two agree exactly:
/// BROAD's own gyroscope lags its reference by about 4 ms and its axes differ by up to 1.5°, which
/// would otherwise be error in the truth the calibration is checked against.
///
/// The reference's rate between samples (its finite differences) is smoothed over 9 samples (the
/// optical reference jitters by more than a hand turns in 3 ms) and becomes the gyroscope; the true
/// attitude at any time is that gyroscope integrated by `GyroIntegral` from the reference's attitude
/// at the first sample, so the camera sees exactly the rotation the gyroscope reports.
public struct SyntheticMotion: Sendable {
    /// The trial time at which the synthetic log's first row is (log time 0).
    public let logStart: Double
    /// The log: times from 0, angular rate in S (rad/s), specific force in S (m/s²).
    public let logTime: [Double]
    public let gyro: [SIMD3<Double>]
    public let acc: [SIMD3<Double>]
    /// The whole synthetic gyroscope, from `margin` before the log to `margin` after it, and where it starts.
    private let integral: GyroIntegral
    private let integralStart: Double
    private let worldFromIMUAtStart: Quaternion

    /// Takes `duration` seconds of `log`'s reference from trial time `start`, with `margin` seconds of
    /// motion on both sides for video frames outside the log. `motionScale` (0 to 1) scales every rate, so
    /// the camera turns that share of the recorded motion (0.02: a rig that barely moves). Throws (`RawLogError`, naming
    /// the log) when the reference is missing there.
    public init(reference log: RawIMULog, start: Double, duration: Double, margin: Double = 1.1, motionScale: Double = 1) throws {
        guard let reference = log.reference else {
            throw RawLogError(path: log.path, "has no reference attitude (qw,qx,qy,qz), which a synthetic clip's motion is drawn from")
        }
        let first = start - margin, last = start + duration + margin
        var time: [Double] = [], attitude: [Quaternion] = []
        for (t, q) in zip(log.time, reference) where t >= first && t <= last {
            guard let unit = q?.normalized() else {
                throw RawLogError(path: log.path, String(format: "the reference is missing at t = %.3f s", t))
            }
            // Keep one hemisphere so differences take the short way.
            if let previous = attitude.last, previous.dot(unit) < 0 { attitude.append(-unit) } else { attitude.append(unit) }
            time.append(t)
        }
        guard time.count > 20, let t0 = time.first, let t1 = time.last, t0 <= first + 0.05, t1 >= last - 0.05 else {
            throw RawLogError(path: log.path, String(format: "does not cover %.2f to %.2f s", first, last))
        }
        // Each rate is the constant rate between two reference samples, at their midpoint.
        let middles = (0..<(time.count - 1)).map { (time[$0] + time[$0 + 1]) / 2 }
        let raw = (0..<(time.count - 1)).map { k in
            (attitude[k].conjugate * attitude[k + 1]).rotationVector / (time[k + 1] - time[k])
        }
        let half = 4
        let smoothed = raw.indices.map { k -> SIMD3<Double> in
            let window = max(0, k - half)...min(raw.count - 1, k + half)
            return window.reduce(SIMD3<Double>.zero) { $0 + raw[$1] } / Double(window.count) * motionScale
        }
        integral = GyroIntegral(time: middles, rate: smoothed)
        integralStart = middles[0]
        worldFromIMUAtStart = Quaternion.slerp(attitude[0], attitude[1], 0.5)
        let rows = middles.indices.filter { middles[$0] >= start && middles[$0] <= start + duration }
        let logStart = rows.first.map { middles[$0] } ?? start
        self.logStart = logStart
        logTime = rows.map { middles[$0] - logStart }
        gyro = rows.map { smoothed[$0] }
        let integral = self.integral, q0 = worldFromIMUAtStart, s0 = integralStart
        acc = rows.map { (q0 * integral.orientation(at: middles[$0] - s0)).conjugate.rotate(SIMD3(0, 0, Frames.standardGravity)) }
    }

    /// The sensor's attitude at log time `t`: the synthetic gyroscope integrated from the reference.
    public func worldFromIMU(atLogTime t: Double) -> Quaternion {
        worldFromIMUAtStart * integral.orientation(at: t + logStart - integralStart)
    }

    /// The IMU's true attitude (world from S) at each log sample, as an attitude log would carry it.
    public var attitudeSamples: [(t: Double, worldFromIMU: Quaternion)] {
        logTime.map { ($0, worldFromIMU(atLogTime: $0)) }
    }

    /// The camera's device-to-world attitude for the video frame at video time `t`, for a mount R
    /// (v_D = R·v_S) and time offset o: worldFromD = worldFromS(t + o)·R⁻¹.
    public func worldFromDevice(videoTime t: Double, deviceFromIMU: Quaternion, timeOffsetSeconds: Double) -> Quaternion {
        Frames.worldFromDevice(worldFromIMU: worldFromIMU(atLogTime: t + timeOffsetSeconds), deviceFromIMU: deviceFromIMU)
    }

    /// The log as steady-dice raw CSV (`t,gx,gy,gz,ax,ay,az`, SI units), the gyroscope reading
    /// `gyroBiasRadiansPerSecond` (rad/s, in S) more than the truth.
    /// `gyroNoiseRadiansPerSecond` is the standard deviation in rad/s of white Gaussian noise added to each axis of
    /// each sample, drawn from `seed` (the same seed, the same noise).
    public func rawCSV(gyroBiasRadiansPerSecond: SIMD3<Double> = .zero, gyroNoiseRadiansPerSecond: Double = 0, seed: UInt64 = 1) -> String {
        var text = "# synthetic: a gyroscope made from a reference attitude\nt,gx,gy,gz,ax,ay,az\n"
        var noise = GaussianNoise(seed: seed)
        for i in 0..<logTime.count {
            var g = gyro[i] + gyroBiasRadiansPerSecond
            if gyroNoiseRadiansPerSecond > 0 { g += gyroNoiseRadiansPerSecond * SIMD3(noise.next(), noise.next(), noise.next()) }
            let a = acc[i]
            text += String(format: "%.6f,%.9f,%.9f,%.9f,%.6f,%.6f,%.6f\n", logTime[i], g.x, g.y, g.z, a.x, a.y, a.z)
        }
        return text
    }
}

/// Standard normal numbers from a seed, reproducible on every machine: `SplitMix64` for the uniforms,
/// the Box–Muller transform for the normals.
public struct GaussianNoise: Sendable {
    private var uniforms: SplitMix64
    private var spare: Double?

    public init(seed: UInt64) { uniforms = SplitMix64(seed: seed) }

    /// A uniform number in (0, 1).
    public mutating func uniform() -> Double { uniforms.uniform() }

    /// A standard normal number.
    public mutating func next() -> Double {
        if let spare {
            self.spare = nil
            return spare
        }
        let radius = (-2 * log(uniform())).squareRoot(), angle = 2 * Double.pi * uniform()
        spare = radius * sin(angle)
        return radius * cos(angle)
    }
}
