import AttitudeMath
import XCTest

/// The same attitude: equal up to sign (q and -q are one rotation). Components are compared, not `angle(to:)`, whose
/// acos resolves no better than about 3e-8 rad near zero.
public func assertSameAttitude(_ a: Quaternion, _ b: Quaternion, accuracy: Double, _ message: String = "",
                               file: StaticString = #filePath, line: UInt = #line) {
    let error = min(max(abs(a.w - b.w), abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z)),
                    max(abs(a.w + b.w), abs(a.x + b.x), abs(a.y + b.y), abs(a.z + b.z)))
    XCTAssertLessThanOrEqual(error, accuracy, "\(a) vs \(b) \(message)", file: file, line: line)
}

/// Vectors within `accuracy` of each other: the length of their difference, in their own units.
public func assertEqual(_ a: SIMD3<Double>, _ b: SIMD3<Double>, accuracy: Double, _ message: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
    let error = (a - b).length
    XCTAssertLessThanOrEqual(error, accuracy, "\(a) vs \(b) \(message)", file: file, line: line)
}
