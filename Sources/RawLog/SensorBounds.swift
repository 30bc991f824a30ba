import AttitudeMath
import CSVText
import Foundation

/// The values a raw IMU log may hold (its times: `TimeBounds`, every reader's bound), in SI units after a format's own conversion. A value outside them is
/// not a reading any sensor gives, so the log is refused (with the file, line or sample and column) rather
/// than fused into a wrong picture. NaN is a missing reading and passes; ±infinity does not.
public enum SensorBounds {
    /// rad/s on any axis: 100 rad/s is 5730°/s, past the ±2000 to ±4000 °/s full scale of MEMS gyroscopes.
    public static let gyroscope = 100.0
    /// m/s² on any axis: 2000 m/s² is 204 g, past the ±16 g of phones and the ±200 g of high-g parts.
    public static let accelerometer = 2000.0
    /// µT on any axis: 5000 µT is a hundred times the Earth's field, past the ±4900 µT of phone magnetometers.
    public static let magnetometer = 5000.0
    /// A 9D log needs some magnetometer sample longer than this (µT, or the arbitrary units x-IMU3 writes,
    /// whose direction is all fusion uses): zero, as a phone without the sensor writes, heads nothing.
    public static let smallestField = 1e-6
}

extension RawLogReader {
    /// Checks every sample against `SensorBounds`, and that the gyroscope has something to integrate.
    /// `line` maps a sample to its file line when the log is one file, row for row.
    static func checkSamples(_ log: RawIMULog, line: ((Int) -> Int)?) throws {
        func place(_ i: Int) -> (Int?, String) {
            if let line { return (line(i), "") }
            return (nil, String(format: "sample %d (t = %.6g s): ", i, i < log.time.count ? log.time[i] : 0))
        }
        func check(_ v: SIMD3<Double>, _ i: Int, sensor: String, unit: String, bound: Double) throws {
            for axis in 0..<3 where !v[axis].isNaN && !(abs(v[axis]) <= bound) {
                let (fileLine, prefix) = place(i)
                throw RawLogError(path: log.path, line: fileLine, column: "\(sensor) \(["x", "y", "z"][axis])",
                                  prefix + "\(v[axis]) \(unit) is beyond any \(sensor)'s range (accepted: -\(bound) to \(bound) \(unit))")
            }
        }
        for i in 0..<log.count {
            if let problem = TimeBounds.problem(time: log.time[i]) {
                let (fileLine, _) = place(i)
                throw RawLogError(path: log.path, line: fileLine, column: "time", problem)
            }
            try check(log.gyro[i], i, sensor: "gyroscope", unit: "rad/s", bound: SensorBounds.gyroscope)
            if let acc = log.acc { try check(acc[i], i, sensor: "accelerometer", unit: "m/s²", bound: SensorBounds.accelerometer) }
            if let mag = log.mag { try check(mag[i], i, sensor: "magnetometer", unit: "µT", bound: SensorBounds.magnetometer) }
        }
        guard log.gyro.contains(where: { !$0.x.isNaN && !$0.y.isNaN && !$0.z.isNaN }) else {
            throw RawLogError(path: log.path, "the gyroscope has no sample without NaN: there is no motion to integrate")
        }
        guard log.acc?.contains(where: { !$0.x.isNaN && !$0.y.isNaN && !$0.z.isNaN }) ?? true else {
            throw RawLogError(path: log.path, "the accelerometer has no sample without NaN: nothing to level the attitude by")
        }
        if let first = log.time.first, let last = log.time.last, log.count > 1, !(last > first) {
            throw RawLogError(path: log.path, "no time passes: all \(log.count) samples are at t = \(first) s")
        }
    }
}

extension RawIMULog {
    /// 9D fusion needs a magnetometer that measured a field: refuses a log whose magnetometer samples are
    /// all zero, NaN or tiny (a phone without the sensor writing zeros), which would be headed by nothing.
    public func checkMagnetometerUsable() throws {
        guard mag != nil, !magnetometerIsUsable else { return }
        throw RawLogError(path: path, "9D fusion needs a magnetic field, and every magnetometer sample of this log is zero "
                          + "or NaN", remedy: .sixD)
    }

    /// True when some magnetometer sample is finite and longer than `SensorBounds.smallestField`.
    public var magnetometerIsUsable: Bool {
        mag?.contains { v in
            let n = v.length
            return n.isFinite && n > SensorBounds.smallestField
        } ?? false
    }

    /// Fusion levels the attitude by the accelerometer: its samples, or for a gyroscope-only log an error saying what
    /// reads it.
    public func accelerometerForLevelling() throws -> [SIMD3<Double>] {
        if let acc { return acc }
        throw RawLogError(path: path, "fusion (6D and 9D) levels the attitude by the accelerometer, and this log has only a gyroscope "
                          + "(t,gx,gy,gz); `steady-dice calibrate` reads it as it is, `attitude convert` integrates its gyroscope "
                          + "into an attitude, and `steady-dice` draws it so")
    }

    /// Why fusion passes over this log's magnetometer (a 6D fusion where the columns ask for 9D), for the command to
    /// print; nil when it does not.
    public var magnetometerNote: String? {
        guard mag != nil, !magnetometerIsUsable else { return nil }
        return "\(path): every magnetometer sample is zero or NaN; fusing 6D "
            + "(gyroscope and accelerometer), heading arbitrary"
    }
}
