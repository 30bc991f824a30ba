import Foundation
import Location
import LogTestSupport
import TestSupport
import XCTest

/// `attitude terrain` and `location --srtm` over SRTM tiles made in the test (TerrainTests in LocationTests
/// reads the tiles in the library).
final class TerrainCommandTests: LocationTestCase {
    func testTheTerrainCommand() throws {
        try writeTile("S34E018.hgt", size: 1201)
        let lat = -33 - (50 + 0.5) / 1200, lon = 18 + (60 + 0.5) / 1200
        let run = try attitude(["terrain", "\(lat),\(lon)", "--srtm", folder.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))!,
                       expected(row: 50, column: 60, fy: 0.5, fx: 0.5), accuracy: 0.001)
        let missing = try attitude(["terrain", "-35.5,18.5", "--srtm", folder.path])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("S36E018.hgt"), missing.stderr)
    }

    func testLocationWithSRTMReplacesTheAltitude() throws {
        try writeTile("N46E007.hgt", size: 1201)
        let track = SyntheticTrack(seed: 5)
        let input = try write("Location.csv", track.locationCSV)
        let output = folder.appendingPathComponent("terrain.csv").path
        let run = try attitude(["location", input, "--filter", "accuracy", "--srtm", folder.path, "-o", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try CSVNumbers(path: output).rows
        XCTAssertFalse(rows.isEmpty)
        let terrain = try SRTMTerrain(folder: folder.path)
        for row in rows {
            XCTAssertEqual(row[3], try terrain.height(latitude: row[1], longitude: row[2]), accuracy: 0.002)
        }
    }
}
