@testable import RawLog
import LogTestSupport
import XCTest

/// A raw CSV without accelerometer columns: read where a gyroscope suffices, refused by fusion.
final class GyroOnlyRawLogTests: RawLogTestCase {
    func testAGyroscopeOnlyCSVIsARawLogWithoutAccelerometer() throws {
        let path = try write("gyro.csv", "t,gx,gy,gz,mx,my,mz\n0,0.5,0.25,0,20,0,-40\n0.01,0.5,0.25,0,20,0,-40\n0.02,0.5,0.25,0,20,0,-40\n")
        XCTAssertTrue(RawLogReader.isRawLog(path: path))
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.format, .rawCSV)
        XCTAssertNil(log.acc, "no accelerometer")
        XCTAssertEqual(log.time, [0, 0.01, 0.02])
        XCTAssertEqual(log.gyro, Array(repeating: SIMD3(0.5, 0.25, 0), count: 3))
        XCTAssertEqual(log.mag?.first, SIMD3(20, 0, -40))
        XCTAssertEqual(log.rawCSV(), "t,gx,gy,gz,mx,my,mz\n0.0,0.5,0.25,0.0,20.0,0.0,-40.0\n0.01,0.5,0.25,0.0,20.0,0.0,-40.0\n"
                       + "0.02,0.5,0.25,0.0,20.0,0.0,-40.0\n")
        // Fusion in either mode levels by the accelerometer it asks the log for (LogLoadingTests fuse through it).
        XCTAssertThrowsError(try log.accelerometerForLevelling()) {
            XCTAssertTrue("\($0)".hasPrefix("\(path): fusion (6D and 9D) levels the attitude by the accelerometer"), "\($0)")
        }
    }

    func testSomeAccelerometerColumnsAreRefusedNamingTheMissingOne() throws {
        let path = try write("partial.csv", "t,gx,gy,gz,ax,az\n0,0,0,0,0,9.8\n")
        XCTAssertThrowsError(try RawLogReader.read(path: path)) {
            XCTAssertEqual($0 as? RawLogError, RawLogError(path: path, line: 1, column: "ay", "missing column: ax,az need ax,ay,az"))
        }
    }
}
