import AttitudeMath
import XCTest

/// The one median and outlier rule: which middle each median takes, none for no values, NaN left out, the median
/// sample period, and `within`'s limit (factor times the median, no less than the floor).
final class MedianTests: XCTestCase {
    func testOfTakesTheMiddleAndTheUpperMiddleForAnEvenCount() {
        XCTAssertEqual(Median.of([5, 1, 3]), 3)
        XCTAssertEqual(Median.of([4, 1, 3, 2]), 3)
        XCTAssertEqual(Median.of([7]), 7)
        XCTAssertEqual(Median.of([2, 1]), 2)
        XCTAssertNil(Median.of([]))
    }

    /// The benchmark's figure and GPMF's rough clock line: the mean of the two middles for an even count.
    func testMeanOfMiddlesAveragesTheTwoMiddlesForAnEvenCount() {
        XCTAssertEqual(Median.meanOfMiddles([5, 1, 3]), 3)
        XCTAssertEqual(Median.meanOfMiddles([4, 1, 3, 2]), 2.5)
        XCTAssertEqual(Median.meanOfMiddles([7]), 7)
        XCTAssertNil(Median.meanOfMiddles([]))
    }

    func testNaNIsLeftOutAndInfinitiesRank() {
        XCTAssertEqual(Median.of([1, .nan, 3, 2]), 2)
        XCTAssertEqual(Median.meanOfMiddles([.nan, 1, 4, .nan]), 2.5)
        XCTAssertNil(Median.of([.nan, .nan]))
        XCTAssertNil(Median.meanOfMiddles([.nan]))
        XCTAssertEqual(Median.of([.infinity, 1, -.infinity]), 1)
        XCTAssertEqual(Median.of([.infinity, .infinity, 1]), .infinity)
    }

    func testPeriodIsTheMedianStepBetweenTimes() {
        XCTAssertEqual(Median.period([0, 1, 2, 5, 6]), 1)
        XCTAssertEqual(Median.period([10, 12]), 2)
        XCTAssertNil(Median.period([3]))
        XCTAssertNil(Median.period([]))
    }

    func testWithinKeepsUpToFactorTimesTheMedianAndNoLessThanTheFloor() {
        // Median 2 (of 1, 2, 2, 6, 7), limit 3 x 2 = 6: 6 is within, 7 is not.
        XCTAssertEqual(Median.within([1, 2, 6, 7, 2], factor: 3, floor: 0), [true, true, true, false, true])
        // A set that agrees exactly has median 0: the floor keeps it, and what lies beyond the floor goes.
        XCTAssertEqual(Median.within([0, 0, 0, 0.5, 2], factor: 5, floor: 1), [true, true, true, true, false])
        XCTAssertEqual(Median.within([0, 0, 0], factor: 5, floor: 0), [true, true, true])
        XCTAssertEqual(Median.within([], factor: 3, floor: 1), [])
    }

    func testWithinLeavesNaNOut() {
        // The median of 1, 2, 100 is 2: the limit is 6, and a NaN distance is not within.
        XCTAssertEqual(Median.within([1, .nan, 2, 100], factor: 3, floor: 0), [true, false, true, false])
        XCTAssertEqual(Median.within([.nan, .nan], factor: 3, floor: 1), [false, false])
    }

    /// Nearest rank: of 1...100, 99 % lie below the value at rank 99 (100); the share 0 gives the smallest, 1 the
    /// largest; NaN is left out and none gives nil.
    func testPercentileIsTheNearestRank() {
        let values = (1...100).map(Double.init).shuffled()
        XCTAssertEqual(Median.percentile(values, 0.99), 100)
        XCTAssertEqual(Median.percentile(values, 0.5), 51, "the rank of p·n, as `of` takes the upper middle")
        XCTAssertEqual(Median.percentile(values, 0), 1)
        XCTAssertEqual(Median.percentile(values, 1), 100)
        XCTAssertEqual(Median.percentile([3, .nan, 1, 2], 0.5), 2)
        XCTAssertNil(Median.percentile([.nan], 0.5))
    }
}
