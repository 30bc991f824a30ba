import AttitudeMath
import TestSupport
import XCTest

func randomVector(using generator: inout SplitMix64) -> SIMD3<Double> {
    SIMD3(Double.random(in: -2...2, using: &generator),
          Double.random(in: -2...2, using: &generator),
          Double.random(in: -2...2, using: &generator))
}

/// Rows times a column vector, written out here so tests do not lean on the code under test.
func multiply(_ rows: [[Double]], _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
          rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
          rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z)
}

func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
}

/// Equal component by component (not up to sign).
func assertEqual(_ a: Quaternion, _ b: Quaternion, accuracy: Double, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let error = max(abs(a.w - b.w), abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
    XCTAssertLessThanOrEqual(error, accuracy, "\(a) vs \(b) \(message)", file: file, line: line)
}

func assertEqual(_ a: Matrix4, _ b: Matrix4, accuracy: Float, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    var worst: Float = 0
    for i in 0..<16 { worst = max(worst, abs(a.storage[i] - b.storage[i])) }
    XCTAssertLessThanOrEqual(worst, accuracy, "\n\(a)\nvs\n\(b)\n\(message)", file: file, line: line)
}
