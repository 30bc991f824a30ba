import Foundation
@testable import Location
import XCTest

/// SRTM tiles made in the test: exact bilinear values, edges, voids, missing and malformed tiles.
final class TerrainTests: LocationTestCase {
    /// The test pattern: not linear in row or column, so only true bilinear weights reproduce it.
    static func height(row: Int, column: Int) -> Int16 {
        Int16((row * 7 + column * 13) % 20_000 + (row * column) % 101 - 2000)
    }

    /// Writes an SRTM tile of `size` x `size` samples with the test pattern and the given voids.
    @discardableResult
    func writeTile(_ name: String, size: Int, voids: [(Int, Int)] = []) throws -> String {
        var bytes = [UInt8](repeating: 0, count: size * size * 2)
        for row in 0..<size {
            for column in 0..<size {
                let value = voids.contains { $0 == (row, column) } ? SRTMTerrain.void : Self.height(row: row, column: column)
                let bits = UInt16(bitPattern: value)
                bytes[2 * (row * size + column)] = UInt8(bits >> 8)
                bytes[2 * (row * size + column) + 1] = UInt8(bits & 0xFF)
            }
        }
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Bilinear by hand: the point at (row + fy, column + fx).
    func expected(row: Int, column: Int, fy: Double, fx: Double) -> Double {
        let h = { (r: Int, c: Int) in Double(Self.height(row: r, column: c)) }
        return h(row, column) * (1 - fx) * (1 - fy) + h(row, column + 1) * fx * (1 - fy)
            + h(row + 1, column) * (1 - fx) * fy + h(row + 1, column + 1) * fx * fy
    }

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
        let rows = CSVTextLines(try String(contentsOfFile: output, encoding: .utf8)).rows
        XCTAssertFalse(rows.isEmpty)
        let terrain = try SRTMTerrain(folder: folder.path)
        for row in rows {
            XCTAssertEqual(row[3], try terrain.height(latitude: row[1], longitude: row[2]), accuracy: 0.002)
        }
    }
}
