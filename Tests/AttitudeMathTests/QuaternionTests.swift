import AttitudeMath
import TestSupport
import XCTest

final class QuaternionTests: XCTestCase {
    let i = Quaternion(w: 0, x: 1, y: 0, z: 0)
    let j = Quaternion(w: 0, x: 0, y: 1, z: 0)
    let k = Quaternion(w: 0, x: 0, y: 0, z: 1)
    let minusOne = Quaternion(w: -1, x: 0, y: 0, z: 0)

    // MARK: - Normalise

    func testNormalizedDividesByTheLength() throws {
        let q = try XCTUnwrap(Quaternion(w: 1, x: 2, y: 3, z: 4).normalized())
        let n = 30.0.squareRoot()
        assertEqual(q, Quaternion(w: 1 / n, x: 2 / n, y: 3 / n, z: 4 / n), accuracy: 1e-15)
        XCTAssertEqual(q.norm, 1, accuracy: 1e-15)
        assertEqual(try XCTUnwrap(Quaternion(w: -2, x: 0, y: 0, z: 0).normalized()), minusOne, accuracy: 0)
    }

    func testNormalizedRefusesZeroTinyAndNonFinite() {
        XCTAssertNil(Quaternion(w: 0, x: 0, y: 0, z: 0).normalized())
        XCTAssertNil(Quaternion(w: 1e-12, x: 0, y: 0, z: 0).normalized())
        XCTAssertNil(Quaternion(w: .nan, x: 0, y: 0, z: 0).normalized())
        XCTAssertNil(Quaternion(w: 1, x: .infinity, y: 0, z: 0).normalized())
    }

