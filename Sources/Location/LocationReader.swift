import AttitudeMath
import FileAccess
import SafeText
import CSVText
import Foundation

/// Reads Sensor Logger's `Location.csv`: `time` (nanoseconds since the Unix epoch), `latitude`,
/// `longitude` (degrees), `altitude` (metres), `horizontalAccuracy` (metres) required;
/// `verticalAccuracy`, `speed` (m/s) and `bearing` (degrees) when present. Columns are found by name,
/// in any order and case; others (`seconds_elapsed`, `bearingAccuracy`, ...) are ignored.
public enum LocationReader {
    /// The file name Sensor Logger gives its location stream.
    public static let fileName = "Location.csv"

    /// `path/Location.csv` when `path` is a folder holding one, nil otherwise.
    public static func locationFile(inFolder path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        let file = (path as NSString).appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }

    /// Reads a `Location.csv` file, or the one inside a recording folder.
    public static func read(path: String) throws -> [LocationFix] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FileAccessError(path: path, "no such file or folder")
        }
        if isFolder.boolValue {
            guard let file = locationFile(inFolder: path) else {
                throw LocationError(path: path, "the folder holds no \(fileName)")
            }
            return try read(path: file)
        }
        let data: Data
        do {
            data = try BoundedFile.read(path: path)
        } catch {
            if let access = error.access { throw access }
            throw LocationError(path: path, "\(error)")
        }
        return try parse(CSVText(data), path: path)
    }

    static func parse(_ text: CSVText, path: String) throws -> [LocationFix] {
        guard let header = text.header else {
            throw LocationError(path: path, text.lineCount == 0 ? "the file is empty" : "no header line")
        }
        func column(_ name: String) throws -> Int {
            guard let i = header.index(of: name) else {
                throw LocationError(path: path, line: header.line, column: name,
                                    "missing column in the Location.csv header (found: \(header.names.joined(separator: ",")))")
            }
            return i
        }
        let time = try column("time"), latitude = try column("latitude"), longitude = try column("longitude")
        let altitude = try column("altitude"), horizontal = try column("horizontalAccuracy")
        let vertical = header.index(of: "verticalAccuracy"), speed = header.index(of: "speed")
        let bearing = header.index(of: "bearing")

        var fixes: [LocationFix] = []
        var fields: [CSVText.Field] = []
        for row in text.rows {
            do {
                try text.fields(of: row, matching: header, into: &fields)
            } catch {
                throw LocationError(path: path, line: error.line, column: error.missingColumn, error.description)
            }
            func number(_ index: Int, required: Bool = true) throws -> Double {
                let field = fields[index]
                if field.isEmpty && !required { return .nan }
                guard let value = text.double(field), value.isFinite || !required else {
                    let message = field.isEmpty ? "empty field" : "malformed number \(MessageText.quoted(text.string(field)))"
                    throw LocationError(path: path, line: row.number, column: header.names[index], message)
                }
                return value
            }
            let nanoseconds: Double
            if let whole = text.int64(fields[time]) {
                nanoseconds = Double(whole)
            } else {
                nanoseconds = try number(time)
            }
            let fix = LocationFix(time: nanoseconds * 1e-9, latitude: try number(latitude), longitude: try number(longitude),
                                  altitude: try number(altitude), horizontalAccuracy: try number(horizontal, required: false),
                                  verticalAccuracy: try vertical.map { try number($0, required: false) } ?? .nan,
                                  speed: try speed.map { try number($0, required: false) } ?? .nan,
                                  bearing: try bearing.map { try number($0, required: false) } ?? .nan,
                                  line: row.number)
            if let problem = TimeBounds.problem(time: fix.time) {
                throw LocationError(path: path, line: row.number, column: header.names[time], problem)
            }
            guard abs(fix.latitude) <= 90 else {
                throw LocationError(path: path, line: row.number, column: header.names[latitude], "latitude \(fix.latitude) is outside -90 to 90")
            }
            guard abs(fix.longitude) <= 180 else {
                throw LocationError(path: path, line: row.number, column: header.names[longitude], "longitude \(fix.longitude) is outside -180 to 180")
            }
            if let previous = fixes.last, fix.time < previous.time {
                throw LocationError(path: path, line: row.number, column: header.names[time], "time goes backwards")
            }
            fixes.append(fix)
        }
        guard !fixes.isEmpty else { throw LocationError(path: path, line: header.line, "no data rows after the header") }
        return fixes
    }
}
