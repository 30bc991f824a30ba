import AttitudeMath
import Foundation

/// Noise-free raw IMU samples of a sensor tumbling about a slowly turning axis, so that it passes
/// through all orientations, in east-north-up: gravity reads +9.81 up, the field points north and
/// down (20 µT horizontal, 40 µT down).
public struct TumblingIMU {
    public static let gravityENU = SIMD3<Double>(0, 0, 9.81)
    public static let fieldENU = SIMD3<Double>(0, 20, -40)

    public var time: [Double] = []
    /// rad/s, sensor frame.
    public var gyro: [SIMD3<Double>] = []
    /// m/s², sensor frame.
    public var acc: [SIMD3<Double>] = []
    /// µT, sensor frame.
    public var mag: [SIMD3<Double>] = []
    /// The truth: sensor into ENU.
    public var enuFromIMU: [Quaternion] = []

    public init(seconds: Double, rate: Double) {
        var q = Quaternion.identity
        for k in 0..<Int(seconds * rate) {
            let t = Double(k) / rate
            let omega = SIMD3(0.9 * sin(0.31 * t), 0.7 * cos(0.23 * t), 0.5 * sin(0.17 * t + 1))
            q = (q * Quaternion(axis: omega, angle: omega.length / rate)).normalized()!
            time.append(t)
            gyro.append(omega)
            acc.append(q.conjugate.rotate(Self.gravityENU))
            mag.append(q.conjugate.rotate(Self.fieldENU))
            enuFromIMU.append(q)
        }
    }

    /// The samples as steady-dice raw CSV, `t,gx,gy,gz,ax,ay,az[,mx,my,mz]`, with `magOffset` added
    /// to the magnetometer.
    public func rawCSV(magOffset: SIMD3<Double> = .zero) -> String {
        RawCSV.text(time: time, gyro: gyro, acc: acc, mag: mag.map { $0 + magOffset })
    }
}

/// steady-dice raw CSV text.
public enum RawCSV {
    public static func text(time: [Double], gyro: [SIMD3<Double>], acc: [SIMD3<Double>], mag: [SIMD3<Double>]?) -> String {
        var text = mag == nil ? "t,gx,gy,gz,ax,ay,az\n" : "t,gx,gy,gz,ax,ay,az,mx,my,mz\n"
        for i in time.indices {
            let g = gyro[i], a = acc[i]
            text += "\(time[i]),\(g.x),\(g.y),\(g.z),\(a.x),\(a.y),\(a.z)"
            if let m = mag?[i] { text += ",\(m.x),\(m.y),\(m.z)" }
            text += "\n"
        }
        return text
    }
}
