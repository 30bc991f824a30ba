import CSVText
import Foundation
import TestSupport
import XCTest

/// The strict option parser (MessageTextTests in SafeTextTests: the bad-value formatter; BoundedFileTests in
/// FileAccessTests: bounded reading).
final class HostileTextTests: XCTestCase {
    func testOptionNumbersAreStrictAndSayWhy() throws {
        XCTAssertEqual(try OptionValues.numbers(" 1, -0.5 ,2e3,.5", counts: [4], shape: "w,x,y,z"), [1, -0.5, 2000, 0.5])
        XCTAssertEqual(try OptionValues.numbers("10,20", counts: [2, 3], shape: "B,E[,D]"), [10, 20])
        XCTAssertEqual(refusal { try OptionValues.numbers("1,,0,0", counts: [4], shape: "w,x,y,z") },
                       "field 2 of w,x,y,z is empty in '1,,0,0'")
        XCTAssertEqual(refusal { try OptionValues.numbers("1,0,0", counts: [4], shape: "w,x,y,z") },
                       "expected w,x,y,z (4 numbers separated by ','), got 3 fields in '1,0,0'")
        XCTAssertEqual(refusal { try OptionValues.numbers("0x1p3,0", counts: [2], shape: "LAT,LON") },
                       "field 1 of LAT,LON, '0x1p3', is not a decimal number")
        XCTAssertEqual(refusal { try OptionValues.numbers("1,inf", counts: [2], shape: "LAT,LON") },
                       "field 2 of LAT,LON, 'inf', is not finite")
        XCTAssertEqual(refusal { try OptionValues.numbers("1e400,0", counts: [2], shape: "LAT,LON") },
                       "field 1 of LAT,LON, '1e400', is not finite")
        for bad in ["1_000,0", "1.2.3,0", "+,0", "1e,0", "١,0", "\"1\",0", "#1,0", "1 2,0"] {
            XCTAssertNotEqual(refusal { try OptionValues.numbers(bad, counts: [2], shape: "A,B") }, "accepted", bad)
        }
        XCTAssertEqual(try OptionValues.integers("64x48", count: 2, shape: "WxH", separator: "x", range: 1...16384), [64, 48])
        for bad in ["64xx48", "-5x10", "0x10", "64x", "x48", "+64x48", "64x16385", "99999999999999999999x1", "6 4x48"] {
            XCTAssertNotEqual(refusal { try OptionValues.integers(bad, count: 2, shape: "WxH", separator: "x", range: 1...16384) },
                              "accepted", bad)
        }
    }
}
