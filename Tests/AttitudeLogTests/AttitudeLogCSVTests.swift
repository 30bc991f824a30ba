import AttitudeLog
import AttitudeMath
import XCTest

/// Numbers and headers follow `CSVText`'s rules, shared with the raw log readers.
final class AttitudeLogCSVTests: XCTestCase {
    func testHexFloatsAndTrailingTextAreNotNumbers() {
        for text in ["0x1p0", "1.0f", "nan(1)", "1_0"] {
            let error = parseError("t,qw,qx,qy,qz\n0,\(text),0,0,0\n")
            XCTAssertEqual(error?.reason, .malformedNumber(column: "qw", text: text), text)
            XCTAssertEqual(error?.description, "bad.csv:2:2: column qw: '\(text)' is not a number")
        }
    }

    func testSensorLoggerHeaderInAnyCaseWithQuotedNanoseconds() throws {
        let text = "\u{FEFF}\"TIME\",Seconds_Elapsed,QZ,QY,QX,QW,roll,pitch,yaw\r\n"
            + "\"1700000000000000001\",0,0,0,0,1,0,0,0\r\n\"1700000000000000003\",0,0,0,0,1,0,0,0\r\n"
        let log = try AttitudeLog.parse(text: text, path: "Orientation.csv")
        XCTAssertEqual(log.format, .sensorLogger)
        XCTAssertEqual(log.samples[1].t, 2e-9, accuracy: 1e-20)
    }

    func testNumberSpellings() throws {
        let log = try AttitudeLog.parse(text: "t,qw,qx,qy,qz\n+.5,1.,0,0,0E0\n1e0,1,-0,0,0\n", path: "spellings.csv")
        XCTAssertEqual(log.startTime, 0.5)
        XCTAssertEqual(log.samples.map(\.t), [0, 0.5])
    }
}
