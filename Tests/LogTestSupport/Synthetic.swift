import AttitudeMath
import Foundation
import RawLog
import TestSupport

/// Synthetic sensor data from a known trajectory, in east-north-up: gravity reads +9.81 up,
/// the field points north and down (20 µT horizontal, 40 µT down).
public enum Synthetic {
    public static let gravityENU = TumblingIMU.gravityENU
    public static let fieldENU = TumblingIMU.fieldENU

    /// One sample as the sensor with attitude `enuFromIMU` would measure it.
    public static func measure(_ enuFromIMU: Quaternion, rate: SIMD3<Double>, bias: SIMD3<Double> = .zero)
        -> (gyro: SIMD3<Double>, acc: SIMD3<Double>, mag: SIMD3<Double>) {
        let sensorFromENU = enuFromIMU.conjugate
        return (rate + bias, sensorFromENU.rotate(gravityENU), sensorFromENU.rotate(fieldENU))
    }

    /// The total, heading (its size) and tilt errors in degrees between an estimate and the truth, as BROAD scores them
    /// (`AttitudeError`).
    public static func errors(_ estimate: Quaternion, _ truth: Quaternion) -> (total: Double, heading: Double, tilt: Double) {
        let e = AttitudeError(estimate: estimate, reference: truth)!
        let degrees = Angle.degrees(fromRadians: 1.0)
        return (e.total * degrees, abs(e.heading) * degrees, e.tilt * degrees)
    }

    public static let degree = Angle.radians(fromDegrees: 1.0)

    /// `TumblingIMU` as a raw log, with its reference.
    public static func tumblingLog(seconds: Double, rate: Double) -> RawIMULog {
        let imu = TumblingIMU(seconds: seconds, rate: rate)
        return RawIMULog(path: "tumbling.csv", format: .rawCSV, time: imu.time, gyro: imu.gyro, acc: imu.acc, mag: imu.mag,
                         reference: imu.enuFromIMU)
    }

    /// `log`, which has an accelerometer, as steady-dice raw CSV text.
    public static func rawCSV(_ log: RawIMULog) -> String {
        RawCSV.text(time: log.time, gyro: log.gyro, acc: log.acc!, mag: log.mag)
    }
}
