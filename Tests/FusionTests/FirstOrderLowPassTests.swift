@testable import Fusion
import Foundation
import XCTest

/// The first-order low pass over irregular samples that the footage attitude levels with.
final class FirstOrderLowPassTests: XCTestCase {
    /// It starts at its first input, and one time constant of a step input covers 1 − 1/e of the step.
    func testAStepCoversOneMinusOneOverEInOneTimeConstant() {
        var filter = FirstOrderLowPass<SIMD2<Double>>(timeConstantSeconds: 0.5)
        XCTAssertNil(filter.output)
        XCTAssertEqual(filter.step(SIMD2(0, 4), dt: 0), SIMD2(0, 4))
        let y = filter.step(SIMD2(1, 0), dt: 0.5)
        XCTAssertEqual(y.x, 1 - exp(-1.0), accuracy: 1e-15)
        XCTAssertEqual(y.y, 4 * exp(-1.0), accuracy: 1e-15)
        XCTAssertEqual(filter.output, y)
    }

    /// Held input weighed by how long it held: two steps of half a period land where one whole one does, so a
    /// log's uneven sampling does not change what the filter settles to.
    func testStepsAddUpOverIrregularTimes() {
        var once = FirstOrderLowPass<SIMD3<Double>>(timeConstantSeconds: 2)
        var twice = once
        _ = once.step(SIMD3(0, 0, 9.8), dt: 0)
        _ = twice.step(SIMD3(0, 0, 9.8), dt: 0)
        let input = SIMD3<Double>(1, -2, 9)
        let a = once.step(input, dt: 0.3)
        _ = twice.step(input, dt: 0.1)
        let b = twice.step(input, dt: 0.2)
        for i in 0..<3 { XCTAssertEqual(a[i], b[i], accuracy: 1e-12) }
        XCTAssertNotEqual(a, input)
    }

    /// No time, no move; a long time, all the way.
    func testShareBounds() {
        XCTAssertEqual(firstOrderShare(dt: 0, timeConstantSeconds: 1), 0)
        XCTAssertEqual(firstOrderShare(dt: 50, timeConstantSeconds: 1), 1, accuracy: 1e-15)
        XCTAssertEqual(firstOrderShare(dt: log(2), timeConstantSeconds: 1), 0.5, accuracy: 1e-15)
    }
}
