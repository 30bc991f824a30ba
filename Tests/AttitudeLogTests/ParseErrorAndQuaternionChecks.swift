import AttitudeLog
import AttitudeMath
import TestSupport
import XCTest

/// Parses `text` expecting an `AttitudeLogError`, and returns it.
func parseError(_ text: String, path: String = "bad.csv", file: StaticString = #filePath, line: UInt = #line) -> AttitudeLogError? {
    thrown(AttitudeLogError.self, by: { _ = try AttitudeLog.parse(text: text, path: path) }, file: file, line: line)
}

/// Rotation about Z by `degrees`.
func yaw(_ degrees: Double) -> Quaternion {
    Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: degrees))
}

/// Equal component by component, `[w, x, y, z]`.
func assertComponents(_ q: Quaternion, _ expected: [Double], accuracy: Double = 1e-15,
                      file: StaticString = #filePath, line: UInt = #line) {
    let error = zip([q.w, q.x, q.y, q.z], expected).map { abs($0 - $1) }.max() ?? .infinity
    XCTAssertLessThanOrEqual(error, accuracy, "\(q) vs \(expected)", file: file, line: line)
}

