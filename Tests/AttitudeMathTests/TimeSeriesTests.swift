import AttitudeMath
import XCTest

/// The one bisection over times (`TimeSeries`) against a straight scan, on times with repeats, over a sub-range, and
/// for times before, between, on and after the samples.
final class TimeSeriesTests: XCTestCase {
    private let times: [Double] = [0, 0.5, 0.5, 0.5, 1, 2, 2, 3.25, 4]

    func testTheFirstIndexAtOrAfterIsTheScansLowerBound() {
        for range in [times.indices, 2..<7, 3..<3] {
            for t in [-1, 0, 0.25, 0.5, 0.75, 1, 2, 2.5, 3.25, 4, 5] {
                let scanned = range.first { times[$0] >= t } ?? range.upperBound
                XCTAssertEqual(TimeSeries.firstIndex(atOrAfter: t, in: range) { self.times[$0] }, scanned, "t \(t) in \(range)")
            }
        }
        XCTAssertEqual(TimeSeries.firstIndex(atOrAfter: 1, in: 0..<0) { _ in XCTFail("no time to read"); return 0 }, 0, "empty")
    }

    func testTheBracketHoldsTAndItsNeighbours() {
        for t in [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3.25, 3.9] {
            let (low, high) = TimeSeries.bracket(t, in: times.indices) { self.times[$0] }
            XCTAssertEqual(high, low + 1, "neighbours at \(t)")
            XCTAssertTrue(times[low] <= t && t < times[high], "\(times[low]) <= \(t) < \(times[high])")
            XCTAssertEqual(low, times.lastIndex { $0 <= t }, "the last sample at or before \(t): a repeated time's last")
        }
    }

    func testTheIndexAtOrBeforeClampsToTheEnds() {
        for t in [-1, 0, 0.5, 0.75, 2, 3.5, 4, 9] {
            let scanned = times.lastIndex { $0 <= t } ?? 0
            XCTAssertEqual(TimeSeries.index(atOrBefore: t, in: times.indices) { self.times[$0] }, scanned, "t \(t)")
        }
    }
}
