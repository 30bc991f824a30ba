import AttitudeLog
import AttitudeMath
import TestSupport
import XCTest

/// Parses `text` expecting an `AttitudeLogError`, and returns it.
func parseError(_ text: String, path: String = "bad.csv", file: StaticString = #filePath, line: UInt = #line) -> AttitudeLogError? {
    do {
        let log = try AttitudeLog.parse(text: text, path: path)
        XCTFail("parsed \(log.samples.count) samples, expected an error", file: file, line: line)
    } catch let error as AttitudeLogError {
        return error
    } catch {
        XCTFail("\(error) is not an AttitudeLogError", file: file, line: line)
    }
    return nil
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

