import AttitudeMath
import XCTest

/// The same attitude: equal up to sign (q and -q are one rotation).
public func assertSameAttitude(_ a: Quaternion, _ b: Quaternion, accuracy: Double, _ message: String = "",
                               file: StaticString = #filePath, line: UInt = #line) {
    let error = min(max(abs(a.w - b.w), abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z)),
                    max(abs(a.w + b.w), abs(a.x + b.x), abs(a.y + b.y), abs(a.z + b.z)))
    XCTAssertLessThanOrEqual(error, accuracy, "\(a) vs \(b) \(message)", file: file, line: line)
}
