import Foundation
@testable import Location
import LogTestSupport
import XCTest

/// `attitude declination` end to end.
final class DeclinationCommandTests: LocationTestCase {
    func testPrintsDeclinationFirstThenInclinationAndField() throws {
        // NOAA's test value: 2025.0, 100 km, 80 S, 240 E: D 68.21°, I -72.19°, F 52035.0 nT.
        let run = try attitude(["declination", "-80,240", "--date", "2025-01-01", "--altitude", "100000"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines.map { $0.components(separatedBy: ": ")[0] }, ["declination", "inclination", "total_field"])
        let values = lines.map { Double($0.components(separatedBy: ": ")[1])! }
        XCTAssertEqual(values[0], 68.21, accuracy: 0.006)
        XCTAssertEqual(values[1], -72.19, accuracy: 0.006)
        XCTAssertEqual(values[2], 52035.0, accuracy: 0.06)
    }

    /// Before 2025 the field is IGRF-14's, and the command says which model it used.
    func testADateBefore2025UsesIGRF() throws {
        let run = try attitude(["declination", "46.5,7.25", "--date", "2024-02-11", "--verbose"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("IGRF-14 on 2024-02-11"), run.stderr)
        let value = Double(run.stdout.split(separator: "\n")[0].components(separatedBy: ": ")[1])!
        let igrf = try MagneticModel.igrf14().field(latitudeDegrees: 46.5, longitudeDegrees: 7.25, decimalYear: DecimalYear.parse("2024-02-11")!)
        XCTAssertEqual(value, igrf.declinationDegrees, accuracy: 0.0001)
        let wmm = try attitude(["declination", "46.5,7.25", "--date", "2026-02-11", "--verbose"])
        XCTAssertTrue(wmm.stderr.contains("WMM-2025 on 2026-02-11"), wmm.stderr)
    }

    func testADateOutsideTheModelsLifeIsRefusedNamingTheSpan() throws {
        for date in ["1899-12-31", "2030-01-02"] {
            let run = try attitude(["declination", "46.5,7.25", "--date", date])
            XCTAssertNotEqual(run.status, 0)
            XCTAssertTrue(run.stderr.contains("IGRF-14 1900.0 to 2030.0, WMM-2025 2025.0 to 2030.0"), run.stderr)
            XCTAssertTrue(run.stdout.isEmpty, run.stdout)
        }
        let bad = try attitude(["declination", "46.5;7.25"])
        XCTAssertTrue(bad.stderr.contains("position: expected LAT,LON (2 numbers separated by ','), got 1 field in '46.5;7.25'"), bad.stderr)
    }
}
