import AttitudeMath
import LogTestSupport
import RawLog
import TestSupport
import XCTest

/// The hard-iron fit: it finds a known offset, ignores a passing magnet and refuses data that cannot determine an
/// offset. That the fit gives a 9D estimator its heading back is BroadEvaluationTests'.
final class HardIronCalibrationTests: XCTestCase {
    private let offset = SIMD3<Double>(25, -15, 30)

    /// What the magnetometer reads at `count` seeded random attitudes, plus the offset and ±`noise` µT.
    private func samples(count: Int, noise: Double, seed: UInt64) -> [SIMD3<Double>] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let sensorFromENU = Quaternion.random(using: &generator)
            let jitter = SIMD3<Double>(.random(in: -noise...noise, using: &generator), .random(in: -noise...noise, using: &generator),
                                       .random(in: -noise...noise, using: &generator))
            return sensorFromENU.rotate(Synthetic.fieldENU) + offset + jitter
        }
    }

    func testFindsAKnownOffset() throws {
        let fit = try HardIronCalibration.fit(samples(count: 2000, noise: 0.5, seed: 1))
        XCTAssertEqual(fit.offset.x, 25, accuracy: 0.1)
        XCTAssertEqual(fit.offset.y, -15, accuracy: 0.1)
        XCTAssertEqual(fit.offset.z, 30, accuracy: 0.1)
        let field = Synthetic.fieldENU.length
        XCTAssertEqual(fit.fieldStrength, field, accuracy: 0.1)
        XCTAssertLessThan(fit.residualRMS, 0.5)
        XCTAssertEqual(fit.coverage, 1 / 3.0.squareRoot(), accuracy: 0.05, "samples all over the sphere")
        XCTAssertGreaterThan(fit.sampleCount, 1900)
        XCTAssertTrue(fit.description.hasPrefix("hard-iron offset (24.99, -15.01, 29.99) µT fitted to \(fit.sampleCount) samples"),
                      fit.description)
    }

    func testAPassingMagnetIsLeftOut() throws {
        var data = samples(count: 2000, noise: 0.5, seed: 2)
        for i in stride(from: 0, to: 200, by: 1) { data[i] += SIMD3(40, 0, 0) }  // 10 %: a magnet nearby
        data[500] = SIMD3(.nan, 0, 0)
        let fit = try HardIronCalibration.fit(data)
        XCTAssertEqual(fit.offset.x, 25, accuracy: 0.2)
        XCTAssertEqual(fit.offset.y, -15, accuracy: 0.2)
        XCTAssertEqual(fit.offset.z, 30, accuracy: 0.2)
        // A shifted reading that happens to land on the sphere cannot be told from a clean one: for a
        // 40 µT shift that is about 2 % of them, so about 4 of the 200 stay in.
        XCTAssertLessThanOrEqual(fit.sampleCount, 1999 - 190, "the disturbed and non-finite samples are left out")
    }

    func testRotationAboutOneAxisIsRefused() {
        // Turning about the vertical only: the readings trace a circle, which leaves the offset's
        // vertical part unknown.
        var generator = SplitMix64(seed: 3)
        let circle = (0..<1000).map { k -> SIMD3<Double> in
            let sensorFromENU = Quaternion(axis: [0, 0, 1], angle: Double(k) * 0.0063)
            return sensorFromENU.rotate(Synthetic.fieldENU) + offset + SIMD3(.random(in: -0.3...0.3, using: &generator), 0, 0)
        }
        XCTAssertThrowsError(try HardIronCalibration.fit(circle)) { error in
            guard let error = error as? HardIronCalibration.FitError else { return XCTFail("\(error)") }
            switch error {
            case .notEnoughRotation, .implausibleField, .degenerate: break
            case .tooFewSamples: XCTFail("\(error)")
            }
        }
    }

    func testASensorThatBarelyTurnsIsRefusedWithTheReason() {
        var generator = SplitMix64(seed: 4)
        let cluster = (0..<1000).map { _ -> SIMD3<Double> in
            let wobble = Quaternion(axis: [1, 0.3, 0.2], angle: .random(in: -0.05...0.05, using: &generator))
            return wobble.rotate(Synthetic.fieldENU) + offset
                + SIMD3(.random(in: -1...1, using: &generator), .random(in: -1...1, using: &generator), 0)
        }
        XCTAssertThrowsError(try HardIronCalibration.fit(cluster)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("orientations"), message)
        }
    }

    func testTooFewSamplesAreRefused() {
        XCTAssertThrowsError(try HardIronCalibration.fit(samples(count: 50, noise: 0.5, seed: 5))) { error in
            XCTAssertEqual(error as? HardIronCalibration.FitError, .tooFewSamples(50))
        }
    }
}
