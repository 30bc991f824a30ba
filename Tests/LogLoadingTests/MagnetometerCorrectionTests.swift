import LogLoading
import LogTestSupport
import RawLog
import XCTest

/// A raw log's magnetometer corrected before fusion (`MagnetometerCorrection`): not at all, by a given hard-iron
/// offset, by a sphere fitted to the log; refused for a log without a magnetometer.
final class MagnetometerCorrectionTests: XCTestCase {
    func testAMagnetometerOffsetIsSubtractedAndAFitFindsIt() throws {
        var log = Synthetic.tumblingLog(seconds: 20, rate: 50)
        let offset = SIMD3<Double>(12, -7, 30)
        log.mag = log.mag?.map { $0 + offset }
        let (unchanged, none) = try MagnetometerCorrection.none.apply(to: log)
        XCTAssertNil(none)
        XCTAssertEqual(unchanged.mag, log.mag)
        let (given, givenCalibration) = try MagnetometerCorrection.offset(offset).apply(to: log)
        XCTAssertEqual(givenCalibration?.offset, offset)
        XCTAssertEqual(try XCTUnwrap(given.mag?[7]).x, try XCTUnwrap(log.mag?[7]).x - 12, accuracy: 1e-12)
        let (_, fitted) = try MagnetometerCorrection.fit.apply(to: log)
        XCTAssertLessThan((try XCTUnwrap(fitted).offset - offset).length, 0.5, "the sphere's centre is the hard-iron offset")
    }

    func testACorrectionOfALogWithoutAMagnetometerIsRefused() throws {
        let time = (0..<100).map { Double($0) / 100 }
        let log = RawIMULog(path: "still.csv", format: .rawCSV, time: time, gyro: time.map { _ in .zero },
                            acc: time.map { _ in SIMD3(0, 0, 9.81) }, mag: nil)
        XCTAssertNoThrow(try MagnetometerCorrection.none.apply(to: log))
        XCTAssertThrowsError(try MagnetometerCorrection.offset(SIMD3(1, 2, 3)).apply(to: log)) {
            XCTAssertEqual("\($0)", "still.csv: a magnetometer offset needs magnetometer samples, and the log has none")
        }
        XCTAssertThrowsError(try MagnetometerCorrection.fit.apply(to: log)) {
            XCTAssertEqual($0 as? MagnetometerCorrectionError, .noMagnetometer(path: "still.csv", fit: true))
        }
    }
}

