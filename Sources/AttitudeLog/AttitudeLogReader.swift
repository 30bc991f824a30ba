import AttitudeMath
import CSVText
import Foundation

// MARK: - Loading

extension AttitudeLog {
    /// Reads an attitude log file: steady-dice's CSV or Sensor Logger's `Orientation.csv`, told apart by the header.
    /// Throws `AttitudeLogError` naming the file, line and field of the first problem.
    public static func load(path: String) throws -> AttitudeLog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AttitudeLogError(path: path, reason: .noSuchFile)
        }
        guard !isDirectory.boolValue else { throw AttitudeLogError(path: path, reason: .unreadable("it is a folder")) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AttitudeLogError(path: path, reason: .unreadable(error.localizedDescription))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw AttitudeLogError(path: path, reason: .unreadable("it is not UTF-8 text"))
        }
        return try parse(text: text, path: path)
    }

    /// Parses the text of an attitude log; `path` is only used in messages.
    ///
    /// Rules, shared by both formats (the CSV rules are `CSVText`'s, the same as the raw log readers'):
    /// - a UTF-8 byte order mark and CRLF line ends are accepted; blank lines are skipped; a line starting
    ///   with `#` is a comment, anywhere in the file;
    /// - `# frame: <name>` names the reference frame (`ReferenceFrame(name:)`); at most one such line;
    /// - the first other line is the header; columns are matched by name, case-insensitively;
    /// - every data row has as many fields as the header; fields may be padded with spaces or quoted;
    /// - numbers are decimal, or `nan`/`inf` (see `CSVText.double(_:)`), so non-finite quaternions are refused
    ///   as invalid, not as malformed;
    /// - time must not decrease. Equal times are allowed (coarse clocks repeat them); the later sample
    ///   then holds from that instant on;
    /// - quaternions are normalised; zero, non-finite or tiny ones are rejected.
    ///
    /// Sensor Logger's `time` (integer nanoseconds since the epoch) gives t, relative to the first row.
    /// It is used rather than `seconds_elapsed` because it is each sample's own timestamp at full
    /// resolution, while `seconds_elapsed` is derived, may be printed with few digits, and counts from the
    /// start of the recording rather than from this file's first row. Differences are taken in integers,
    /// so the epoch offset (~1.7e18 ns, beyond a double's exact integers) costs no precision.
    public static func parse(text: String, path: String) throws -> AttitudeLog {
        var parser = AttitudeLogParser(path: path)
        return try parser.parse(CSVText(text))
    }
}

// MARK: - Parser

/// One pass over the lines of a log.
struct AttitudeLogParser {
    let path: String

    private var frame: ReferenceFrame?
    private var frameLine: Int?
    private var columns: Columns?
    private var samples: [AttitudeSample] = []
    private var previousTime: (seconds: Double, line: Int)?
    private var firstTimestamp: Timestamp?
    /// The current row's fields, reused from row to row.
    private var values: [CSVText.Field] = []

    init(path: String) {
        self.path = path
    }

    /// Where the columns a format needs are, as 0-based field indices.
    private struct Columns {
        var format: AttitudeLogFormat
        var fieldCount: Int
        var names: [String]
        var time: Int
        var w: Int, x: Int, y: Int, z: Int
    }

    /// Sensor Logger's nanoseconds: exact when they are integers, a double otherwise.
    private enum Timestamp {
        case nanoseconds(Int64)
        case seconds(Double)

        var seconds: Double {
            switch self {
            case .nanoseconds(let ns): return Double(ns) * 1e-9
            case .seconds(let s): return s
            }
        }
    }

    mutating func parse(_ text: CSVText) throws -> AttitudeLog {
        samples.reserveCapacity(text.lines.count)
        for line in text.lines {
            switch line.kind {
            case .comment:
                try readComment(text.commentText(of: line), line: line.number)
            case .header:
                if let header = text.header { columns = try readHeader(header) }
            case .row:
                if let columns { try readRow(line, of: text, columns: columns) }
            }
        }
        guard let columns, let first = samples.first else {
            throw AttitudeLogError(path: path, reason: .noDataRows)
        }
        let rebased = samples.map { AttitudeSample(t: $0.t - first.t, worldFromDevice: $0.worldFromDevice) }
        let startTime: Double
        switch (columns.format, firstTimestamp) {
        case (.sensorLogger, .nanoseconds(let ns)?): startTime = Double(ns) * 1e-9
        case (.sensorLogger, .seconds(let s)?): startTime = s
        default: startTime = first.t
        }
        let impliedFrame: ReferenceFrame? = columns.format == .sensorLogger ? .xMagneticNorthZVertical : nil
        return AttitudeLog(path: path, samples: rebased, frame: frame ?? impliedFrame,
                           format: columns.format, startTime: startTime)
    }

    // MARK: - Lines

