import FileAccess
import AttitudeLog
import AttitudeMath
import TestSupport
import XCTest

/// Every kind of bad input fails with an error naming the file, the line and, where there is one, the field.
final class AttitudeLogErrorTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-logs" }

    private let header = "t,qw,qx,qy,qz"

    // MARK: - Files

    func testMissingFile() throws {
        let path = folder.appendingPathComponent("nope.csv").path
        XCTAssertThrowsError(try AttitudeLog.load(path: path)) { error in
            XCTAssertEqual(error as? FileAccessError, FileAccessError(path: path, "no such file"), "the input policy's refusal: a missing input, not a malformed log")
            XCTAssertEqual("\(error)", "\(path): no such file")
        }
    }

    func testABinaryFileIsUnreadable() throws {
        let binary = folder.appendingPathComponent("binary.csv")
        try Data([0x74, 0x2C, 0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
        XCTAssertThrowsError(try AttitudeLog.load(path: binary.path)) { error in
            guard let error = error as? AttitudeLogError, case .unreadable = error.reason else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(error.description, "\(binary.path): cannot read the file: it is not UTF-8 text")
        }
    }

    func testAFolderThatIsNoRecordingIsRefusedWithWhatARecordingHolds() throws {
        try Data("t,qw,qx,qy,qz\n0,1,0,0,0\n".utf8).write(to: folder.appendingPathComponent("notes.csv"))
        XCTAssertThrowsError(try AttitudeLog.load(path: folder.path)) { error in
            XCTAssertEqual("\(error)", "\(folder.path): a folder, but not a recording steady-dice knows: a Sensor Logger folder "
                           + "holds Gyroscope.csv (and Accelerometer.csv or TotalAcceleration.csv) or Orientation.csv; "
                           + "an x-IMU3 folder holds Inertial.csv or Quaternion.csv; "
                           + "an OpenCamera Sensors folder holds VID_<date>gyro.csv and VID_<date>accel.csv")
        }
    }

    func testLoadReportsTheFilesPathInParseErrors() throws {
        let path = folder.appendingPathComponent("bad.csv").path
        try "\(header)\n0,1,0,0,0\n1,1,zero,0,0\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try AttitudeLog.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path):3:3: column qx: 'zero' is not a number")
        }
    }

    // MARK: - Empty

    func testEmptyFiles() {
        for text in ["", "\n\n  \n", "# only a comment\n# frame: xTrueNorthZVertical\n", "\(header)\n", "# c\n\(header)\n\n# c\n"] {
            let error = parseError(text)
            XCTAssertEqual(error?.reason, .noDataRows, text)
            XCTAssertEqual(error?.description, "bad.csv: no data rows: an attitude log needs a header and at least one sample")
        }
    }

    // MARK: - Header

    func testMissingColumn() {
        let error = parseError("# comment\n\nt,qw,qx,qy\n0,1,0,0\n")
        XCTAssertEqual(error?.reason, .unrecognisedHeader(missing: ["qz"]))
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.description,
                       "bad.csv:3: the header is not a known attitude log: a steady-dice log needs the columns t,qw,qx,qy,qz "
                       + "in any order (missing: qz); Sensor Logger's Orientation.csv has time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw; "
                       + "x-IMU3's Quaternion.csv has Timestamp (us),W,X,Y,Z")
    }

    func testAHeaderOfNeitherFormat() {
        XCTAssertEqual(parseError("time,x,y,z\n1,2,3,4\n")?.reason, .unrecognisedHeader(missing: ["t", "qw", "qx", "qy", "qz"]))
        // A data row where the header should be.
        XCTAssertEqual(parseError("0,1,0,0,0\n")?.reason, .unrecognisedHeader(missing: ["t", "qw", "qx", "qy", "qz"]))
        // Sensor Logger's header without its quaternion.
        let error = parseError("time,seconds_elapsed,qz,qy,qx,roll,pitch,yaw\n1,0,0,0,0,0,0,0\n")
        XCTAssertEqual(error?.reason, .unrecognisedHeader(missing: ["t", "qw"]))
        XCTAssertEqual(error?.line, 1)
    }

    func testDuplicateColumn() {
        let error = parseError("t,qw,qx,qy,qz,qx\n0,1,0,0,0,0\n")
        XCTAssertEqual(error?.reason, .duplicateColumn("qx"))
        XCTAssertEqual(error?.description, "bad.csv:1:6: the header names column 'qx' twice")
        // Extra columns may repeat: they are not read.
        XCTAssertNoThrow(try AttitudeLog.parse(text: "t,qw,qx,qy,qz,note,note\n0,1,0,0,0,a,b\n", path: "ok.csv"))
    }

    // MARK: - Frame

    func testUnknownFrame() {
        let error = parseError("# frame: ENU\n\(header)\n0,1,0,0,0\n")
        XCTAssertEqual(error?.reason, .unknownFrame("ENU"))
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.description, "bad.csv:1: unknown reference frame 'ENU'; expected one of xArbitraryZVertical, "
                       + "xArbitraryCorrectedZVertical, xMagneticNorthZVertical, xTrueNorthZVertical")
        XCTAssertEqual(parseError("#frame:\n\(header)\n0,1,0,0,0\n")?.reason, .unknownFrame(""))
    }

    func testASecondFrameLine() {
        let error = parseError("# frame: xTrueNorthZVertical\n\(header)\n0,1,0,0,0\n# frame: xTrueNorthZVertical\n")
        XCTAssertEqual(error?.reason, .duplicateFrame(firstLine: 1))
        XCTAssertEqual(error?.description, "bad.csv:4: a second frame line; the frame was already given on line 1")
    }

    // MARK: - Rows

    func testWrongNumberOfFields() {
        let short = parseError("\(header)\n0,1,0,0,0\n1,1,0,0\n")
        XCTAssertEqual(short?.reason, .wrongFieldCount(expected: 5, found: 4))
        XCTAssertEqual(short?.description, "bad.csv:3: expected 5 fields as in the header, found 4")
        XCTAssertEqual(parseError("\(header)\n0,1,0,0,0,9\n")?.reason, .wrongFieldCount(expected: 5, found: 6))
    }

    func testMalformedNumbers() {
        let cases: [(String, Int, String, String)] = [
            ("0,1,abc,0,0", 3, "qx", "abc"),
            ("x,1,0,0,0", 1, "t", "x"),
            ("0,1,0,,0", 4, "qy", ""),
            ("0,1,0,0,1.2.3", 5, "qz", "1.2.3"),
            ("0,1 0,0,0,0", 2, "qw", "1 0"),
        ]
        for (row, column, name, text) in cases {
            let error = parseError("# c\n\(header)\n\(row)\n")
            XCTAssertEqual(error?.reason, .malformedNumber(column: name, text: text), row)
            XCTAssertEqual(error?.line, 3, row)
            XCTAssertEqual(error?.column, column, row)
            XCTAssertEqual(error?.description, "bad.csv:3:\(column): column \(name): '\(text)' is not a number")
        }
        // Columns are counted in the file's order.
        let shuffled = parseError("qz,qy,qx,qw,t\n0,0,0,1,soon\n")
        XCTAssertEqual(shuffled?.column, 5)
        XCTAssertEqual(shuffled?.description, "bad.csv:2:5: column t: 'soon' is not a number")
    }

    func testMalformedSensorLoggerTime() {
        let error = parseError("time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n17e,0,0,0,0,1,0,0,0\n", path: "Orientation.csv")
        XCTAssertEqual(error?.reason, .malformedNumber(column: "time", text: "17e"))
        XCTAssertEqual(error?.description, "Orientation.csv:2:1: column time: '17e' is not a number")
    }

    func testNonFiniteTime() {
        for value in ["nan", "inf", "-inf"] {
            let error = parseError("\(header)\n\(value),1,0,0,0\n")
            XCTAssertEqual(error?.reason, .nonFiniteTime(column: "t"), value)
            XCTAssertEqual(error?.description, "bad.csv:2:1: column t: the time is not finite")
        }
    }

    func testTimeGoingBackwards() {
        let error = parseError("\(header)\n0,1,0,0,0\n# c\n1.5,1,0,0,0\n1.25,1,0,0,0\n")
        XCTAssertEqual(error?.reason, .timeGoesBackwards(previous: 1.5, current: 1.25, previousLine: 4))
        XCTAssertEqual(error?.description, "bad.csv:5:1: time goes backwards: 1.25 s is earlier than 1.5 s on line 4")

        let sensorLogger = parseError("time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n"
                                      + "1000000000,0,0,0,0,1,0,0,0\n2000000000,1,0,0,0,1,0,0,0\n1500000000,0.5,0,0,0,1,0,0,0\n")
        XCTAssertEqual(sensorLogger?.reason, .timeGoesBackwards(previous: 1, current: 0.5, previousLine: 3))
        XCTAssertEqual(sensorLogger?.line, 4)
    }

    func testBadQuaternions() {
        let cases: [(String, String)] = [
            ("0,0,0,0,0", "length 0.0"),
            ("0,1e-12,0,0,0", "too small"),
            ("0,nan,0,0,0", "non-finite"),
            ("0,1,0,inf,0", "non-finite"),
            ("0,1,0,0,-infinity", "non-finite"),
        ]
        for (row, why) in cases {
            let error = parseError("\(header)\n0,1,0,0,0\n\(row)\n")
            guard case .invalidQuaternion(let message)? = error?.reason else {
                XCTFail("\(row): \(String(describing: error))")
                continue
            }
            XCTAssertTrue(message.contains(why), "\(row): \(message)")
            XCTAssertEqual(error?.line, 3, row)
            XCTAssertTrue(error?.description.hasPrefix("bad.csv:3: invalid quaternion: ") ?? false, row)
        }
    }

    func testTheFirstProblemIsReported() {
        // Line 3 has a bad number and line 4 goes backwards: line 3 is named.
        XCTAssertEqual(parseError("\(header)\n5,1,0,0,0\n6,1,?,0,0\n1,1,0,0,0\n")?.line, 3)
    }
}
