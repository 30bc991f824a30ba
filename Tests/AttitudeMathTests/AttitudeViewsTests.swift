import AttitudeMath
import TestSupport
import XCTest

/// Matrix, Euler angles and tilt against formulas written out here from first principles.
final class AttitudeViewsTests: XCTestCase {
    private func rx(_ a: Double) -> [[Double]] { [[1, 0, 0], [0, cos(a), -sin(a)], [0, sin(a), cos(a)]] }
    private func ry(_ a: Double) -> [[Double]] { [[cos(a), 0, sin(a)], [0, 1, 0], [-sin(a), 0, cos(a)]] }
    private func rz(_ a: Double) -> [[Double]] { [[cos(a), -sin(a), 0], [sin(a), cos(a), 0], [0, 0, 1]] }
    private func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { r in (0..<3).map { c in (0..<3).map { a[r][$0] * b[$0][c] }.reduce(0, +) } }
    }

    func testMatrixEulerAndTiltOfRandomAttitudesAndTheirNegatives() {
        for q in RandomAttitudes(seed: 11, count: 500) {
            for sign in [1.0, -1.0] {
                let signed = Quaternion(w: sign * q.w, x: sign * q.x, y: sign * q.y, z: sign * q.z)
                let views = AttitudeViews(worldFromDevice: signed)
                // Column c of R is where the device's axis c points in W.
                let columns = [SIMD3<Double>(1, 0, 0), [0, 1, 0], [0, 0, 1]].map { q.rotate($0) }
                for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(views.rotationRows[r][c], columns[c][r], accuracy: 1e-12) } }
                // Rz(yaw)·Rx(pitch)·Ry(roll) rebuilds R.
                let d = Angle.radians(fromDegrees: 1.0)
                let rebuilt = product(product(rz(views.yaw * d), rx(views.pitch * d)), ry(views.roll * d))
                for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(rebuilt[r][c], columns[c][r], accuracy: 1e-9) } }
                XCTAssertLessThanOrEqual(abs(views.pitch), 90)
                // Tilt: the elevation of the device's +X axis.
                XCTAssertEqual(views.tilt, asin(columns[0].z) / d, accuracy: 1e-9)
            }
        }
    }

    func testEulerAnglesTurnAboutTheNamedAxes() {
        let pitched = AttitudeViews(worldFromDevice: Quaternion(axis: [1, 0, 0], angle: Angle.radians(fromDegrees: 30)))
        XCTAssertEqual(pitched.pitch, 30, accuracy: 1e-12); XCTAssertEqual(pitched.roll, 0, accuracy: 1e-12)
        XCTAssertEqual(pitched.yaw, 0, accuracy: 1e-12); XCTAssertEqual(pitched.tilt, 0, accuracy: 1e-12)
        let rolled = AttitudeViews(worldFromDevice: Quaternion(axis: [0, 1, 0], angle: Angle.radians(fromDegrees: 40)))
        XCTAssertEqual(rolled.roll, 40, accuracy: 1e-12); XCTAssertEqual(rolled.pitch, 0, accuracy: 1e-12)
        // Turning +40° about Y lowers the +X axis: the tilt is -40°.
        XCTAssertEqual(rolled.tilt, -40, accuracy: 1e-12)
        let turned = AttitudeViews(worldFromDevice: Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: -120)))
        XCTAssertEqual(turned.yaw, -120, accuracy: 1e-12)
        // Heading leaves the tilt alone.
        let base = Quaternion(axis: [0.3, -1, 0.2], angle: 0.7)
        XCTAssertEqual(AttitudeViews(worldFromDevice: Quaternion(axis: [0, 0, 1], angle: 2.1) * base).tilt,
                       AttitudeViews(worldFromDevice: base).tilt, accuracy: 1e-12)
    }

    /// At pitch ±90° (gimbal lock) roll and yaw turn about the same axis: r31, r33, r12 and r22 all
    /// vanish and the formulas take atan2 of rounding noise. The angles stay finite there, and a hair
    /// away from the lock they still rebuild R.
    func testGimbalLockStaysFiniteAndNearItTheAnglesStillRebuildTheMatrix() {
        let d = Angle.radians(fromDegrees: 1.0)
        for pitch in [90.0, -90.0, 89.99, -89.99] {
            let q = Quaternion(axis: [0, 0, 1], angle: 0.4) * Quaternion(axis: [1, 0, 0], angle: pitch * d)
                * Quaternion(axis: [0, 1, 0], angle: 0.3)
            let views = AttitudeViews(worldFromDevice: q)
            XCTAssertEqual(views.pitch, pitch, accuracy: 1e-6)
            XCTAssertTrue(views.roll.isFinite && views.yaw.isFinite && views.tilt.isFinite)
            guard abs(pitch) < 90 else { continue }
            XCTAssertEqual(views.roll, 0.3 / d, accuracy: 1e-6)
            XCTAssertEqual(views.yaw, 0.4 / d, accuracy: 1e-6)
            let rebuilt = product(product(rz(views.yaw * d), rx(views.pitch * d)), ry(views.roll * d))
            for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(rebuilt[r][c], q.rotationMatrixRows[r][c], accuracy: 1e-9) } }
        }
    }

    func testRelativeAttitudeMakesTheReferenceTheIdentity() {
        for (r, q) in zip(RandomAttitudes(seed: 3, count: 50), RandomAttitudes(seed: 4, count: 50)) {
            XCTAssertLessThan(r.relative(to: r).angle(to: .identity), 1e-7)
            // conj(r)·q, by its action on a vector: R(r)^T · R(q) · v.
            let v = SIMD3<Double>(0.3, -0.8, 0.5)
            let expected = r.conjugate.rotate(q.rotate(v))
            let got = q.relative(to: r).rotate(v)
            XCTAssertEqual(got.x, expected.x, accuracy: 1e-12); XCTAssertEqual(got.y, expected.y, accuracy: 1e-12)
            XCTAssertEqual(got.z, expected.z, accuracy: 1e-12)
        }
    }
}