    /// `body` is the comment's text after the `#`, trimmed.
    private mutating func readComment(_ body: String, line: Int) throws {
        guard body.lowercased().hasPrefix("frame:") else { return }
        let name = body.dropFirst("frame:".count).trimmingCharacters(in: .whitespaces)
        if let frameLine {
            throw AttitudeLogError(path: path, line: line, reason: .duplicateFrame(firstLine: frameLine))
        }
        guard let named = ReferenceFrame(name: name) else {
            throw AttitudeLogError(path: path, line: line, reason: .unknownFrame(name))
        }
        frame = named
        frameLine = line
    }

    private func readHeader(_ header: CSVHeader) throws -> Columns {
        let line = header.line
        let names = header.names.map { $0.lowercased() }
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() {
            if index[name] != nil, Self.columnsRead.contains(name) {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .duplicateColumn(name))
            }
            if index[name] == nil { index[name] = i }
        }
        let quaternion = ["qw", "qx", "qy", "qz"].compactMap { index[$0] }
        let missing = AttitudeLogFormat.steadyDiceRequiredColumns.filter { index[$0] == nil }
        let format: AttitudeLogFormat
        let time: Int
        if let t = index["t"], quaternion.count == 4 {
            format = .steadyDice
            time = t
        } else if let t = index["time"], index["seconds_elapsed"] != nil, quaternion.count == 4 {
            format = .sensorLogger
            time = t
        } else {
            throw AttitudeLogError(path: path, line: line, reason: .unrecognisedHeader(missing: missing))
        }
        return Columns(format: format, fieldCount: names.count, names: names, time: time,
                       w: quaternion[0], x: quaternion[1], y: quaternion[2], z: quaternion[3])
    }

    private static let columnsRead: Set<String> = ["t", "time", "seconds_elapsed", "qw", "qx", "qy", "qz"]

    private mutating func readRow(_ row: CSVText.Line, of text: CSVText, columns: Columns) throws {
        let line = row.number
        text.fields(of: row, into: &values)
        guard values.count == columns.fieldCount else {
            throw AttitudeLogError(path: path, line: line,
                                   reason: .wrongFieldCount(expected: columns.fieldCount, found: values.count))
        }
        let seconds = try time(text, columns: columns, line: line)
        if let previousTime, seconds < previousTime.seconds {
            throw AttitudeLogError(path: path, line: line, column: columns.time + 1, reason: .timeGoesBackwards(
                previous: previousTime.seconds, current: seconds, previousLine: previousTime.line))
        }
        previousTime = (seconds, line)

        let w = try number(text, columns.w, columns: columns, line: line)
        let x = try number(text, columns.x, columns: columns, line: line)
        let y = try number(text, columns.y, columns: columns, line: line)
        let z = try number(text, columns.z, columns: columns, line: line)
        let worldFromDevice: Quaternion
        do {
            worldFromDevice = try Quaternion.validated(w: w, x: x, y: y, z: z)
        } catch AttitudeMathError.invalidQuaternion(let why) {
            throw AttitudeLogError(path: path, line: line, reason: .invalidQuaternion(why))
        }
        samples.append(AttitudeSample(t: seconds, worldFromDevice: worldFromDevice))
    }

    // MARK: - Fields

    /// Seconds: steady-dice's `t` as written; Sensor Logger's `time` since its first row.
    private mutating func time(_ text: CSVText, columns: Columns, line: Int) throws -> Double {
        let i = columns.time
        switch columns.format {
        case .steadyDice:
            let t = try number(text, i, columns: columns, line: line)
            guard t.isFinite else {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .nonFiniteTime(column: columns.names[i]))
            }
            return t
        case .sensorLogger:
            let stamp: Timestamp
            if let ns = text.int64(values[i]) {
                stamp = .nanoseconds(ns)
            } else {
                let ns = try number(text, i, columns: columns, line: line)
                guard ns.isFinite else {
                    throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .nonFiniteTime(column: columns.names[i]))
                }
                stamp = .seconds(ns * 1e-9)
            }
            let origin = firstTimestamp ?? stamp
            firstTimestamp = origin
            switch (origin, stamp) {
            case (.nanoseconds(let a), .nanoseconds(let b)):
                let (difference, overflow) = b.subtractingReportingOverflow(a)
                if !overflow { return Double(difference) * 1e-9 }
                return (Double(b) - Double(a)) * 1e-9
            default:
                return stamp.seconds - origin.seconds
            }
        }
    }

    /// Field `i` of the current row as a number.
    private func number(_ text: CSVText, _ i: Int, columns: Columns, line: Int) throws -> Double {
        guard let value = text.double(values[i]) else {
            throw AttitudeLogError(path: path, line: line, column: i + 1,
                                   reason: .malformedNumber(column: columns.names[i], text: text.string(values[i])))
        }
        return value
    }
}
