import AttitudeMath
import TestSupport
import XCTest

/// Equal component by component (not up to sign).
func assertEqual(_ a: Quaternion, _ b: Quaternion, accuracy: Double, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let error = max(abs(a.w - b.w), abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
    XCTAssertLessThanOrEqual(error, accuracy, "\(a) vs \(b) \(message)", file: file, line: line)
}

/// Matrices equal element by element within `accuracy`.
func assertEqual(_ a: Matrix4, _ b: Matrix4, accuracy: Float, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    var worst: Float = 0
    for i in 0..<16 { worst = max(worst, abs(a.storage[i] - b.storage[i])) }
    XCTAssertLessThanOrEqual(worst, accuracy, "\n\(a)\nvs\n\(b)\n\(message)", file: file, line: line)
}
