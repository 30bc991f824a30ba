@testable import RawLog
import LogTestSupport
import XCTest

/// The raw readers accept what the attitude log reader accepts: they share `CSVText`.
final class RawLogCSVTests: RawLogTestCase {
    // MARK: - Accepted input

    func testByteOrderMarkCRLFQuotesAndHeaderCase() throws {
        let path = try write("bom.csv", "\u{FEFF}# exported on Windows\r\n\"T\", GX ,\"gy\",Gz,AX,ay,\"az\"\r\n"
                             + "0,\"0.5\", 0.25 ,0,0,0,9.8\r\n\r\n0.01,0.5,0.25,0,0,0,\" 9.8 \"\r\n")
        XCTAssertTrue(RawLogReader.isRawLog(path: path))
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.format, .rawCSV)
        XCTAssertEqual(log.time, [0, 0.01])
        XCTAssertEqual(log.gyro[0], SIMD3(0.5, 0.25, 0))
        XCTAssertEqual(log.acc?[1], SIMD3(0, 0, 9.8))
    }

    func testXIOHeaderInAnyCase() throws {
        let header = "\u{FEFF}TIME (S),gyroscope x (deg/s),Gyroscope Y (deg/s),Gyroscope Z (deg/s),"
            + "accelerometer x (g),Accelerometer Y (g),Accelerometer Z (g)"
        let path = try write("xio.csv", header + "\r\n0,180,0,0,0,0,1\r\n0.005,0,0,0,0,0,1\r\n")
        XCTAssertTrue(RawLogReader.isRawLog(path: path))
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.format, .xio)
        XCTAssertEqual(log.gyro[0].x, .pi, accuracy: 1e-12)
        XCTAssertNil(log.mag)
    }

    func testSensorLoggerFilesWithByteOrderMarkAndQuotes() throws {
        let recording = folder.appendingPathComponent("rec")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        let header = "\u{FEFF}\"Time\",\"seconds_elapsed\",\"Z\",\"Y\",\"X\"\r\n"
        _ = try write("rec/Gyroscope.csv", header
            + "\"1700000000000000000\",0,0,0,1\r\n\"1700000000010000000\",0.01,0,0,2\r\n")
        _ = try write("rec/TotalAcceleration.csv", header
            + "\"1700000000000000000\",0,9.81,0,0\r\n\"1700000000010000000\",0.01,9.8,0,0.1\r\n")
        let log = try RawLogReader.read(path: recording.path)
        XCTAssertEqual(log.count, 2)
        XCTAssertEqual(log.time[1], 0.01, accuracy: 1e-6)
        XCTAssertEqual(log.gyro.map(\.x), [1, 2])
        XCTAssertEqual(log.acc?.map(\.z), [9.81, 9.8], "z read from the column named Z, first in the file")
    }

    /// A log whose accelerometer has no gravity in it, or is in g, would fuse into a wrong attitude
    /// without a word; it is refused with what to do.
    func testAccelerometerWithoutGravityOrInGIsRefused() throws {
        let recording = folder.appendingPathComponent("nogravity")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        let rows = "time,seconds_elapsed,z,y,x\n1700000000000000000,0,0.1,0,0\n1700000000010000000,0.01,0.2,0.1,0\n"
        _ = try write("nogravity/Gyroscope.csv", rows)
        _ = try write("nogravity/Accelerometer.csv", rows)
        let message = rawLogError { _ = try RawLogReader.read(path: recording.path) }?.description ?? ""
        XCTAssertTrue(message.hasPrefix("\(recording.path): the accelerometer's median magnitude is 0.22 m/s², not about 9.81"),
                      message)
        XCTAssertTrue(message.contains("TotalAcceleration.csv"), message)

        let inG = try write("g.csv", "t,gx,gy,gz,ax,ay,az\n0,0,0,0,0,0,1\n0.01,0,0,0,0,0.02,0.99\n0.02,0,0,0,0,0,1.01\n")
        XCTAssertEqual(rawLogError { _ = try RawLogReader.read(path: inG) }?.description,
                       "\(inG): the accelerometer's median magnitude is 1.00 m/s², not about 9.81: it looks like g; "
                       + "the raw CSV wants m/s² (multiply ax,ay,az by 9.80665)")

        // With the gravity file beside it, the same Accelerometer.csv is read.
        _ = try write("nogravity/Gravity.csv", "time,seconds_elapsed,z,y,x\n1700000000000000000,0,9.81,0,0\n")
        XCTAssertEqual(try RawLogReader.read(path: recording.path).count, 2)
    }

    // MARK: - Refused input

    func testHexFloatsAndEmptyQuotedFieldsAreRefused() throws {
        let hex = try write("hex.csv", "t,gx,gy,gz,ax,ay,az\n0,0x1p3,0,0,0,0,9.8\n")
        XCTAssertEqual(rawLogError { _ = try RawLogReader.read(path: hex) }?.description,
                       "\(hex):2: column 'gx': malformed number '0x1p3'")
        let empty = try write("empty.csv", "t,gx,gy,gz,ax,ay,az\n0,0,\"\",0,0,0,9.8\n")
        XCTAssertEqual(rawLogError { _ = try RawLogReader.read(path: empty) }?.description,
                       "\(empty):2: column 'gy': empty field")
    }

    func testErrorsNameTheColumnAsTheFileWritesIt() throws {
        let path = try write("case.csv", "T,GX,GY,GZ,AX,AY,AZ\n0,0,zero,0,0,0,9.8\n")
        XCTAssertEqual(rawLogError { _ = try RawLogReader.read(path: path) }?.description,
                       "\(path):2: column 'GY': malformed number 'zero'")
    }
}
