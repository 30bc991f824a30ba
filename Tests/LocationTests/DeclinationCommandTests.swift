import Foundation
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

    func testADateOutsideTheModelsLifeIsRefusedNamingTheSpan() throws {
        for date in ["2024-12-31", "2030-01-02"] {
            let run = try attitude(["declination", "46.5,7.25", "--date", date])
            XCTAssertNotEqual(run.status, 0)
            XCTAssertTrue(run.stderr.contains("2025.0 to 2030.0"), run.stderr)
            XCTAssertTrue(run.stdout.isEmpty, run.stdout)
        }
        let bad = try attitude(["declination", "46.5;7.25"])
        XCTAssertTrue(bad.stderr.contains("position: expected LAT,LON (2 numbers separated by ','), got 1 field in '46.5;7.25'"), bad.stderr)
    }
}
