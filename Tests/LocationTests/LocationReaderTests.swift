import Foundation
@testable import Location
import LogTestSupport
import XCTest

final class LocationReaderTests: LocationTestCase {
    func testReadsSensorLoggerLocationCSVByColumnName() throws {
        // iOS order, quoted header, an empty optional field; times in nanoseconds.
        let path = try write("rec/Location.csv", """
            "time","seconds_elapsed","altitude","speedAccuracy","bearingAccuracy","latitude","horizontalAccuracy","verticalAccuracy","longitude","speed","bearing"
            1772359200000000001,0.5,512.25,1,10,46.5,4.5,3,7.25,1.5,90
            1772359201500000000,2.0,513,1,10,46.50001,35,,7.25002,,
            """)
        for input in [path, folder.appendingPathComponent("rec").path] {
            let fixes = try LocationReader.read(path: input)
            XCTAssertEqual(fixes.count, 2)
            XCTAssertEqual(fixes[0].time, 1_772_359_200.000_000_001, accuracy: 1e-6)
            XCTAssertEqual(fixes[0].latitude, 46.5)
            XCTAssertEqual(fixes[0].longitude, 7.25)
            XCTAssertEqual(fixes[0].altitude, 512.25)
            XCTAssertEqual(fixes[0].horizontalAccuracy, 4.5)
            XCTAssertEqual(fixes[0].verticalAccuracy, 3)
            XCTAssertEqual(fixes[0].speed, 1.5)
            XCTAssertEqual(fixes[0].bearing, 90)
            XCTAssertEqual(fixes[0].line, 2)
            XCTAssertEqual(fixes[1].time - fixes[0].time, 1.5, accuracy: 1e-6)
            XCTAssertTrue(fixes[1].verticalAccuracy.isNaN)
            XCTAssertTrue(fixes[1].speed.isNaN)
        }
        XCTAssertEqual(LocationReader.locationFile(inFolder: folder.appendingPathComponent("rec").path), path)
        XCTAssertNil(LocationReader.locationFile(inFolder: folder.path))
    }

    func testBadInputNamesTheFileLineAndColumn() throws {
        let header = "time,latitude,longitude,altitude,horizontalAccuracy\n"
        let cases: [(String, String)] = [
            (header + "1000,46.5,7.25,500,5\n2000,46.5,x,500,5\n", "bad.csv:3: column longitude: malformed number 'x'"),
            (header + "1000,96.5,7.25,500,5\n", "bad.csv:2: column latitude: latitude 96.5 is outside -90 to 90"),
            (header + "2000,46.5,7.25,500,5\n1000,46.5,7.25,500,5\n", "bad.csv:3: column time: time goes backwards"),
            (header + "1000,46.5,7.25,500\n", "bad.csv:2: column horizontalAccuracy: expected 5 fields as in the header, found 4"),
            (header + "1000,46.5,7.25,500,5,9\n", "bad.csv:2: expected 5 fields as in the header, found 6"),
            ("time,latitude,longitude,horizontalAccuracy\n1,2,3,4\n", "bad.csv:1: column altitude: missing column"),
            (header, "bad.csv:1: no data rows after the header"),
            ("", "bad.csv: the file is empty"),
        ]
        for (text, message) in cases {
            let path = try write("bad.csv", text)
            XCTAssertThrowsError(try LocationReader.read(path: path)) { error in
                XCTAssertTrue("\(error)".hasPrefix(path.dropLast("bad.csv".count) + message), "\(error)")
            }
        }
        // The time bound every reader shares (1e300 ns is 1e291 s).
        let far = try write("far.csv", header + "1000,46.5,7.25,500,5\n1e300,46.5,7.25,500,5\n")
        XCTAssertThrowsError(try LocationReader.read(path: far)) { error in
            XCTAssertTrue("\(error)".hasPrefix(far + ":3: column time: "), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix(" s is outside ±1e10 s, where a double still resolves microseconds"), "\(error)")
        }
        XCTAssertThrowsError(try LocationReader.read(path: folder.path)) {
            XCTAssertTrue("\($0)".contains("holds no Location.csv"), "\($0)")
        }
    }
}
