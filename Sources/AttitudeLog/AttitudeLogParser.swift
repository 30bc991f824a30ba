import FileAccess
import SafeText
import AttitudeMath
import CSVText
import Foundation
import Recording

// MARK: - Loading

extension AttitudeLog {
    /// Reads an attitude log: steady-dice's CSV, Sensor Logger's `Orientation.csv` or x-IMU3's `Quaternion.csv`,
    /// told apart by the header; or a recording folder, whose own orientation file is read.
    /// A Sensor Logger file is read in its platform's frame (`SensorLoggerConventions`, from the `Metadata.csv`
    /// beside it, or `platform` when given). Throws `AttitudeLogError` naming the file, line and field of the
    /// first problem, or `RecordingError` for an unusable `Metadata.csv`.
    public static func load(path: String, platform: SensorLoggerPlatform? = nil) throws -> AttitudeLog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileAccessError(path: path, "no such file")
        }
        var file = path
        if isDirectory.boolValue {
            guard let folder = RecordingFolder.open(path) else {
                throw AttitudeLogError(path: path, reason: .notARecording(RecordingFolder.unknownFolderMessage))
            }
            guard let orientation = folder.orientationFile else {
                var missing: [String]
                if folder.producer == .sensorLogger {
                    missing = ["Orientation.csv (to play)"]
                    if !folder.has("Gyroscope.csv") { missing.append("Gyroscope.csv (to fuse)") }
                    if !folder.has("TotalAcceleration.csv") && !folder.has("Accelerometer.csv") {
                        missing.append("TotalAcceleration.csv or Accelerometer.csv (to fuse)")
                    }
                } else if folder.producer == .xIMU3 {
                    missing = ["Quaternion.csv (to play)", "Inertial.csv (to fuse)"]
                } else {
                    missing = ["an orientation file (to play: fuse its …gyro.csv and …accel.csv instead)"]
                }
                throw AttitudeLogError(path: path, reason: .notARecording(
                    "a \(folder.producer.rawValue) folder without \(missing.joined(separator: ", "))"))
            }
            file = orientation
        }
        let data: Data
        do {
            data = try BoundedFile.read(path: file)
        } catch {
            if let access = error.access { throw access }
            throw AttitudeLogError(path: file, line: error.line, reason: .unreadable(error.reason))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw AttitudeLogError(path: file, reason: .unreadable("cannot read the file: it is not UTF-8 text"))
        }
        let folder = RecordingFolder.folder(holding: file)
        var parser = AttitudeLogParser(path: file) { columns in
            try SensorLoggerConventions.read(folder: folder, override: platform, orientationColumns: columns)
        }
        return try parser.parse(CSVText(text)).checkedAgainstAhrsStatus(folder: folder)
    }

    /// Parses the text of an attitude log; `path` is only used in messages.
    ///
    /// Rules, shared by both formats (the CSV rules are `CSVText`'s, the same as the raw log readers'):
    /// - a UTF-8 byte order mark and CRLF line ends are accepted; blank lines are skipped; a line starting
    ///   with `#` is a comment, anywhere in the file;
    /// - `# frame: <name>` names the reference frame (`ReferenceFrame(name:)`); at most one such line;
    /// - `# start: <seconds> s ...` says where t = 0 lies on the recording's own clock (`startTime`);
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
    ///
    /// `conventions` says how to read a Sensor Logger file; nil tells the platform by the header's column
    /// layout (`SensorLoggerConventions.fromLayout`), assuming Android's when it is neither platform's.
    public static func parse(text: String, path: String,
                             conventions: SensorLoggerConventions? = nil) throws -> AttitudeLog {
        var parser = AttitudeLogParser(path: path) { columns in
            conventions ?? SensorLoggerConventions.fromLayout(orientationColumns: columns, file: (path as NSString).lastPathComponent)
        }
        return try parser.parse(CSVText(text))
    }
}

// MARK: - Parser

/// One pass over the lines of a log.
struct AttitudeLogParser {
    let path: String