    /// The estimator's renormalisation: unit length again after a step, exactly `q · (1/|q|)`; the identity below 1e-12.
    func testRenormalizedMultipliesByTheReciprocalLength() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let unit = Quaternion.random(using: &generator)
            let step = unit * Quaternion(rotationVector: randomVector(using: &generator) * 1e-3)
            let r = step.renormalized()
            XCTAssertEqual(r.norm, 1, accuracy: 1e-15)
            let s = 1 / (step.w * step.w + step.x * step.x + step.y * step.y + step.z * step.z).squareRoot()
            XCTAssertEqual(r, Quaternion(w: step.w * s, x: step.x * s, y: step.y * s, z: step.z * s))
            assertEqual(r, step.normalized()!, accuracy: 1e-15)
        }
        XCTAssertEqual(Quaternion(w: 0, x: 0, y: 2, z: 0).renormalized(), j)
        XCTAssertEqual(Quaternion(w: 0, x: 1e-13, y: 0, z: 0).renormalized(), .identity)
        XCTAssertEqual(Quaternion(w: 0, x: 0, y: 0, z: 0).renormalized(), .identity)
    }

    func testValidatedNormalisesAndRejectsBadInput() throws {
        assertEqual(try Quaternion.validated(w: 0, x: 0, y: 3, z: 4), Quaternion(w: 0, x: 0, y: 0.6, z: 0.8), accuracy: 1e-15)
        let bad: [(Double, Double, Double, Double)] = [(0, 0, 0, 0), (.nan, 1, 0, 0), (1, 0, -.infinity, 0), (0, 1e-20, 0, 0)]
        for (w, x, y, z) in bad {
            XCTAssertThrowsError(try Quaternion.validated(w: w, x: x, y: y, z: z)) { error in
                guard case AttitudeMathError.invalidQuaternion = error else {
                    return XCTFail("\(error) is not invalidQuaternion")
                }
            }
        }
    }

    // MARK: - Multiply, conjugate

    func testHamiltonProductsOfTheUnits() {
        assertEqual(i * j, k, accuracy: 0)
        assertEqual(j * k, i, accuracy: 0)
        assertEqual(k * i, j, accuracy: 0)
        assertEqual(j * i, -k, accuracy: 0)
        assertEqual(k * j, -i, accuracy: 0)
        assertEqual(i * k, -j, accuracy: 0)
        assertEqual(i * i, minusOne, accuracy: 0)
        assertEqual(i * j * k, minusOne, accuracy: 0)
        assertEqual(Quaternion.identity * k, k, accuracy: 0)
    }

    func testAProductOfGeneralQuaternions() {
        // (1 + 2i + 3j + 4k)(5 + 6i + 7j + 8k) = -60 + 12i + 30j + 24k, expanded by hand.
        let a = Quaternion(w: 1, x: 2, y: 3, z: 4), b = Quaternion(w: 5, x: 6, y: 7, z: 8)
        assertEqual(a * b, Quaternion(w: -60, x: 12, y: 30, z: 24), accuracy: 0)
    }

    func testProductAppliesTheRightFactorFirst() {
        var generator = SplitMix64(seed: 1)
        for _ in 0..<100 {
            let a = Quaternion.random(using: &generator), b = Quaternion.random(using: &generator)
            let v = randomVector(using: &generator)
            assertEqual((a * b).rotate(v), a.rotate(b.rotate(v)), accuracy: 1e-12)
        }
    }

    func testConjugateIsTheInverseOfAUnitQuaternion() {
        let q = Quaternion(w: 1, x: 2, y: 3, z: 4)
        assertEqual(q.conjugate, Quaternion(w: 1, x: -2, y: -3, z: -4), accuracy: 0)
        var generator = SplitMix64(seed: 2)
        for _ in 0..<100 {
            let q = Quaternion.random(using: &generator)
            assertEqual(q * q.conjugate, .identity, accuracy: 1e-15)
            let v = randomVector(using: &generator)
            assertEqual(q.conjugate.rotate(q.rotate(v)), v, accuracy: 1e-12)
        }
    }

    // MARK: - Rotation

    func testAxisAngleIsRightHanded() {
        let quarterTurnAboutZ = Quaternion(axis: [0, 0, 2], angle: .pi / 2)
        assertEqual(quarterTurnAboutZ.rotate([1, 0, 0]), [0, 1, 0], accuracy: 1e-15)
        assertEqual(quarterTurnAboutZ.rotate([0, 1, 0]), [-1, 0, 0], accuracy: 1e-15)
        assertEqual(Quaternion(axis: [1, 0, 0], angle: .pi / 2).rotate([0, 1, 0]), [0, 0, 1], accuracy: 1e-15)
        assertEqual(Quaternion(axis: [0, 1, 0], angle: .pi / 2).rotate([0, 0, 1]), [1, 0, 0], accuracy: 1e-15)
    }

    func testAZeroAxisGivesTheIdentity() {
        // Before the fix this was [cos(angle/2), 0, 0, 0]: not a unit quaternion.
        assertEqual(Quaternion(axis: [0, 0, 0], angle: 2), .identity, accuracy: 0)
    }

    func testRotateAgreesWithTheRotationMatrix() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let q = Quaternion.random(using: &generator)
            let v = randomVector(using: &generator)
            assertEqual(q.rotate(v), multiply(q.rotationMatrixRows, v), accuracy: 1e-12)
        }
    }

    func testRotationMatrixIsProperAndOrthonormal() {
        var generator = SplitMix64(seed: 4)
        for _ in 0..<100 {
            let m = Quaternion.random(using: &generator).rotationMatrixRows
            let transpose = (0..<3).map { r in (0..<3).map { c in m[c][r] } }
            let product = multiply(m, transpose)
            for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(product[r][c], r == c ? 1 : 0, accuracy: 1e-14) } }
            let determinant = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            XCTAssertEqual(determinant, 1, accuracy: 1e-14)
        }
    }

    func testRotationRowsAreTheMatrixRows() {
        var generator = SplitMix64(seed: 12)
        for _ in 0..<50 {
            let q = Quaternion.random(using: &generator)
            let (r0, r1, r2) = q.rotationRows
            XCTAssertEqual([r0, r1, r2].map { [$0.x, $0.y, $0.z] }, q.rotationMatrixRows)
            assertEqual(r0 * q.rotate([1, 0, 0]).x + r1 * q.rotate([1, 0, 0]).y + r2 * q.rotate([1, 0, 0]).z, [1, 0, 0], accuracy: 1e-14)
        }
    }

    func testRotationMatrixOfAQuarterTurnAboutZ() {
        let m = Quaternion(axis: [0, 0, 1], angle: .pi / 2).rotationMatrixRows
        let expected: [[Double]] = [[0, -1, 0], [1, 0, 0], [0, 0, 1]]
        for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(m[r][c], expected[r][c], accuracy: 1e-15) } }
    }

    func testQuaternionFromRotationMatrixRoundTrips() {
        var generator = SplitMix64(seed: 5)
        var cases = (0..<200).map { _ in Quaternion.random(using: &generator) }
        // Half turns reach every branch of the matrix-to-quaternion conversion (trace -1).
        cases += [Quaternion(axis: [1, 0, 0], angle: .pi), Quaternion(axis: [0, 1, 0], angle: .pi),
                  Quaternion(axis: [0, 0, 1], angle: .pi), Quaternion(axis: [1, 1, 0], angle: 3)]
        for q in cases {
            assertSameAttitude(Quaternion(rotationMatrixRows: q.rotationMatrixRows), q, accuracy: 1e-12)
        }
    }

    func testAngleToAnotherAttitude() {
        let a = Quaternion(axis: [0, 1, 0], angle: 0.3)
        XCTAssertEqual(a.angle(to: Quaternion(axis: [0, 1, 0], angle: 1.0)), 0.7, accuracy: 1e-7)
        XCTAssertEqual(a.angle(to: -a), 0, accuracy: 1e-7)
        XCTAssertEqual(Quaternion.identity.angle(to: Quaternion(axis: [1, 0, 0], angle: 3)), 3, accuracy: 1e-7)
    }

    // MARK: - Slerp

    func testSlerpEndpoints() {
        var generator = SplitMix64(seed: 6)
        for _ in 0..<50 {
            let a = Quaternion.random(using: &generator), b = Quaternion.random(using: &generator)
            assertSameAttitude(Quaternion.slerp(a, b, 0), a, accuracy: 1e-12)
            assertSameAttitude(Quaternion.slerp(a, b, 1), b, accuracy: 1e-12)
        }
    }

    func testSlerpMidpointHalvesTheAngle() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let a = Quaternion.random(using: &generator), b = Quaternion.random(using: &generator)
            let middle = Quaternion.slerp(a, b, 0.5)
            let whole = a.angle(to: b)
            XCTAssertEqual(a.angle(to: middle), whole / 2, accuracy: 1e-6)
            XCTAssertEqual(middle.angle(to: b), whole / 2, accuracy: 1e-6)
            XCTAssertEqual(a.angle(to: Quaternion.slerp(a, b, 0.25)), whole / 4, accuracy: 1e-6)
        }
    }

    func testSlerpFollowsAFixedAxisAtConstantRate() {
        let a = Quaternion(axis: [1, 2, 3], angle: 0.2), b = Quaternion(axis: [1, 2, 3], angle: 1.4)
        for step in 0...10 {
            let t = Double(step) / 10
            assertSameAttitude(Quaternion.slerp(a, b, t), Quaternion(axis: [1, 2, 3], angle: 0.2 + 1.2 * t), accuracy: 1e-12)
        }
    }

    func testSlerpTakesTheShorterArcForTheNegatedQuaternion() {
        // 160° about Z; -b is the same attitude. Halfway must be 80°, not the long way round (-100°).
        let b = Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: 160))
        let expected = Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: 80))
        assertSameAttitude(Quaternion.slerp(.identity, b, 0.5), expected, accuracy: 1e-12)
        assertSameAttitude(Quaternion.slerp(.identity, -b, 0.5), expected, accuracy: 1e-12)
        XCTAssertEqual(Quaternion.identity.angle(to: Quaternion.slerp(.identity, -b, 0.25)), Angle.radians(fromDegrees: 40), accuracy: 1e-7)
    }

    func testSlerpOfNearlyEqualAttitudesStaysUnitAndBetween() {
        let a = Quaternion(axis: [0, 1, 0], angle: 1), b = Quaternion(axis: [0, 1, 0], angle: 1 + 1e-4)
        let middle = Quaternion.slerp(a, b, 0.5)
        XCTAssertEqual(middle.norm, 1, accuracy: 1e-15)
        assertSameAttitude(middle, Quaternion(axis: [0, 1, 0], angle: 1 + 0.5e-4), accuracy: 1e-9)
    }

    // MARK: - Euler angles

    func testImudEulerOrderIsYawThenPitchThenRoll() {
        func rx(_ a: Double) -> [[Double]] { [[1, 0, 0], [0, cos(a), -sin(a)], [0, sin(a), cos(a)]] }
        func ry(_ a: Double) -> [[Double]] { [[cos(a), 0, sin(a)], [0, 1, 0], [-sin(a), 0, cos(a)]] }
        func rz(_ a: Double) -> [[Double]] { [[cos(a), -sin(a), 0], [sin(a), cos(a), 0], [0, 0, 1]] }
        let degree = Angle.radians(fromDegrees: 1.0)
        for (roll, pitch, yaw) in [(10.0, 20.0, 30.0), (-75.0, 40.0, 170.0), (120.0, -15.0, -60.0)] {
            let q = Quaternion(rollDegrees: roll, pitchDegrees: pitch, yawDegrees: yaw)
            let expected = multiply(rz(yaw * degree), multiply(ry(pitch * degree), rx(roll * degree)))
            let m = q.rotationMatrixRows
            for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(m[r][c], expected[r][c], accuracy: 1e-12) } }
        }
        // A pure roll of 90° turns +Y into +Z; a pure yaw of 90° turns +X into +Y.
        assertEqual(Quaternion(rollDegrees: 90, pitchDegrees: 0, yawDegrees: 0).rotate([0, 1, 0]), [0, 0, 1], accuracy: 1e-15)
        assertEqual(Quaternion(rollDegrees: 0, pitchDegrees: 0, yawDegrees: 90).rotate([1, 0, 0]), [0, 1, 0], accuracy: 1e-15)
    }

    /// `canonical` is the same rotation with w ≥ 0: -q turns to q, q with w ≥ 0 is kept as it is, and each rotates a
    /// vector alike.
    func testCanonicalIsTheSameRotationWithANonNegativeW() {
        let q = Quaternion(axis: SIMD3(0.2, -0.5, 0.8), angle: 2.5)
        let negated = -q
        XCTAssertLessThan(negated.w, 0)
        XCTAssertEqual(negated.canonical, q)
        XCTAssertEqual(q.canonical, q)
        let v = SIMD3(0.3, -1.2, 2.0)
        let turned = negated.canonical.rotate(v), expected = negated.rotate(v)
        for i in 0..<3 { XCTAssertEqual(turned[i], expected[i], accuracy: 1e-12) }
        // Past a half turn the rotation vector is the short way round, whichever sign is given.
        XCTAssertEqual(negated.rotationVector, q.canonical.rotationVector)
    }

    /// The body rate between two attitudes is in the turning frame's own axes: a body turned 90° about z, then turning
    /// about its own x, reads x, not the world's y; over no time it reads nothing.
    func testTheBodyRateIsInTheBodysOwnAxes() {
        let start = Quaternion(axis: [0, 0, 1], angle: .pi / 2)
        let end = start * Quaternion(axis: [1, 0, 0], angle: 0.2)
        let rate = Quaternion.bodyRate(from: start, to: end, over: 0.5)
        for (axis, expected) in zip(0..<3, [0.4, 0, 0]) { XCTAssertEqual(rate[axis], expected, accuracy: 1e-12) }
        XCTAssertEqual(Quaternion.bodyRate(from: start, to: end, over: 0), .zero)
        XCTAssertEqual(Quaternion.bodyRate(from: start, to: end, over: -1), .zero)
    }

    /// Z-Y-X Euler angles read back what `init(rollDegrees:pitchDegrees:yawDegrees:)` made, pitch within ±90°.
    func testZYXEulerAnglesInvertTheirInit() {
        for (roll, pitch, yaw) in [(10.0, 20.0, 30.0), (-170.0, 80.0, 179.0), (0.0, -45.0, -90.0), (45.0, 0.0, 0.0)] {
            let q = Quaternion(rollDegrees: roll, pitchDegrees: pitch, yawDegrees: yaw)
            let angles = q.zyxEulerRadians
            XCTAssertEqual(Angle.degrees(fromRadians: angles.roll), roll, accuracy: 1e-9)
            XCTAssertEqual(Angle.degrees(fromRadians: angles.pitch), pitch, accuracy: 1e-9)
            XCTAssertEqual(Angle.degrees(fromRadians: angles.yaw), yaw, accuracy: 1e-9)
        }
        XCTAssertEqual(Quaternion.identity.zyxEulerRadians.yaw, 0)
    }
}
