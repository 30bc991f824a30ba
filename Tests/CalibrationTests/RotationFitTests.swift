import AttitudeMath
@testable import Calibration
import XCTest

final class RotationFitTests: XCTestCase {
    func testRotationVectorRoundTrips() {
        let r = SIMD3(0.3, -1.2, 0.7)
        let back = Quaternion(rotationVector: r).rotationVector
        XCTAssertEqual(back.x, r.x, accuracy: 1e-12)
        XCTAssertEqual(back.y, r.y, accuracy: 1e-12)
        XCTAssertEqual(back.z, r.z, accuracy: 1e-12)
    }

    func testWahbaFindsTheRotationTakingAIntoB() throws {
        let truth = Quaternion(axis: SIMD3(1, 2, -0.5), angle: 2.1)
        let a = [SIMD3(1.0, 0, 0), SIMD3(0, 1.0, 0.2), SIMD3(0.3, -0.4, 1), SIMD3(-1, 0.5, 0.5)]
        let b = a.map { truth.rotate($0) }
        let found = try XCTUnwrap(RotationFit.wahba(from: a, to: b))
        XCTAssertLessThan(found.angle(to: truth), 1e-9)
    }

    func testGyroIntegralFollowsAConstantRate() {
        let rate = SIMD3(0.5, -0.2, 1.0)
        let time = (0..<101).map { Double($0) / 100 }
        let gyro = GyroIntegral(time: time.map { $0 + 7 }, rate: time.map { _ in rate })
        let r = gyro.rotation(from: 0.123, to: 0.789)
        let expected = rate * (0.789 - 0.123)
        XCTAssertEqual(r.x, expected.x, accuracy: 1e-12)
        XCTAssertEqual(r.y, expected.y, accuracy: 1e-12)
        XCTAssertEqual(r.z, expected.z, accuracy: 1e-12)
    }

    /// An attitude stream alone (no gyroscope), at irregular times, a world-from-S attitude that is not
    /// the identity at the start, and a rate past half a turn a second: the rotation between any two times
    /// is the body's, and at the samples it is the stream's own difference.
    func testGyroIntegralFromAnAttitudeStream() {
        let rate = SIMD3(0.5, -0.2, 3.5)
        let start = Quaternion(axis: [0.3, 1, -0.2], angle: 2.1)
        let time = (0..<120).map { Double($0) / 100 + 0.004 * sin(Double($0)) }
        // Body rate ω in S: q(t) = q0 · exp(ω t).
        let attitude = time.map { start * Quaternion(rotationVector: rate * $0) }
        let gyro = GyroIntegral(time: time.map { $0 + 40 }, attitude: attitude)
        let a = 0.123 - time[0], b = 0.987 - time[0]
        let r = gyro.rotation(from: a, to: b)
        let expected = rate * (b - a)
        XCTAssertEqual(r.x, expected.x, accuracy: 1e-9)
        XCTAssertEqual(r.y, expected.y, accuracy: 1e-9)
        XCTAssertEqual(r.z, expected.z, accuracy: 1e-9)
        let atSamples = gyro.rotation(from: time[3] - time[0], to: time[40] - time[0])
        let own = (attitude[3].conjugate * attitude[40]).rotationVector
        XCTAssertEqual(atSamples.x, own.x, accuracy: 1e-12)
        XCTAssertEqual(atSamples.z, own.z, accuracy: 1e-12)
    }

    func testSymmetricEigenSortsDescending() {
        let (values, vectors) = RotationFit.symmetricEigen([[2, 1, 0], [1, 2, 0], [0, 0, 5]])
        XCTAssertEqual(values[0], 5, accuracy: 1e-12)
        XCTAssertEqual(values[1], 3, accuracy: 1e-12)
        XCTAssertEqual(values[2], 1, accuracy: 1e-12)
        XCTAssertEqual(abs(vectors[2][0]), 1, accuracy: 1e-12)
    }
}
