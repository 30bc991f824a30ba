import AttitudeMath
import LogLoading
import RawLog
import XCTest

/// One time convention for a gyroscope sample (docs/conventions.md, "Time"): the rate over the interval since the
/// previous sample, the rate at that interval's middle. Calibrate integrates the gyroscope so (`GyroIntegral`, linear
/// between the middles) and fusion, which drawing uses, by the midpoint rule: both must give the same attitude at each
/// sample's instant, or the die drawn with the fused attitude turns against a scene that follows the calibrated one
/// (calibrate took each sample as the rate at its own instant, fusion as the rate over the step before it,
/// and the fused attitude ran half a sample ahead, 1.75e-3 rad here: 0.47 px per frame on a 640x480 clip).
final class TimeConventionTests: XCTestCase {
    /// The fused attitude (6D, the accelerometer reading gravity alone along the integrated attitude, so there is
    /// nothing to correct) against the integrated one at every sample instant, radians.
    private func worstDifference(rate: (Double) -> SIMD3<Double>) throws -> (worst: Double, first: Double) {
        let period = 0.0035
        let time = (0...857).map { Double($0) * period }
        let rates = time.map(rate)
        let integral = GyroIntegral(time: time, rate: rates)
        let acc = time.map { integral.orientation(at: $0).conjugate.rotate(SIMD3(0, 0, 9.81)) }
        let log = RawIMULog(path: "turning.csv", format: .rawCSV, time: time, gyro: rates, acc: acc, mag: nil)
        let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: .sixD)
        XCTAssertEqual(fused.count, time.count)
        let worst = fused.indices.map { fused[$0].outputFromIMU.angle(to: integral.orientation(at: time[$0])) }.max() ?? .infinity
        return (worst, fused[0].outputFromIMU.angle(to: .identity))
    }

    /// A constant rate: fused and integrated agree at every instant to rounding, and the first sample turns nothing.
    func testAConstantRateIsTheSameAttitudeFusedAndIntegrated() throws {
        let (worst, first) = try worstDifference { _ in SIMD3(0.3, -0.5, 0.8) }
        XCTAssertLessThan(first, 1e-9)
        XCTAssertLessThan(worst, 1e-6, "fused and integrated attitudes differ at a sample instant by \(worst) rad")
    }

    /// Three seconds of turning about all three axes at BROAD's 3.5 ms, up to about 1 rad/s, starting level: the
    /// midpoint rule and the rate linear between middles differ only by a second-order term (a few 1e-6 rad), a
    /// thousandth of the half sample the two rules used to differ by.
    func testATurningGyroscopeIsTheSameAttitudeFusedAndIntegrated() throws {
        let (worst, first) = try worstDifference { t in SIMD3(0.8 * sin(3 * t), 0.7 * cos(2 * t), 0.5 + 0.3 * sin(5 * t)) }
        XCTAssertLessThan(first, 1e-9)
        XCTAssertLessThan(worst, 2e-5, "fused and integrated attitudes differ at a sample instant by \(worst) rad")
    }
}
