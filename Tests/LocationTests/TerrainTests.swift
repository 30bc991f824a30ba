import Foundation
@testable import Location
import LogTestSupport
import XCTest

/// SRTM tiles made in the test (LocationTestCase.writeTile): exact bilinear values, edges, voids, missing
/// and malformed tiles (TerrainCommandTests in CommandLineTests runs the commands over them).
final class TerrainTests: LocationTestCase {
    func testBilinearValuesInAnSRTM3Tile() throws {
        try writeTile("N46E007.hgt", size: 1201)
        let terrain = try SRTMTerrain(folder: folder.path)
        // Sample (row 600, column 300) is at 46.5 N, 7.25 E exactly.
        XCTAssertEqual(try terrain.height(latitude: 46.5, longitude: 7.25), Double(Self.height(row: 600, column: 300)), accuracy: 1e-9)
        // A quarter of the way east and three quarters of the way south inside a cell.
        let lat = 47 - (100 + 0.75) / 1200, lon = 7 + (200 + 0.25) / 1200
        XCTAssertEqual(try terrain.height(latitude: lat, longitude: lon), expected(row: 100, column: 200, fy: 0.75, fx: 0.25), accuracy: 1e-6)
        // Edges: the south-west corner, the southern and the western edge, the north-east cell.
        XCTAssertEqual(try terrain.height(latitude: 46, longitude: 7), Double(Self.height(row: 1200, column: 0)), accuracy: 1e-9)
        XCTAssertEqual(try terrain.height(latitude: 46, longitude: 7 + 10.5 / 1200), expected(row: 1199, column: 10, fy: 1, fx: 0.5), accuracy: 1e-6)
        XCTAssertEqual(try terrain.height(latitude: 47 - 0.5 / 1200, longitude: 7), expected(row: 0, column: 0, fy: 0.5, fx: 0), accuracy: 1e-6)
        XCTAssertEqual(try terrain.height(latitude: 47 - 1e-9, longitude: 8 - 1e-9), Double(Self.height(row: 0, column: 1200)), accuracy: 1e-3)
    }

    func testAnSRTM1TileAndSouthWestNames() throws {
        XCTAssertEqual(SRTMTerrain.tileName(latitude: 46.5, longitude: 7.25), "N46E007.hgt")
        XCTAssertEqual(SRTMTerrain.tileName(latitude: -0.5, longitude: -0.5), "S01W001.hgt")
        XCTAssertEqual(SRTMTerrain.tileName(latitude: -33.9, longitude: 18.4), "S34E018.hgt")
        XCTAssertEqual(SRTMTerrain.tileName(latitude: 0, longitude: -78), "N00W078.hgt")
        try writeTile("S34E018.hgt", size: 3601)
        let terrain = try SRTMTerrain(folder: folder.path)
        let lat = -33 - (1000 + 0.5) / 3600, lon = 18 + (2000 + 0.2) / 3600
        XCTAssertEqual(try terrain.height(latitude: lat, longitude: lon), expected(row: 1000, column: 2000, fy: 0.5, fx: 0.2), accuracy: 1e-6)
    }

    func testAVoidIsRefusedAndAMissingTileIsNamed() throws {
        try writeTile("N46E007.hgt", size: 1201, voids: [(10, 10)])
        let terrain = try SRTMTerrain(folder: folder.path)
        XCTAssertThrowsError(try terrain.height(latitude: 47 - 9.5 / 1200, longitude: 7 + 9.5 / 1200)) {
            XCTAssertTrue("\($0)".contains("void"), "\($0)")
            XCTAssertTrue("\($0)".contains("N46E007.hgt"), "\($0)")
        }
        // The cells that do not touch the void are fine.
        XCTAssertEqual(try terrain.height(latitude: 47 - 11.5 / 1200, longitude: 7 + 11.5 / 1200),
                       expected(row: 11, column: 11, fy: 0.5, fx: 0.5), accuracy: 1e-6)
        XCTAssertThrowsError(try terrain.height(latitude: 47.5, longitude: 7.5)) {
            XCTAssertTrue("\($0)".contains("N47E007.hgt"), "\($0)")
            XCTAssertTrue("\($0)".contains("missing"), "\($0)")
        }
        try Data(count: 1000).write(to: folder.appendingPathComponent("N10E010.hgt"))
        XCTAssertThrowsError(try terrain.height(latitude: 10.5, longitude: 10.5)) {
            XCTAssertTrue("\($0)".contains("N10E010.hgt: 1000 bytes is neither an SRTM1"), "\($0)")
        }
    }
}
