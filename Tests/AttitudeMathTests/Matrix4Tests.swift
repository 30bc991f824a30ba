import AttitudeMath
import Pixels
import TestSupport
import XCTest

final class Matrix4Tests: XCTestCase {
    private let zeroToFifteen: [Float] = (0..<16).map(Float.init)

    // MARK: - Layout

    func testColumnMajorConstructorStoresElementRowRColumnCAtIndex4CPlusR() {
        let m = Matrix4(columnMajor: zeroToFifteen)
        for r in 0..<4 {
            for c in 0..<4 {
                XCTAssertEqual(m[r, c], Float(4 * c + r))
                XCTAssertEqual(m.storage[4 * c + r], m[r, c])
            }
        }
        XCTAssertEqual(m.columnMajorArray, zeroToFifteen)
    }

    func testRowMajorConstructorReadsRowByRow() {
        let m = Matrix4(rowMajor: zeroToFifteen)
        for r in 0..<4 {
            for c in 0..<4 {
                XCTAssertEqual(m[r, c], Float(4 * r + c))
                XCTAssertEqual(m.storage[4 * c + r], Float(4 * r + c))
            }
        }
        XCTAssertEqual(m, Matrix4(columnMajor: zeroToFifteen).transposed)
        XCTAssertNotEqual(m, Matrix4(columnMajor: zeroToFifteen))
    }

    func testIdentity() {
        for r in 0..<4 { for c in 0..<4 { XCTAssertEqual(Matrix4.identity[r, c], r == c ? 1 : 0) } }
    }

    // MARK: - Products and transforms

    func testProductOfTwoIntegerMatrices() {
        let a = Matrix4(rowMajor: [1, 2, 0, 0,
                                   0, 1, 3, 0,
                                   0, 0, 1, 4,
                                   5, 0, 0, 1])
        let b = Matrix4(rowMajor: [2, 0, 0, 1,
                                   0, 3, 0, 0,
                                   1, 0, 4, 0,
                                   0, 0, 0, 5])
        // Worked by hand, row of a times column of b.
        let expected = Matrix4(rowMajor: [2, 6, 0, 1,
                                          3, 3, 12, 0,
                                          1, 0, 4, 20,
                                          10, 0, 0, 10])
        XCTAssertEqual(a * b, expected)
        XCTAssertNotEqual(b * a, expected)
        XCTAssertEqual(a * .identity, a)
        XCTAssertEqual(Matrix4.identity * a, a)
    }

    func testProductComposesTransformsRightFirst() {
        let rotation = Matrix4.rotation(Quaternion(axis: [0, 0, 1], angle: .pi / 2))
        let translation = Matrix4.translation(10, 0, 0)
        let point = SIMD4<Float>(1, 0, 0, 1)
        // Rotate first: (1,0,0) -> (0,1,0), then move by +10 in x.
        let moved = (translation * rotation).apply(point)
        XCTAssertEqual(moved.x, 10, accuracy: 1e-6)
        XCTAssertEqual(moved.y, 1, accuracy: 1e-6)
        XCTAssertEqual(moved.z, 0, accuracy: 1e-6)
        XCTAssertEqual(moved.w, 1)
    }

    func testRotationMatchesTheQuaternion() {
        var generator = SplitMix64(seed: 10)
        for _ in 0..<50 {
            let a = Quaternion.random(using: &generator), b = Quaternion.random(using: &generator)
            assertEqual(Matrix4.rotation(a) * Matrix4.rotation(b), Matrix4.rotation(a * b), accuracy: 1e-6)
            let v = randomVector(using: &generator)
            let rotated = Matrix4.rotation(a).apply(SIMD4(Float(v.x), Float(v.y), Float(v.z), 1))
            let expected = a.rotate(v)
            XCTAssertEqual(Double(rotated.x), expected.x, accuracy: 1e-5)
            XCTAssertEqual(Double(rotated.y), expected.y, accuracy: 1e-5)
            XCTAssertEqual(Double(rotated.z), expected.z, accuracy: 1e-5)
            XCTAssertEqual(rotated.w, 1)
        }
    }

    func testTranslationMovesPointsNotDirections() {
        let t = Matrix4.translation(2, -3, 5)
        XCTAssertEqual(t.apply(SIMD4(1, 1, 1, 1)), SIMD4(3, -2, 6, 1))
        XCTAssertEqual(t.apply(SIMD4(1, 1, 1, 0)), SIMD4(1, 1, 1, 0))
        // Column-major: the offset is the fourth column, storage 12, 13, 14.
        XCTAssertEqual(Array(t.columnMajorArray[12..<16]), [2, -3, 5, 1])
    }

    // MARK: - Inverse

