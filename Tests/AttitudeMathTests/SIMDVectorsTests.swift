import AttitudeMath
import XCTest

/// A vector's length, unit vector, dot product and finiteness: known values in two, three and four dimensions, and the
/// order of operations that calibrations and golden pictures depend on (the squares summed first to last, then the root).
final class SIMDVectorsTests: XCTestCase {
    func testKnownLengths() {
        XCTAssertEqual(SIMD2<Double>(3, 4).length, 5)
        XCTAssertEqual(SIMD3<Double>(2, 3, 6).length, 7)
        XCTAssertEqual(SIMD4<Double>(1, 1, 1, 1).length, 2)
        XCTAssertEqual(SIMD3<Float>(0, -4, 3).length, 5)
        XCTAssertEqual(SIMD3<Double>.zero.length, 0)
    }

    func testTheSquaresAreSummedInOrder() {
        // Values whose sum of squares rounds differently in another order: the written order is ((x² + y²) + z²).
        let v = SIMD3<Double>(1e-8, 1, 1e-8)
        XCTAssertEqual(v.length, (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot())
        for seed in 1...100 {
            let w = SIMD3<Double>(Double(seed) * 0.731, -Double(seed).squareRoot(), 1 / Double(seed))
            XCTAssertEqual(w.length, (w.x * w.x + w.y * w.y + w.z * w.z).squareRoot(), "\(w)")
        }
    }

    func testNormalized() {
        XCTAssertEqual(SIMD3<Double>(0, 0, -2).normalized, SIMD3(0, 0, -1))
        XCTAssertEqual(SIMD3<Double>(2, 3, 6).normalized, SIMD3(2.0 / 7, 3.0 / 7, 6.0 / 7))
        XCTAssertEqual(SIMD3<Double>(1, -2, 0.5).normalized.length, 1, accuracy: 1e-15)
        XCTAssertTrue(SIMD3<Double>.zero.normalized.x.isNaN, "the zero vector has no direction")
    }

    func testDotAndFiniteness() {
        XCTAssertEqual(SIMD3<Double>(1, 2, 3).dot(SIMD3(4, -5, 6)), 12)
        XCTAssertEqual(SIMD2<Double>(3, 4).dot(SIMD2(3, 4)), SIMD2<Double>(3, 4).length * SIMD2<Double>(3, 4).length)
        XCTAssertTrue(SIMD3<Double>(1, -2, 1e300).isFinite)
        XCTAssertFalse(SIMD3<Double>(1, .nan, 0).isFinite)
        XCTAssertFalse(SIMD3<Double>(0, 0, -.infinity).isFinite)
        XCTAssertFalse(SIMD4<Double>(0, 0, 0, .nan).isFinite, "the last component counts too")
        XCTAssertTrue(Quaternion.identity.isFinite)
        XCTAssertFalse(Quaternion(w: 1, x: 0, y: .nan, z: 0).isFinite)
    }
}
