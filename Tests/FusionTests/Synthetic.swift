import AttitudeMath
import Fusion
import RawLog
import XCTest

/// Synthetic sensor data from a known trajectory, in east-north-up: gravity reads +9.81 up,
/// the field points north and down (20 µT horizontal, 40 µT down).
enum Synthetic {
    static let gravityENU = SIMD3<Double>(0, 0, 9.81)
    static let fieldENU = SIMD3<Double>(0, 20, -40)

    /// One sample as the sensor with attitude `enuFromSensor` would measure it.
    static func measure(_ enuFromSensor: Quaternion, rate: SIMD3<Double>, bias: SIMD3<Double> = .zero)
        -> (gyro: SIMD3<Double>, acc: SIMD3<Double>, mag: SIMD3<Double>) {
        let sensorFromENU = enuFromSensor.conjugate
        return (rate + bias, sensorFromENU.rotate(gravityENU), sensorFromENU.rotate(fieldENU))
    }

    /// Inclination and heading errors in degrees between an estimate and the truth (BROAD's definitions).
    static func errors(_ estimate: Quaternion, _ truth: Quaternion) -> (total: Double, heading: Double, inclination: Double) {
        let e = (estimate * truth.conjugate).normalized()!
        let degrees = 180 / Double.pi
        return (2 * acos(min(1, abs(e.w))) * degrees,
                2 * atan(abs(e.z / e.w)) * degrees,
                2 * acos(min(1, (e.w * e.w + e.z * e.z).squareRoot())) * degrees)
    }

    static let degree = Double.pi / 180

    /// Noise-free samples of a sensor tumbling about a slowly turning axis, with its reference.
    static func tumblingLog(seconds: Double, rate: Double) -> RawIMULog {
        let count = Int(seconds * rate)
        var enuFromSensor = Quaternion.identity
        var time: [Double] = [], gyro: [SIMD3<Double>] = [], acc: [SIMD3<Double>] = [], mag: [SIMD3<Double>] = []
        var reference: [SIMD4<Double>] = []
        for k in 0..<count {
            let t = Double(k) / rate
            let omega = SIMD3(0.9 * sin(0.31 * t), 0.7 * cos(0.23 * t), 0.5 * sin(0.17 * t + 1))  // rad/s, sensor frame
            enuFromSensor = (enuFromSensor * Quaternion(axis: omega, angle: (omega * omega).sum().squareRoot() / rate)).normalized()!
            let reading = measure(enuFromSensor, rate: omega)
            time.append(t); gyro.append(reading.gyro); acc.append(reading.acc); mag.append(reading.mag)
            reference.append(SIMD4(enuFromSensor.w, enuFromSensor.x, enuFromSensor.y, enuFromSensor.z))
        }
        return RawIMULog(path: "tumbling.csv", format: .rawCSV, time: time, gyro: gyro, acc: acc, mag: mag, reference: reference)
    }

    /// `log` as steady-dice raw CSV text (t,gx,gy,gz,ax,ay,az[,mx,my,mz]).
    static func rawCSV(_ log: RawIMULog) -> String {
        var text = log.mag == nil ? "t,gx,gy,gz,ax,ay,az\n" : "t,gx,gy,gz,ax,ay,az,mx,my,mz\n"
        for i in 0..<log.count {
            let g = log.gyro[i], a = log.acc[i]
            text += "\(log.time[i]),\(g.x),\(g.y),\(g.z),\(a.x),\(a.y),\(a.z)"
            if let m = log.mag?[i] { text += ",\(m.x),\(m.y),\(m.z)" }
            text += "\n"
        }
        return text
    }
}
