import AttitudeMath
import Fusion
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
}
