import AttitudeMath
import TestSupport
import XCTest

final class ScalarKalmanFilterTests: XCTestCase {
    /// The first two steps worked by hand with Q = 0.5, R = 2, P = 3.
    func testFirstStepsByHand() {
        var filter = ScalarKalmanFilter(parameters: .init(processNoise: 0.5, measurementNoise: 2, initialVariance: 3))
        // x = 10, p = 3 + 0.5 = 3.5, k = 3.5/5.5, x stays 10, p = (1 - k)·3.5 = 7/5.5.
        XCTAssertEqual(filter.update(10), 10)
        XCTAssertEqual(filter.state!.gain, 3.5 / 5.5, accuracy: 1e-15)
        XCTAssertEqual(filter.state!.variance, 7 / 5.5, accuracy: 1e-15)
        // p = 7/5.5 + 0.5 = 1.7727..., k = p/(p + 2), x = 10 + k·(4 − 10).
        let p = 7 / 5.5 + 0.5, k = p / (p + 2)
        XCTAssertEqual(filter.update(4), 10 + k * -6, accuracy: 1e-12)
        XCTAssertEqual(filter.state!.variance, (1 - k) * p, accuracy: 1e-15)
    }

    /// The recursion written out again, over noisy data, for several Q, R, P.
    func testRecursionMatchesTheArticlesFormulas() {
        var generator = SplitMix64(seed: 5)
        let data = (0..<300).map { k in 20 * sin(Double(k) / 30) + Double.random(in: -3...3, using: &generator) }
        for (q, r, p0) in [(0.1, 0.1, 0.1), (0.01, 4.0, 10.0), (2.0, 0.5, 0.0), (1e-4, 1.0, 1.0)] {
            var filter = ScalarKalmanFilter(parameters: .init(processNoise: q, measurementNoise: r, initialVariance: p0))
            var x = data[0], p = p0
            for z in data {
                p = p + q
                let k = p / (p + r)
                x = x + k * (z - x)
                p = (1 - k) * p
                XCTAssertEqual(filter.update(z), x, accuracy: 1e-12)
            }
        }
    }

    func testGainSettlesToTheClosedForm() {
        // Q = R: the gain settles to 1/φ = (√5 − 1)/2.
        XCTAssertEqual(ScalarKalmanFilter.Parameters.articles.steadyStateGain, (5.0.squareRoot() - 1) / 2, accuracy: 1e-15)
        for (q, r, p0) in [(0.1, 0.1, 0.1), (0.01, 4.0, 10.0), (2.0, 0.5, 0.0), (3.0, 0.001, 50.0)] {
            let parameters = ScalarKalmanFilter.Parameters(processNoise: q, measurementNoise: r, initialVariance: p0)
            var filter = ScalarKalmanFilter(parameters: parameters)
            for k in 0..<2000 { _ = filter.update(Double(k % 7)) }
            XCTAssertEqual(filter.state!.gain, parameters.steadyStateGain, accuracy: 1e-12, "Q \(q), R \(r), P \(p0)")
        }
    }

    func testResetStartsAgainFromTheNextMeasurement() {
        var filter = ScalarKalmanFilter()
        _ = filter.update(5); _ = filter.update(7)
        filter.reset()
        XCTAssertNil(filter.state)
        XCTAssertEqual(filter.update(-3), -3)
    }
}
