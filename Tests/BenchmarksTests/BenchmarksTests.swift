import AttitudeMath
import Benchmarks
import Fusion
import XCTest

/// The estimator's benchmark in-process: the synthetic log it replays and the runs it measures (not their speed).
final class BenchmarksTests: XCTestCase {
    /// The estimator's log is the same for a seed on every machine (285.7 Hz, a unit quaternion's worth of motion,
    /// gravity and a field of the stated sizes), another for another seed.
    func testTheSyntheticLogIsSeededAndPhysical() throws {
        let log = EstimatorBenchmark.synthetic(count: 2000)
        XCTAssertEqual(log.count, 2000)
        XCTAssertEqual(log.time[1] - log.time[0], 0.0035, accuracy: 1e-15)
        XCTAssertEqual(log.gyro, EstimatorBenchmark.synthetic(count: 2000).gyro)
        XCTAssertNotEqual(log.gyro, EstimatorBenchmark.synthetic(count: 2000, seed: 1).gyro)
        let acc = try XCTUnwrap(log.acc), mag = try XCTUnwrap(log.mag)
        for i in [0, 999, 1999] {
            XCTAssertEqual(acc[i].length, Frames.standardGravity, accuracy: 0.1, "gravity, with ±0.05 noise on each axis")
            XCTAssertEqual(mag[i].length, (400.0 + 1600).squareRoot(), accuracy: 0.5)
        }
    }

    func testTheEstimatorIsMeasuredOncePerRunAndItsOutputChecked() throws {
        let log = EstimatorBenchmark.synthetic(count: 500)
        let rates = try EstimatorBenchmark(mode: .nineD, parameters: FusionParameters(), runs: 3).measure(log)
        XCTAssertEqual(rates.samples, 500)
        XCTAssertEqual(rates.sorted.count, 3)
        XCTAssertEqual(rates.sorted, rates.sorted.sorted())
        XCTAssertEqual(rates.median, rates.sorted[1])
        XCTAssertTrue(rates.finite)
        XCTAssertEqual(try EstimatorBenchmark(mode: .sixD, parameters: FusionParameters(), runs: 0).measure(log).sorted.count, 1,
                       "at least one run")
    }

    /// A log without an accelerometer is refused as fusion refuses it, not fed NaN.
    func testAGyroscopeOnlyLogIsRefused() {
        var log = EstimatorBenchmark.synthetic(count: 100)
        log.acc = nil
        XCTAssertThrowsError(try EstimatorBenchmark(mode: .sixD, parameters: FusionParameters(), runs: 1).measure(log)) { error in
            XCTAssertTrue("\(error)".contains("only a gyroscope"), "\(error)")
        }
    }
}