    private var frame: ReferenceFrame?
    /// Where t = 0 lies on the recording's own clock, from a `# start:` comment.
    private var clockStart: Double?
    private var frameLine: Int?
    private var columns: Columns?
    private var samples: [AttitudeSample] = []
    private var previousTime: (seconds: Double, line: Int)?
    /// A producer's last integer time stamp, compared as an integer (1 ns apart is still apart).
    private var previousTicks: (ticks: Int64, line: Int)?
    private var firstTimestamp: Timestamp?
    /// The current row's fields, reused from row to row.
    private var values: [CSVText.Field] = []
    /// How to read a Sensor Logger file, given its header's names; asked for only when the header is one.
    private let readConventions: ([String]) throws -> SensorLoggerConventions
    /// The producer's quaternion reference into the log's frame W (identity for steady-dice's own files).
    private var worldFromFileReference = Quaternion.identity
    private var impliedFrame: ReferenceFrame?
    private var warnings: [String] = []
    /// Placeholder or invalid rows of a producer's file: how many, and the first one's line.
    private var skipped: (count: Int, firstLine: Int, why: String)?

    init(path: String, conventions: @escaping ([String]) throws -> SensorLoggerConventions) {
        self.path = path
        self.readConventions = conventions
    }

    /// Where the columns a format needs are, as 0-based field indices.
    private struct Columns {
        var format: AttitudeLogFormat
        /// The header every row is checked against.
        var header: CSVHeader
        var names: [String]
        var time: Int
        var w: Int, x: Int, y: Int, z: Int
    }

    /// A producer's integer clock (Sensor Logger's nanoseconds, x-IMU3's microseconds): exact when the
    /// field is an integer, a double otherwise.
    private enum Timestamp {
        case ticks(Int64, secondsPerTick: Double)
        case seconds(Double)

        var seconds: Double {
            switch self {
            case .ticks(let n, let unit): return Double(n) * unit
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
            if let skipped {
                throw AttitudeLogError(path: path, reason: .noValidRows(count: skipped.count, firstLine: skipped.firstLine))
            }
            throw AttitudeLogError(path: path, reason: .noDataRows)
        }
        if let skipped {
            let rows = skipped.count == 1 ? "1 row" : "\(skipped.count) rows"
            warnings.append("\(path):\(skipped.firstLine): skipped \(rows) with a placeholder or invalid quaternion, "
                            + "the first on line \(skipped.firstLine) (\(skipped.why))")
        }
        let rebased = samples.map { AttitudeSample(t: $0.t - first.t, worldFromDevice: $0.worldFromDevice) }
        let startTime = columns.format == .steadyDice ? (clockStart ?? 0) + first.t : (firstTimestamp?.seconds ?? first.t)
        return AttitudeLog(path: path, samples: rebased, frame: frame ?? impliedFrame,
                           format: columns.format, startTime: startTime, warnings: warnings)
    }

    // MARK: - Lines

    /// `body` is the comment's text after the `#`, trimmed.
    private mutating func readComment(_ body: String, line: Int) throws {
        if body.lowercased().hasPrefix("start:") {
            // `# start: S s on the recording's own clock is t = 0 here` (attitude fuse FOLDER).
            let word = body.dropFirst("start:".count).split(separator: " ").first.map(String.init) ?? ""
            guard let seconds = Double(word), TimeBounds.problem(time: seconds) == nil else {
                throw AttitudeLogError(path: path, line: line, reason: .unreadable(
                    "'# start:' must be followed by seconds on the recording's clock, e.g. '# start: 1663326947.27 s'"))
            }
            clockStart = seconds
            return
        }
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

    private mutating func readHeader(_ header: CSVHeader) throws -> Columns {
        let line = header.line
        let names = header.names.map { $0.lowercased() }
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() {
            if index[name] != nil, Self.columnsRead.contains(name) {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .duplicateColumn(name))
            }
            if index[name] == nil { index[name] = i }
        }
        var quaternion = ["qw", "qx", "qy", "qz"].compactMap { index[$0] }
        let missing = AttitudeLogFormat.steadyDiceRequiredColumns.filter { index[$0] == nil }
        let format: AttitudeLogFormat
        let time: Int
        if let t = index["t"], quaternion.count == 4 {
            format = .steadyDice
            time = t
        } else if let t = index["time"], index["seconds_elapsed"] != nil, quaternion.count == 4 {
            format = .sensorLogger
            time = t
            let conventions = try readConventions(header.names)
            worldFromFileReference = conventions.worldFromOrientationReference
            impliedFrame = conventions.orientationFrame
            warnings.append("\(path): read with \(conventions)")
        } else if let t = index["timestamp (us)"], let xio = Self.xioQuaternionColumns(index) {
            format = .xio
            time = t
            quaternion = xio
            // x-io's earth frame is north-west-up: X magnetic north, Z up, which is W as it is.
            impliedFrame = .xMagneticNorthZVertical
        } else {
            throw AttitudeLogError(path: path, line: line, reason: .unrecognisedHeader(missing: missing))
        }
        return Columns(format: format, header: header, names: names, time: time,
                       w: quaternion[0], x: quaternion[1], y: quaternion[2], z: quaternion[3])
    }

