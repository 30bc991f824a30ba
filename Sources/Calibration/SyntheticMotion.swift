import AttitudeMath
import Foundation
import RawLog

/// A camera and an IMU turning together, taken from a recorded reference attitude (a BROAD trial's
/// optical reference), with a gyroscope made from that same attitude so that the two agree exactly:
/// BROAD's own gyroscope lags its reference by about 4 ms and its axes differ by up to 1.5°, which
/// would otherwise be error in the truth the calibration is checked against.
public struct SyntheticMotion: Sendable {
    /// Reference times (seconds, the trial's clock) and sensor-to-world attitudes, without gaps.
    public let time: [Double]
    public let worldFromSensor: [Quaternion]
    /// The trial time at which the synthetic log's first row is (log time 0).
    public let logStart: Double
    /// The log: times from 0, angular rate in S (rad/s), specific force in S (m/s²).
    public let logTime: [Double]
    public let gyro: [SIMD3<Double>]
    public let acc: [SIMD3<Double>]

    /// Takes `duration` seconds of `log`'s reference from trial time `start`, with `margin` seconds of
    /// reference kept on both sides for video frames outside the log. Throws when the reference is missing there.
    public init(reference log: RawIMULog, start: Double, duration: Double, margin: Double = 1.1) throws {
        guard let reference = log.reference else { throw CalibrationError.noFit(reason: "\(log.path) has no reference attitude") }
        let first = start - margin, last = start + duration + margin
        var time: [Double] = [], attitude: [Quaternion] = []
        for (t, q) in zip(log.time, reference) where t >= first && t <= last {
            guard let unit = Quaternion(w: q[0], x: q[1], y: q[2], z: q[3]).normalized(), q[0].isFinite else {
                throw CalibrationError.noFit(reason: String(format: "%@: the reference is missing at t = %.3f s", log.path, t))
            }
            // Keep one hemisphere so differences take the short way.
            if let previous = attitude.last, previous.dot(unit) < 0 { attitude.append(-unit) } else { attitude.append(unit) }
            time.append(t)
        }
        guard let t0 = time.first, let t1 = time.last, t0 <= first + 0.05, t1 >= last - 0.05 else {
            throw CalibrationError.noFit(reason: String(format: "%@ does not cover %.2f to %.2f s", log.path, first, last))
        }
        self.time = time
        worldFromSensor = attitude
        // Each gyroscope sample is the constant rate between two reference samples, at their midpoint.
        var logTime: [Double] = [], gyro: [SIMD3<Double>] = [], acc: [SIMD3<Double>] = []
        var logStart: Double?
        for k in 0..<(time.count - 1) {
            let middle = (time[k] + time[k + 1]) / 2
            guard middle >= start, middle <= start + duration else { continue }
            if logStart == nil { logStart = middle }
            let step = RotationFit.rotationVector(attitude[k].conjugate * attitude[k + 1])
            gyro.append(step / (time[k + 1] - time[k]))
            let q = Quaternion.slerp(attitude[k], attitude[k + 1], 0.5)
            acc.append(q.conjugate.rotate(SIMD3(0, 0, 9.80665)))
            logTime.append(middle - logStart!)
        }
        self.logStart = logStart ?? start
        self.logTime = logTime
        self.gyro = gyro
        self.acc = acc
    }

    /// The sensor's attitude at log time `t` (slerp between reference samples).
    public func worldFromSensor(atLogTime t: Double) -> Quaternion {
        let trial = logStart + t
        if trial <= time[0] { return worldFromSensor[0] }
        if trial >= time[time.count - 1] { return worldFromSensor[time.count - 1] }
        var low = 0, high = time.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if time[middle] <= trial { low = middle } else { high = middle }
        }
        return Quaternion.slerp(worldFromSensor[low], worldFromSensor[high], (trial - time[low]) / (time[high] - time[low]))
    }

    /// The camera's device-to-world attitude for the video frame at video time `t`, for a mount R
    /// (v_D = R·v_S) and time offset o: worldFromD = worldFromS(t + o)·R⁻¹.
    public func worldFromDevice(videoTime t: Double, imuToCamera: Quaternion, timeOffset: Double) -> Quaternion {
        worldFromSensor(atLogTime: t + timeOffset) * imuToCamera.conjugate
    }

    /// The log as steady-dice raw CSV (`t,gx,gy,gz,ax,ay,az`, SI units).
    public var rawCSV: String {
        var text = "# synthetic: a gyroscope made from a reference attitude\nt,gx,gy,gz,ax,ay,az\n"
        for i in 0..<logTime.count {
            let g = gyro[i], a = acc[i]
            text += String(format: "%.6f,%.9f,%.9f,%.9f,%.6f,%.6f,%.6f\n", logTime[i], g.x, g.y, g.z, a.x, a.y, a.z)
        }
        return text
    }
}
