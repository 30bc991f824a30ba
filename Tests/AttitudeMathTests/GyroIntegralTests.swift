import AttitudeMath
import TestSupport
import XCTest

/// The gyroscope's rotation between two times (`GyroIntegral`) against integrals worked by hand: a constant rate turns
/// by rate·t, a rate linear in time about a fixed axis by a·t + b·t²/2 (each sample the rate at the middle of the
/// interval before it), between sample times as well as at them; an attitude stream's differences; the median step.
final class GyroIntegralTests: XCTestCase {
    func testAConstantRateTurnsByRateTimesTime() {
        let rate = SIMD3<Double>(0.3, -0.2, 0.5)  // rad/s, about 0.62 rad/s in all
        // 100 Hz for 2 s, the log starting at 1000 s: its times are taken from its first.
        let time = (0...200).map { 1000 + Double($0) / 100 }
        let integral = GyroIntegral(time: time, rate: Array(repeating: rate, count: time.count))
        XCTAssertEqual(integral.duration, 2, accuracy: 1e-9)
        assertEqual(integral.rotation(from: 0, to: 1), rate, accuracy: 1e-9, "over the first second, at sample times")
        assertEqual(integral.rotation(from: 0.5, to: 1.5), rate, accuracy: 1e-9)
        assertEqual(integral.rotation(from: 0.123, to: 0.777), rate * 0.654, accuracy: 1e-9, "between samples")
        assertEqual(integral.rotation(from: 0.005, to: 0.0075), rate * 0.0025, accuracy: 1e-12, "within one interval")
        assertEqual(integral.rotation(from: 1.5, to: 0.5), -rate, accuracy: 1e-9, "backwards")
        assertEqual(integral.rotation(from: -3, to: 9), rate * 2, accuracy: 1e-9, "clamped to the log")
        assertEqual(integral.rate(at: 0.777), rate, accuracy: 1e-12)
    }

    /// ω(t) = (a + b·t)·axis about a fixed axis, sampled as a gyroscope gives it (sample i the rate at the middle of
    /// the interval before it) at uneven times: the angle from 0 to t is a·t + b·t²/2, exactly, at and between samples.
    func testARateLinearInTimeIsIntegratedExactly() {
        let axis = SIMD3<Double>(2, -1, 2) / 3
        let a = 0.4, b = -0.3  // rad/s and rad/s²
        let steps: [Double] = [0.01, 0.02, 0.01, 0.015, 0.005, 0.03, 0.01, 0.02, 0.01, 0.01]
        var time = [0.0]
        for _ in 0..<8 { for step in steps { time.append(time[time.count - 1] + step) } }
        var middle = [time[0] - (time[1] - time[0]) / 2]
        for i in 1..<time.count { middle.append((time[i - 1] + time[i]) / 2) }
        let integral = GyroIntegral(time: time, rate: middle.map { axis * (a + b * $0) })
        func angle(_ t: Double) -> Double { a * t + b * t * t / 2 }
        for (from, to) in [(0.0, time[40]), (time[7], time[63]), (0.0137, 0.4521), (0.3333, 0.3391), (0.2, time[time.count - 1])] {
            assertEqual(integral.rotation(from: from, to: to), axis * (angle(to) - angle(from)), accuracy: 1e-12,
                         "from \(from) to \(to)")
        }
        // The rate at a time between samples is the line's.
        XCTAssertEqual((integral.rate(at: 0.4521) * axis).sum(), a + b * 0.4521, accuracy: 1e-12)
    }

    /// From attitudes alone: the body turns about its own axis by θ(t_i) at each sample (from an arbitrary start), and
    /// at the constant rate that takes one sample into the next between them.
    func testAnAttitudeStreamIsDifferenced() {
        let start = Quaternion(axis: SIMD3<Double>(1, 2, 2) / 3, angle: 2.1)
        let axis = SIMD3<Double>(0, 0.6, 0.8)
        let time: [Double] = [5, 5.1, 5.25, 5.3, 5.5, 5.6]
        let theta: [Double] = [0, 0.05, 0.2, 0.18, 0.5, 0.9]
        let attitude = theta.map { start * Quaternion(axis: axis, angle: $0) }
        let integral = GyroIntegral(time: time, attitude: attitude)
        for i in time.indices {
            for j in time.indices {
                assertEqual(integral.rotation(from: time[i] - 5, to: time[j] - 5), axis * (theta[j] - theta[i]), accuracy: 1e-12,
                             "sample \(i) to \(j)")
            }
        }
        // A quarter of the way from sample 1 to sample 2: a quarter of their difference.
        assertEqual(integral.rotation(from: 0.1, to: 0.1375), axis * 0.0375, accuracy: 1e-12)
        // θ(0.125) = 0.05 + 1 rad/s · 0.025 s, θ(0.4) = 0.18 + 1.6 rad/s · 0.1 s.
        assertEqual(integral.rotation(from: 0.125, to: 0.4), axis * (0.34 - 0.075), accuracy: 1e-12)
        // The rate between samples 3 and 4 is their difference over their 0.2 s; the first sample takes the second's.
        assertEqual(integral.rate(at: 0.4), axis * (0.32 / 0.2), accuracy: 1e-12)
        assertEqual(integral.rate(at: 0), axis * (0.05 / 0.1), accuracy: 1e-12)
    }

    func testTheTypicalStepIsTheMedianStep() {
        // Steps 0.25, 0.25, 1, 0.25, 0.5: median 0.25, where the mean would be 0.45.
        let time: [Double] = [10, 10.25, 10.5, 11.5, 11.75, 12.25]
        XCTAssertEqual(GyroIntegral(time: time, rate: Array(repeating: .zero, count: time.count)).typicalStep, 0.25)
        let attitude = Array(repeating: Quaternion.identity, count: time.count)
        XCTAssertEqual(GyroIntegral(time: time, attitude: attitude).typicalStep, 0.25)
        XCTAssertEqual(GyroIntegral(time: [3], rate: [SIMD3(1, 0, 0)]).typicalStep, 0, "one sample has no step")
        // Steps 0.5, 0.125, 0.125, 2: of an even count, the upper of the middle two (`Median`'s rule).
        XCTAssertEqual(GyroIntegral(time: [0, 0.5, 0.625, 0.75, 2.75], rate: Array(repeating: .zero, count: 5)).typicalStep, 0.5)
    }
}
