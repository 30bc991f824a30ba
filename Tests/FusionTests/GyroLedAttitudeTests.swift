import AttitudeMath
@testable import Fusion
import XCTest

/// The attitude drawn over footage: the gyroscope leads, less its bias; the accelerometer levels only where it reads
/// gravity alone, and slowly.
final class GyroLedAttitudeTests: XCTestCase {
    let g = Frames.standardGravity

    /// 200 Hz for `seconds`, turning about z at `rate` rad/s from a start tilted by `tilt`; `acc(t, worldFromS)` the
    /// accelerometer in S.
    func samples(seconds: Double, tilt: Quaternion, rate: Double, gyroError: SIMD3<Double> = .zero,
                 acc: (Double, Quaternion) -> SIMD3<Double>) -> (time: [Double], gyro: [SIMD3<Double>], acc: [SIMD3<Double>], truth: [Quaternion]) {
        var time: [Double] = [], gyro: [SIMD3<Double>] = [], accs: [SIMD3<Double>] = [], truth: [Quaternion] = []
        for k in 0...Int(seconds * 200) {
            let t = Double(k) / 200
            let q = Quaternion(axis: SIMD3(0, 0, 1), angle: rate * t) * tilt
            time.append(t)
            // The body rate of a turn about W's z, in S.
            gyro.append(q.conjugate.rotate(SIMD3(0, 0, rate)) + gyroError)
            accs.append(acc(t, q))
            truth.append(q)
        }
        return (time, gyro, accs, truth)
    }

    func tiltError(_ q: Quaternion, _ truth: Quaternion) -> Double {
        // The angle between the two attitudes' views of W's up, degrees.
        let a = q.conjugate.rotate(SIMD3(0, 0, 1)), b = truth.conjugate.rotate(SIMD3(0, 0, 1))
        return Angle.degrees(fromRadians: acos(min(1, max(-1, (a * b).sum()))))
    }

    /// Gravity alone, read exactly: the first credible sample levels W at once, and the turn is followed exactly.
    func testGravityAloneLevelsAtOnceAndTheGyroscopeLeads() {
        let tilt = Quaternion(axis: SIMD3(1, 0.3, 0), angle: 0.5)
        let s = samples(seconds: 5, tilt: tilt, rate: 0.4) { _, q in q.conjugate.rotate(SIMD3(0, 0, self.g)) }
        let footage = GyroLedAttitude(time: s.time, gyro: s.gyro, acc: s.acc)
        XCTAssertTrue(footage.hasVertical)
        XCTAssertEqual(footage.credibleShare, 1, accuracy: 1e-9)
        for k in stride(from: 0, to: s.time.count, by: 50) {
            XCTAssertLessThan(tiltError(footage.attitudes[k], s.truth[k]), 1e-6, "t = \(s.time[k])")
        }
    }

    /// A gyroscope whose bias is left 0.1 °/s off about x (what a calibration's ± 0.09 °/s leaves) drifts the tilt by 12°
    /// over two minutes; credible gravity holds it near what `levellingTimeConstantSeconds` of that drift is (0.1 °/s × 20 s =
    /// 2°), inside the gate. A gyroscope 1 °/s off drifts past the gate (3°) and is left to itself: the gate does not
    /// take a drift for gravity's any more than an acceleration.
    func testCredibleGravityHoldsAGyroscopesDrift() {
        let bias = Angle.radians(fromDegrees: SIMD3(0.1, 0, 0))
        let s = samples(seconds: 120, tilt: .identity, rate: 0, gyroError: bias) { _, q in q.conjugate.rotate(SIMD3(0, 0, self.g)) }
        let levelled = GyroLedAttitude(time: s.time, gyro: s.gyro, acc: s.acc)
        let alone = GyroLedAttitude(time: s.time, gyro: s.gyro, acc: nil)
        XCTAssertFalse(alone.hasVertical)
        XCTAssertEqual(tiltError(alone.attitudes.last!, s.truth.last!), 12, accuracy: 0.01)
        XCTAssertEqual(tiltError(levelled.attitudes.last!, s.truth.last!), 2, accuracy: 0.1)
        // Given the bias, the gyroscope alone is exact.
        let corrected = GyroLedAttitude(time: s.time, gyro: s.gyro, acc: nil, gyroBiasRadiansPerSecond: bias)
        XCTAssertLessThan(tiltError(corrected.attitudes.last!, s.truth.last!), 1e-6)
    }

    /// A sample that is not a number (a raw CSV may hold `nan`) costs that sample: the gyroscope holds the rate before
    /// it and the accelerometer's is passed over, so the attitude stays finite and level.
    func testANaNSampleCostsThatSample() {
        var s = samples(seconds: 5, tilt: .identity, rate: 0.3) { _, q in q.conjugate.rotate(SIMD3(0, 0, self.g)) }
        s.gyro[400] = SIMD3(.nan, 0, 0)
        s.acc[600] = SIMD3(0, .nan, 0)
        let footage = GyroLedAttitude(time: s.time, gyro: s.gyro, acc: s.acc)
        XCTAssertTrue(footage.attitudes.allSatisfy { $0.w.isFinite && $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
        XCTAssertLessThan(tiltError(footage.attitudes.last!, s.truth.last!), 0.01)
        XCTAssertGreaterThan(footage.credibleShare, 0.9)
    }

    /// A vehicle's acceleration (2 m/s² along S's x, a fifth of g, for 10 s) is not gravity: it adds 2 % to the
    /// magnitude, within the magnitude's test, but turns the specific force by 11.5°, past the gate; its samples are
    /// not credible, and the attitude does not tilt towards it.
    func testAnAccelerationIsNotTakenForGravity() {
        let s = samples(seconds: 12, tilt: .identity, rate: 0.2) { t, q in
            q.conjugate.rotate(SIMD3(0, 0, self.g)) + (t > 1 && t < 11 ? SIMD3(2, 0, 0) : .zero)
        }
        let footage = GyroLedAttitude(time: s.time, gyro: s.gyro, acc: s.acc)
        XCTAssertLessThan(footage.credibleShare, 2.0 / 12, "only the two seconds without it can be credible")
        XCTAssertGreaterThan(footage.credibleShare, 0.05)
        // Exact while it lasts; after it the low pass's fading tail, once within the gate, levels by its share of the
        // levelling time: hundredths of a degree at most.
        for k in s.time.indices {
            XCTAssertLessThan(tiltError(footage.attitudes[k], s.truth[k]), s.time[k] < 11 ? 1e-6 : 0.01, "t = \(s.time[k])")
        }
    }
}
