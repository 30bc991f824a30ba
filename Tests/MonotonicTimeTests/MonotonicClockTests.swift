import Foundation
import MonotonicTime
import XCTest

final class MonotonicClockTests: XCTestCase {
    /// Readings never go back, and a wait shows as at least its length.
    func testReadingsAdvanceWithTimeAndNeverGoBack() {
        var last = MonotonicClock.now()
        for _ in 0..<10_000 {
            let now = MonotonicClock.now()
            XCTAssertGreaterThanOrEqual(now, last)
            last = now
        }
        let before = MonotonicClock.now()
        Thread.sleep(forTimeInterval: 0.05)
        let waited = MonotonicClock.now() - before
        XCTAssertGreaterThanOrEqual(waited, 0.05)
        XCTAssertLessThan(waited, 5, "seconds, not another unit")
    }

    /// Seconds since boot, as docs/conventions.md gives every process timestamp: the clock Foundation's system uptime
    /// reads too, so a reading falls between two of its.
    func testItIsTheSystemsUptimeInSeconds() {
        let before = ProcessInfo.processInfo.systemUptime
        let now = MonotonicClock.now()
        let after = ProcessInfo.processInfo.systemUptime
        XCTAssertGreaterThanOrEqual(now, before - 1e-3)
        XCTAssertLessThanOrEqual(now, after + 1e-3)
    }
}