    private static let columnsRead: Set<String> = ["t", "time", "seconds_elapsed", "qw", "qx", "qy", "qz", "timestamp (us)"]

    /// x-IMU3's quaternion columns: `W,X,Y,Z` in `Quaternion.csv`, `Quaternion W`..`Quaternion Z` elsewhere.
    private static func xioQuaternionColumns(_ index: [String: Int]) -> [Int]? {
        for names in [["w", "x", "y", "z"], ["quaternion w", "quaternion x", "quaternion y", "quaternion z"]] {
            let found = names.compactMap { index[$0] }
            if found.count == 4 { return found }
        }
        return nil
    }

    private mutating func readRow(_ row: CSVText.Line, of text: CSVText, columns: Columns) throws {
        let line = row.number
        do {
            try text.fields(of: row, matching: columns.header, into: &values)
        } catch {
            throw AttitudeLogError(path: path, line: line, reason: .wrongFieldCount(expected: error.expected, found: error.found))
        }
        let w = try number(text, columns.w, columns: columns, line: line)
        let x = try number(text, columns.x, columns: columns, line: line)
        let y = try number(text, columns.y, columns: columns, line: line)
        let z = try number(text, columns.z, columns: columns, line: line)
        let fileQuaternion: Quaternion
        do {
            fileQuaternion = try Quaternion.validated(w: w, x: x, y: y, z: z)
        } catch AttitudeMathError.invalidQuaternion(let why) {
            // A producer's placeholder (zeros before its first estimate) or a bad row: skipped, and said once.
            guard columns.format != .steadyDice else {
                throw AttitudeLogError(path: path, line: line, reason: .invalidQuaternion(why))
            }
            if let skipped { self.skipped?.count = skipped.count + 1 } else { skipped = (1, line, why) }
            return
        }
        let seconds = try time(text, columns: columns, line: line)
        if let previousTime, seconds < previousTime.seconds {
            throw AttitudeLogError(path: path, line: line, column: columns.time + 1, reason: .timeGoesBackwards(
                previous: previousTime.seconds, current: seconds, previousLine: previousTime.line))
        }
        previousTime = (seconds, line)
        samples.append(AttitudeSample(t: seconds, worldFromDevice: worldFromFileReference * fileQuaternion))
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
            if let problem = TimeBounds.problem(time: t) {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .implausibleTime(column: columns.names[i], "t = \(problem)"))
            }
            return t
        case .sensorLogger, .xio:
            let unit = columns.format == .sensorLogger ? 1e-9 : 1e-6
            let tickName = columns.format == .sensorLogger ? "nanoseconds" : "microseconds"
            // The producer's clock is an integer count: kept as one, so that a step of one tick is never
            // lost to a double's rounding, and a count past 64 bits is refused rather than rounded.
            guard let ticks = text.int64(values[i]) else {
                _ = try number(text, i, columns: columns, line: line)
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .implausibleTime(
                    column: columns.names[i], "\(MessageText.quoted(text.string(values[i]))) is not a whole number of "
                    + "\(tickName) from 0 to \(Int64.max)"))
            }
            guard ticks >= 0 else {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .implausibleTime(
                    column: columns.names[i], "\(ticks) is negative; the clock counts \(tickName) from 0"))
            }
            let stamp = Timestamp.ticks(ticks, secondsPerTick: unit)
            let origin = firstTimestamp ?? stamp
            firstTimestamp = origin
            guard case .ticks(let first, _) = origin else { return stamp.seconds - origin.seconds }
            let difference = ticks - first  // both in 0...Int64.max: no overflow
            if let previousTicks, ticks < previousTicks.ticks {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .timeGoesBackwards(
                    previous: Double(previousTicks.ticks - first) * unit, current: Double(difference) * unit,
                    previousLine: previousTicks.line))
            }
            previousTicks = (ticks, line)
            let t = Double(difference) * unit
            if let problem = TimeBounds.problem(time: t) {
                throw AttitudeLogError(path: path, line: line, column: i + 1, reason: .implausibleTime(
                    column: columns.names[i], "from the first row, \(problem)"))
            }
            return t
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
