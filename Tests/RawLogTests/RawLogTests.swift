import AttitudeMath
@testable import RawLog
import LogTestSupport
import XCTest

final class RawLogTests: RawLogTestCase {
    // MARK: - Formats

    func testRawCSVWithCommentsReferenceAndMoving() throws {
        let path = try write("a.csv", """
            # a comment
            t,gx,gy,gz,ax,ay,az,mx,my,mz,qw,qx,qy,qz,moving
            0.0,0.1,0.2,0.3,0,0,9.8,10,20,-30,1,0,0,0,0

            0.01,0.1,0.2,0.3,0,0,9.8,10,20,-30,nan,nan,nan,nan,1
            """)
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.format, .rawCSV)
        XCTAssertEqual(log.count, 2)
        XCTAssertEqual(log.gyro[1], SIMD3(0.1, 0.2, 0.3))
        XCTAssertEqual(log.mag?[0], SIMD3(10, 20, -30))
        XCTAssertEqual(log.moving, [false, true])
        XCTAssertEqual(log.reference, [Quaternion(w: 1, x: 0, y: 0, z: 0), nil])
        XCTAssertEqual(log.period(before: 0), 0.01, accuracy: 1e-12)
        XCTAssertTrue(RawLogReader.isRawLog(path: path))
    }

    /// A reference is missing where any of its four fields is not finite, and kept as written (not normalised) elsewhere.
    func testReferenceMissingWhereAnyFieldIsNotFinite() throws {
        let path = try write("ref.csv", """
            t,gx,gy,gz,qw,qx,qy,qz
            0.00,0,0,0,2,0,0,0
            0.01,0,0,0,1,0,nan,0
            0.02,0,0,0,0,0,0,-inf
            0.03,0,0,0,0.5,0.5,0.5,0.5
            """)
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.reference, [Quaternion(w: 2, x: 0, y: 0, z: 0), nil, nil, Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5)])
    }

    // MARK: - OpenCamera Sensors' streams

    /// A headerless `x,y,z,t` stream is read as every log is: comments and blank lines skipped (counted in the
    /// line numbers), CRLF, padded and quoted fields.
    func testOpenCameraSensorsStreamSkipsCommentsAndBlankLines() throws {
        let path = try write("VID_1gyro.csv", "# x,y,z,t\r\n0.1,0.2,0.3,1000\r\n\r\n -0.5 , \"1e-3\" ,0,2000\r\n")
        let stream = try OpenCameraSensorsReader.readStream(path)
        XCTAssertEqual(stream.name, "VID_1gyro.csv")
        XCTAssertEqual(stream.ticks, [1000, 2000])
        XCTAssertEqual(stream.lines, [2, 4])
        XCTAssertEqual(stream.values, [SIMD3(0.1, 0.2, 0.3), SIMD3(-0.5, 0.001, 0)])
    }

    func testOpenCameraSensorsStreamErrorsNameTheLine() throws {
        let cases: [(String, String)] = [
            ("0,0,0,1\n\n0,0,5\n", ":3: expected 4 fields (x,y,z,time in ns), found 3"),
            ("# c\n0,nan,0,1\n", ":2: x, y and z must be finite numbers"),
            ("0,0x1p3,0,1\n", ":1: x, y and z must be finite numbers"),
            ("0,0,0,1\n0,0,0,-5\n", ":2: column 'time': expected a time in integer nanoseconds, found '-5'"),
            ("0,0,0,1.5\n", ":1: column 'time': expected a time in integer nanoseconds, found '1.5'"),
        ]
        for (text, message) in cases {
            let path = try write("VID_1gyro.csv", text)
            let error = rawLogError { _ = try OpenCameraSensorsReader.readStream(path) }
            XCTAssertEqual(error?.description, path + message, text)
        }
    }

    func testXIOConvertsToSIUnits() throws {
        let header = "Time (s),Gyroscope X (deg/s),Gyroscope Y (deg/s),Gyroscope Z (deg/s),"
            + "Accelerometer X (g),Accelerometer Y (g),Accelerometer Z (g),"
            + "Magnetometer X (uT),Magnetometer Y (uT),Magnetometer Z (uT)"
        let path = try write("x.csv", header + "\n0.0,180,0,-90,0,0,1,5,6,7\n0.005,0,0,0,0.5,0,0.5,5,6,7\n")
        let log = try RawLogReader.read(path: path)
        XCTAssertEqual(log.format, .xio)
        XCTAssertEqual(log.gyro[0].x, .pi, accuracy: 1e-12)
        XCTAssertEqual(log.gyro[0].z, -.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(log.acc)[0].z, 9.80665, accuracy: 1e-12)
        XCTAssertEqual(log.mag?[1], SIMD3(5, 6, 7))
        XCTAssertTrue(RawLogReader.isRawLog(path: path))
    }

    func testSensorLoggerFolderIsMergedOntoTheGyroscopeClock() throws {
        let recording = folder.appendingPathComponent("rec")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        let base = 1_700_000_000_000_000_000.0
        func rows(_ times: [Double], _ xyz: (Int) -> (Double, Double, Double)) -> String {
            "time,seconds_elapsed,z,y,x\n" + times.enumerated().map { i, t in
                let v = xyz(i)
                return String(format: "%.0f,%.3f,%g,%g,%g", base + t * 1e9, t, v.2, v.1, v.0)
            }.joined(separator: "\n") + "\n"
        }
        _ = try write("rec/Gyroscope.csv", rows([0.00, 0.01, 0.02, 0.03, 0.04]) { i in (Double(i), 0, 0) })
        _ = try write("rec/Accelerometer.csv", rows([0.005, 0.025]) { i in (0, 0, 9 + Double(i)) })
        _ = try write("rec/Magnetometer.csv", rows([0.0, 0.02]) { i in (1, 2, 3 + Double(i)) })
        XCTAssertTrue(RawLogReader.isRawLog(path: recording.path))
        let log = try RawLogReader.read(path: recording.path)
        XCTAssertEqual(log.format, .sensorLogger)
        // The first gyroscope sample with an accelerometer sample at or before it is t = 0.01 s.
        XCTAssertEqual(log.count, 4)
        XCTAssertEqual(log.time[0], 0, accuracy: 1e-6)
        XCTAssertEqual(log.time[3], 0.03, accuracy: 1e-6)
        XCTAssertEqual(log.gyro[0], SIMD3(1, 0, 0))  // x read from its own column despite z,y,x order
        XCTAssertEqual(log.acc?.map(\.z), [9, 9, 10, 10])
        XCTAssertEqual(log.mag!.map(\.z), [3, 4, 4, 4])
    }

    func testIsRawLogRejectsOtherFiles() throws {
        XCTAssertFalse(RawLogReader.isRawLog(path: try write("att.csv", "# frame: xArbitraryZVertical\nt,qw,qx,qy,qz\n0,1,0,0,0\n")))
        XCTAssertFalse(RawLogReader.isRawLog(path: folder.appendingPathComponent("missing.csv").path))
        XCTAssertFalse(RawLogReader.isRawLog(path: folder.path))
    }

    // MARK: - Bad input

    func testMissingColumnIsNamed() throws {
        let path = try write("m.csv", "# c\nt,gx,gy,ax,ay,az\n0,0,0,0,0,9.8\n")
        let error = rawLogError { _ = try RawLogReader.read(path: path) }
        // Without gz the header is not a raw CSV header at all.
        XCTAssertEqual(error?.line, 2)
        XCTAssertTrue(error?.description.contains(path) ?? false)
        let partial = try write("p.csv", "t,gx,gy,gz,ax,ay,az,mx,my\n0,0,0,0,0,0,9.8,1,2\n")
        let missing = rawLogError { _ = try RawLogReader.read(path: partial) }
        XCTAssertEqual(missing?.column, "mz")
        XCTAssertEqual(missing?.line, 1)
    }

    func testMalformedNumberNamesLineAndColumn() throws {
        let path = try write("n.csv", "t,gx,gy,gz,ax,ay,az\n0,0,0,0,0,0,9.8\n0.01,0,0.1.2,0,0,0,9.8\n")
        let error = rawLogError { _ = try RawLogReader.read(path: path) }
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, "gy")
        XCTAssertEqual(error?.description, "\(path):3: column 'gy': malformed number '0.1.2'")
        let empty = try write("e2.csv", "t,gx,gy,gz,ax,ay,az\n0,0,,0,0,0,9.8\n")
        XCTAssertEqual(rawLogError { _ = try RawLogReader.read(path: empty) }?.column, "gy")
        let short = try write("s.csv", "t,gx,gy,gz,ax,ay,az\n0,0,0,0,0,0\n")
        let shortError = rawLogError { _ = try RawLogReader.read(path: short) }
        XCTAssertEqual(shortError?.line, 2)
        XCTAssertEqual(shortError?.column, "az")
    }

    func testTimeGoingBackwardsIsRefused() throws {
        let path = try write("t.csv", "t,gx,gy,gz,ax,ay,az\n0.02,0,0,0,0,0,9.8\n0.01,0,0,0,0,0,9.8\n")
        let error = rawLogError { _ = try RawLogReader.read(path: path) }
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, "t")
        XCTAssertTrue(error?.message.contains("backwards") ?? false)
    }

    func testEmptyFileAndWrongHeader() throws {
        let empty = try write("empty.csv", "")
        XCTAssertTrue(rawLogError { _ = try RawLogReader.read(path: empty) }?.message.contains("empty") ?? false)
        let headerOnly = try write("h.csv", "t,gx,gy,gz,ax,ay,az\n")
        XCTAssertEqual(rawLogError { _ = try RawLogReader.read(path: headerOnly) }?.line, 1)
        let wrong = try write("w.csv", "time,a,b\n1,2,3\n")
        let error = rawLogError { _ = try RawLogReader.read(path: wrong) }
        XCTAssertEqual(error?.line, 1)
        XCTAssertTrue(error?.message.contains("unrecognised header") ?? false)
        XCTAssertFalse(RawLogReader.isRawLog(path: wrong))
    }
}
