import FileAccess
import Foundation

/// Terrain heights from SRTM `.hgt` tiles in one folder: one tile per 1°x1° cell, named for its
/// south-west corner (`N46E007.hgt`, `S01W078.hgt`), a square of big-endian signed 16-bit heights in
/// metres, 3601x3601 (SRTM1, 1 arc-second) or 1201x1201 (SRTM3, 3 arc-seconds), first row the
/// northern edge, first column the western edge; edge rows and columns repeat the neighbours'.
/// -32768 marks a void.
public final class SRTMTerrain {
    public let folder: String
    private var tiles: [String: Tile] = [:]

    public static let void: Int16 = -32768

    public init(folder: String) throws {
        do {
            try InputFile.check(folder, expect: .folder)
        } catch {
            throw LocationError(path: folder, "\(error.reason) (the folder of SRTM tiles)")
        }
        self.folder = folder
    }

    /// The file name of the tile holding a position: its south-west corner.
    public static func tileName(latitude: Double, longitude: Double) -> String {
        let south = Int(floor(latitude)), west = Int(floor(longitude))
        return String(format: "%@%02d%@%03d.hgt", south < 0 ? "S" : "N", abs(south), west < 0 ? "W" : "E", abs(west))
    }

    /// Height in metres at a position, bilinear between the four samples around it. Throws naming the
    /// tile file when it is missing or malformed, and saying "void" when a sample it needs is a void.
    public func height(latitude: Double, longitude: Double) throws -> Double {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw LocationError("position \(latitude),\(longitude) is outside -90..90, -180..180")
        }
        // A position on the 180° meridian or the north pole belongs to the tile below or west of it.
        let lat = latitude == 90 ? 89.999_999_999 : latitude
        let lon = longitude == 180 ? 179.999_999_999 : longitude
        let tile = try self.tile(Self.tileName(latitude: lat, longitude: lon))
        let last = Double(tile.size - 1)
        let x = (lon - floor(lon)) * last           // columns from the western edge
        let y = (floor(lat) + 1 - lat) * last       // rows from the northern edge
        let column = min(Int(x), tile.size - 2), row = min(Int(y), tile.size - 2)
        let fx = x - Double(column), fy = y - Double(row)
        var total = 0.0
        for (dr, dc, weight) in [(0, 0, (1 - fx) * (1 - fy)), (0, 1, fx * (1 - fy)), (1, 0, (1 - fx) * fy), (1, 1, fx * fy)] {
            guard weight > 0 else { continue }
            let sample = tile.sample(row: row + dr, column: column + dc)
            if sample == Self.void {
                throw LocationError(path: tile.path, String(format: "void (-32768) at row %d, column %d, next to %.6f,%.6f",
                                                            row + dr, column + dc, latitude, longitude))
            }
            total += weight * Double(sample)
        }
        return total
    }

    private func tile(_ name: String) throws -> Tile {
        if let tile = tiles[name] { return tile }
        let path = (folder as NSString).appendingPathComponent(name)
        // What the tile is and its size are checked before a byte is read: a tile is at most 25 MB.
        guard FileKind.of(path) != nil else {
            throw FileAccessError(path: path, "missing SRTM tile (looked for \(name) in \(folder))")
        }
        let data: Data
        do {
            try InputFile.checkSize(path, atMost: 3601 * 3601 * 2, what: "an SRTM tile (SRTM1 is 3601x3601 samples of 2 bytes)")
            let fd = try InputFile.open(path, expect: .file)
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            data = try handle.readToEnd() ?? Data()
        } catch let error as FileAccessError {
            throw FileAccessError(path: path, "\(error.reason) (an SRTM tile)")
        } catch {
            throw LocationError(path: path, "cannot be read (\((error as NSError).localizedFailureReason ?? "read error"))")
        }
        let size: Int
        switch data.count {
        case 3601 * 3601 * 2: size = 3601
        case 1201 * 1201 * 2: size = 1201
        default:
            throw LocationError(path: path, "\(data.count) bytes is neither an SRTM1 (3601x3601) nor an SRTM3 (1201x1201) tile")
        }
        let tile = Tile(path: path, size: size, bytes: [UInt8](data))
        tiles[name] = tile
        return tile
    }

    struct Tile {
        let path: String
        let size: Int
        let bytes: [UInt8]

        func sample(row: Int, column: Int) -> Int16 {
            let i = 2 * (row * size + column)
            return Int16(bitPattern: UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
        }
    }
}
