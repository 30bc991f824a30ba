import AttitudeMath
@testable import Calibration
import RawLog
import XCTest

/// One time convention for a gyroscope sample (docs/conventions.md, "Time"): the mean rate over the interval since
/// the previous sample. Calibrate integrates the gyroscope so (`GyroIntegral`), and fusion, which drawing uses, must
/// give the same attitude at each sample's instant, or the die drawn with the fused attitude turns against a scene
/// that follows the calibrated one (issue 34: calibrate took the rate as linear between samples, fusion as constant
/// over the step before, and the fused attitude ran half a sample ahead: 0.47 px per frame on a 640x480 clip).
final class TimeConventionTests: XCTestCase {
    func testFusionAndTheGyroIntegralAgreeAtEverySampleInstant() throws {
        // Three seconds of turning about all three axes at BROAD's 3.5 ms, up to about 1 rad/s, starting level; the
        // accelerometer reads gravity alone along the integrated attitude, so the 6D estimator has nothing to correct.
        let period = 0.0035
        let time = (0...857).map { Double($0) * period }
        let rate = time.map { t in SIMD3(0.8 * sin(3 * t), 0.7 * cos(2 * t), 0.5 + 0.3 * sin(5 * t)) }
        let integral = GyroIntegral(time: time, rate: rate)
        let acc = time.map { integral.orientation(at: $0).conjugate.rotate(SIMD3(0, 0, 9.81)) }
        let log = RawIMULog(path: "turning.csv", format: .rawCSV, time: time, gyro: rate, acc: acc, mag: nil)
        let fused = try RawLogFusion.fuse(log: log, frame: .reference(.xArbitraryZVertical), mode: .sixD)
        XCTAssertEqual(fused.count, time.count)
        // The first sample starts the integration: it turns nothing.
        XCTAssertLessThan(fused[0].outputFromSensor.angle(to: .identity), 1e-9)
        var worst = 0.0
        for (i, sample) in fused.enumerated() {
            worst = max(worst, sample.outputFromSensor.angle(to: integral.orientation(at: time[i])))
        }
        XCTAssertLessThan(worst, 1e-6, "fused and integrated attitudes differ at a sample instant by \(worst) rad")
    }
}
