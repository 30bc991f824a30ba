import Foundation
import XCTest

/// Polls `condition` every 2 ms for up to `timeout` seconds and returns whether it came true, failing the test with
/// "timed out waiting for `what`" when it did not. The deadline is one only a hang reaches on a loaded 2-core machine; it
/// costs nothing when the condition comes true at once.
@discardableResult
public func waitUntil(_ what: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line,
                      _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(2000)
    }
    let result = condition()
    if !result { XCTFail("timed out waiting for \(what)", file: file, line: line) }
    return result
}