    func testInverseOfRandomMatricesGivesTheIdentity() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            // A random matrix made well-conditioned by a dominant diagonal.
            var values = (0..<16).map { _ in Float.random(in: -1...1, using: &generator) }
            for d in 0..<4 { values[5 * d] += 4 * (Bool.random(using: &generator) ? 1 : -1) }
            let a = Matrix4(rowMajor: values)
            let inverse = try a.inverse()
            assertEqual(a * inverse, .identity, accuracy: 1e-5)
            assertEqual(inverse * a, .identity, accuracy: 1e-5)
        }
    }

    func testInverseOfARigidTransformAndOfTheProjection() throws {
        let q = Quaternion(axis: [1, -2, 0.5], angle: 2.2)
        let pose = Matrix4.translation(1, 2, 3) * Matrix4.rotation(q)
        let expected = Matrix4.rotation(q.conjugate) * Matrix4.translation(-1, -2, -3)
        assertEqual(try pose.inverse(), expected, accuracy: 1e-6)
        let projection = DieView.projection(verticalFieldOfViewDegrees: 60, aspect: Float(640) / Float(480))
        assertEqual(projection * (try projection.inverse()), .identity, accuracy: 1e-5)
    }

    func testSingularMatricesAreReported() {
        let singular: [String: Matrix4] = [
            "zero": Matrix4(rowMajor: [Float](repeating: 0, count: 16)),
            "two equal rows": Matrix4(rowMajor: [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 0, 0, 0, 1]),
            "a row the sum of two others": Matrix4(rowMajor: [1, 2, 3, 4, 0, 1, 0, 2, 1, 3, 3, 6, 9, 8, 7, 6]),
            "a zero column": Matrix4(rowMajor: [1, 0, 3, 4, 5, 0, 7, 8, 2, 0, 1, 4, 0, 0, 0, 1]),
            "a flattening scale": Matrix4.rotation(Quaternion(axis: [1, 1, 1], angle: 1))
                * Matrix4(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
            "not finite": Matrix4(rowMajor: [1, 0, 0, 0, 0, .nan, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
        ]
        for (name, m) in singular {
            XCTAssertThrowsError(try m.inverse(), name) { error in
                XCTAssertEqual(error as? AttitudeMathError, .singularMatrix, name)
            }
        }
    }

    // MARK: - Perspective

    func testPerspectiveEqualsTheGluPerspectiveFormula() {
        // gluPerspective's man page: f = cot(fovy / 2),
        // [f/aspect 0 0 0; 0 f 0 0; 0 0 (zFar+zNear)/(zNear-zFar) 2*zFar*zNear/(zNear-zFar); 0 0 -1 0].
        for (fovyDegrees, aspect, near, far) in [(60.0, 4.0 / 3, 0.1, 100.0), (45.0, 9.0 / 16, 1, 10), (90.0, 1, 0.5, 50)] {
            let fovy = Angle.radians(fromDegrees: fovyDegrees)
            let f = cos(fovy / 2) / sin(fovy / 2)
            let expected: [[Double]] = [[f / aspect, 0, 0, 0],
                                        [0, f, 0, 0],
                                        [0, 0, (far + near) / (near - far), 2 * far * near / (near - far)],
                                        [0, 0, -1, 0]]
            let m = Matrix4.perspective(fovyRadians: Float(fovy), aspect: Float(aspect), near: Float(near), far: Float(far))
            for r in 0..<4 {
                for c in 0..<4 {
                    XCTAssertEqual(Double(m[r, c]), expected[r][c], accuracy: 1e-5 * max(1, abs(expected[r][c])),
                                   "fovy \(fovyDegrees) element (\(r), \(c))")
                }
            }
        }
    }

    func testPerspectiveMapsTheFrustumCornersToTheClipCube() {
        let fovy = Float.pi / 3, aspect: Float = 16.0 / 9, near: Float = 0.1, far: Float = 100
        let m = Matrix4.perspective(fovyRadians: fovy, aspect: aspect, near: near, far: far)
        for depth in [near, far] {
            let top = depth * tan(fovy / 2), right = top * aspect
            let clip = m.apply(SIMD4(right, top, -depth, 1))
            XCTAssertEqual(clip.x / clip.w, 1, accuracy: 1e-4)
            XCTAssertEqual(clip.y / clip.w, 1, accuracy: 1e-4)
            XCTAssertEqual(clip.z / clip.w, depth == near ? -1 : 1, accuracy: 1e-4)
        }
    }

    func testSixtyDegreesIsAThirdOfPiAtTheViewportAspect() {
        let expected = Matrix4.perspective(fovyRadians: .pi / 3, aspect: 1280.0 / 720, near: 0.1, far: 100)
        assertEqual(DieView.projection(verticalFieldOfViewDegrees: 60, aspect: Float(1280) / Float(720)), expected, accuracy: 0)
        XCTAssertEqual(DieView.projection(verticalFieldOfViewDegrees: 60, aspect: Float(480) / Float(640))[1, 1], 1 / tan(Float.pi / 6), accuracy: 1e-6)
        XCTAssertEqual(DieView.projection(verticalFieldOfViewDegrees: 60, aspect: Float(480) / Float(640))[0, 0], 1 / tan(Float.pi / 6) / 0.75, accuracy: 1e-6)
    }
}
