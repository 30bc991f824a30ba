import FileAccess
import SafeText
import AttitudeMath
import CSVText
import Foundation
import Recording
import CameraMotion

/// Reads raw inertial logs in any supported format. Files ending in `.xz` are decompressed
/// by running `xz -dc` (xz-utils, installed by scripts/setup).
public enum RawLogReader {
    // MARK: - Detection

    /// True when `path` is a raw IMU log this reader understands: a Sensor Logger or x-IMU3 folder with
    /// gyroscope and accelerometer files, a CSV (optionally `.xz`) whose header is the raw CSV or x-io
    /// header, or an MP4 or QuickTime video (its own `gpmd` or `camm` track, read by `read`). Never throws.
    public static func isRawLog(path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue {
            return RecordingFolder.open(path)?.hasRawStreams ?? false
        }
        if CameraMotion.isMP4(path: path) { return true }
        // A pipe is not sniffed: its bytes can be read only once, and it is read as an attitude log.
        guard FileKind.of(path) == .regular,
              let data = try? contents(of: path, prefixBytes: 64 * 1024),
              let header = CSVText(data).header else { return false }
        return format(ofHeader: header) != nil
    }

    /// The format a header line names, or nil. Names are matched without regard to case.
    static func format(ofHeader header: CSVHeader) -> RawLogFormat? {
        if ["t", "gx", "gy", "gz"].allSatisfy({ header.index(of: $0) != nil }) { return .rawCSV }
        if header.index(of: XIOColumns.time) == 0 && header.index(of: XIOColumns.gyro[0]) != nil
            && header.index(of: XIOColumns.acc[0]) != nil {
            return .xio
        }
        return nil
    }

    // MARK: - Reading

    /// Reads any supported raw log: a raw CSV or x-io CSV file (plain or `.xz`), or a Sensor
    /// Logger or x-IMU3 folder. `platform` overrides a Sensor Logger folder's `Metadata.csv`.
    /// Errors name the file, line and column. The log is checked for gravity in its accelerometer
    /// and a gyroscope rate fusion can integrate; its gaps are found (`RawIMULog.gaps`).
    public static func read(path: String, platform: SensorLoggerPlatform? = nil) throws -> RawIMULog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileAccessError(path: path, "no such file or folder")
        }
        if isDirectory.boolValue {
            guard let folder = RecordingFolder.open(path) else {
                throw RawLogError(path: path, RecordingFolder.unknownFolderMessage)
            }
            switch folder.producer {
            case .sensorLogger:
                let conventions: SensorLoggerConventions
                do {
                    conventions = try SensorLoggerConventions.read(folder: path, override: platform)
                } catch let error as RecordingError {
                    throw RawLogError(path: error.path, error.message, remedy: error.needsPlatform ? .platform : nil)
                }
                return try checked(SensorLoggerReader.read(folder, conventions: conventions))
            case .xIMU3:
                return try checked(XIMU3Reader.read(folder))
            case .openCameraSensors:
                return try checked(OpenCameraSensorsReader.read(folder))
            }
        }
        if CameraMotion.isMP4(path: path) { return try checked(withGaps(readVideo(path: path))) }
        let table = try RawTable(data: contents(of: path), path: path)
        switch format(ofHeader: table.header) {
        case .rawCSV: return try checked(withGaps(readRawCSV(table)), table: table)
        case .xio: return try checked(withGaps(readXIO(table)), table: table)
        case .sensorLogger, .xIMU3, .openCameraSensors, .gpmf, .camm, nil:
            throw RawLogError(path: path, line: table.headerLine,
                              "unrecognised header \(MessageText.quoted(table.header.names.joined(separator: ","))); expected "
                              + "'t,gx,gy,gz[,ax,ay,az][,mx,my,mz]' (raw CSV) or x-io's 'Time (s),Gyroscope X (deg/s),…'")
        }
    }

    /// The lowest gyroscope rate fusion accepts, Hz. Below it the motion between two samples is too
    /// large to integrate as one rotation (at 10 Hz a brisk 180°/s turn is already 18° a step).
    public static let minimumRate = 10.0

    /// `table` is the file of a one-file log, whose rows are the samples (for line numbers in messages).
    static func checked(_ log: RawIMULog, table: RawTable? = nil) throws -> RawIMULog {
        try checkSamples(log, line: table.map { table in { table.line(ofRow: $0) } })
        return try checkRate(checkGravity(log))
    }

    /// Refuses a gyroscope slower than `minimumRate`, naming the rate measured (from the median period).
    static func checkRate(_ log: RawIMULog) throws -> RawIMULog {
        guard let period = log.medianPeriod, period > 0 else { return log }
        let rate = 1 / period
        guard rate < minimumRate else { return log }
        throw RawLogError(path: log.path, String(format: "the gyroscope runs at %.3g Hz (median period %.3g s); fusion needs "
                                                 + "at least %.0f Hz to integrate the motion between samples", rate, period, minimumRate))
    }

    /// A single-file log's gaps: stretches of its one time column without a sample.
    static func withGaps(_ log: RawIMULog) -> RawIMULog {
        var out = log
        let name = (log.path as NSString).lastPathComponent
        out.gaps = RawLogGap.find(in: log.time, stream: name, within: (log.time.first ?? 0)...(log.time.last ?? 0),
                                  mergedTime: log.time)
        if let origin = log.time.first {
            for i in out.gaps.indices { out.gaps[i].start -= origin }
        }
        return out
    }

    /// The estimator needs the accelerometer's specific force, gravity included, in m/s²: over a
    /// whole log its median magnitude is close to 9.81. A log whose median is off by more than a
    /// factor of two has gravity removed or other units, and fusing it would draw a wrong attitude
    /// without a word, so it is refused with what to do.
    static func checkGravity(_ log: RawIMULog) throws -> RawIMULog {
        guard let acc = log.acc, let median = Median.of(acc.map(\.length).filter(\.isFinite)) else { return log }
        let g = Frames.standardGravity
        guard median < g / 2 || median > 2 * g else { return log }
        var message = String(format: "the accelerometer's median magnitude is %.2f m/s², not about %.2f: ", median, g)
        switch (log.format, median) {
        case (.sensorLogger, ..<(g / 2)):
            message += "this Accelerometer.csv has gravity removed; export TotalAcceleration.csv (or Gravity.csv) "
                + "with the recording and put it in the folder"
        case (.rawCSV, 0.5..<2):
            message += "it looks like g; the raw CSV wants m/s² (multiply ax,ay,az by \(g))"
        case (_, ..<(g / 2)):
            message += "fusion needs the specific force with gravity in it, in m/s²"
        default:
            message += "fusion needs the specific force in m/s²; check the accelerometer's units"
        }
        throw RawLogError(path: log.path, message)
    }

    /// steady-dice raw CSV, SI units; accelerometer, magnetometer and reference columns optional (a gyroscope-only
    /// log has no accelerometer samples, `acc` nil).
    static func readRawCSV(_ table: RawTable) throws -> RawIMULog {
        let path = table.path
        var names = ["t", "gx", "gy", "gz"]
        let hasAcc = try optionalGroup(["ax", "ay", "az"], in: table)
        if hasAcc { names += ["ax", "ay", "az"] }
        let hasMag = try optionalGroup(["mx", "my", "mz"], in: table)
        let hasReference = try optionalGroup(["qw", "qx", "qy", "qz"], in: table)
        let hasMoving = table.index(of: "moving") != nil
        if hasMag { names += ["mx", "my", "mz"] }
        if hasReference { names += ["qw", "qx", "qy", "qz"] }
        if hasMoving { names.append("moving") }
        let indices = try names.map { try table.requireColumn($0, format: "raw CSV") }
        let columns = try table.numbers(columns: indices)
        try checkTime(columns[0], table: table, column: "t")
        var log = RawIMULog(path: path, format: .rawCSV, time: columns[0],
                            gyro: vectors(columns[1], columns[2], columns[3], scale: 1),
                            acc: hasAcc ? vectors(columns[4], columns[5], columns[6], scale: 1) : nil,
                            mag: nil)
        var next = hasAcc ? 7 : 4
        if hasMag {
            log.mag = vectors(columns[next], columns[next + 1], columns[next + 2], scale: 1)
            next += 3
        }
        if hasReference {
            log.reference = (0..<columns[0].count).map { i -> Quaternion? in
                let q = Quaternion(w: columns[next][i], x: columns[next + 1][i], y: columns[next + 2][i], z: columns[next + 3][i])
                return q.isFinite ? q : nil
            }
            next += 4
        }
        if hasMoving {
            log.moving = columns[next].map { $0 == 1 }
        }
        return log
    }

    /// x-io Technologies CSV: deg/s, g and µT, converted to SI.
    static func readXIO(_ table: RawTable) throws -> RawIMULog {
        var names = [XIOColumns.time] + XIOColumns.gyro + XIOColumns.acc
        let hasMag = try optionalGroup(XIOColumns.mag, in: table)
        if hasMag { names += XIOColumns.mag }
        let indices = try names.map { try table.requireColumn($0, format: "x-io") }
        let c = try table.numbers(columns: indices)
        try checkTime(c[0], table: table, column: XIOColumns.time)
        return RawIMULog(path: table.path, format: .xio, time: c[0],
                         gyro: vectors(c[1], c[2], c[3], scale: Angle.radians(fromDegrees: 1)),
                         acc: vectors(c[4], c[5], c[6], scale: Frames.standardGravity),
                         mag: hasMag ? vectors(c[7], c[8], c[9], scale: 1) : nil)
    }

    // MARK: - Helpers

    /// True when all of `names` are in the header, false when none is; throws when only some are.
    static func optionalGroup(_ names: [String], in table: RawTable) throws -> Bool {
        let present = names.filter { table.index(of: $0) != nil }
        if present.isEmpty { return false }
        if let missing = names.first(where: { table.index(of: $0) == nil }) {
            throw RawLogError(path: table.path, line: table.headerLine, column: missing,
                              "missing column: \(present.joined(separator: ",")) need \(names.joined(separator: ","))")
        }
        return true
    }

    /// Time must be finite and never go backwards.
    static func checkTime(_ time: [Double], table: RawTable, column: String) throws {
        guard !time.isEmpty else {
            throw RawLogError(path: table.path, line: table.headerLine, "no data rows after the header")
        }
        var previous = -Double.infinity
        for (r, t) in time.enumerated() {
            guard t.isFinite else {
                throw RawLogError(path: table.path, line: table.line(ofRow: r), column: column, "time is not finite")
            }
            if let problem = TimeBounds.problem(time: t) {
                throw RawLogError(path: table.path, line: table.line(ofRow: r), column: column, problem)
            }
            guard t >= previous else {
                throw RawLogError(path: table.path, line: table.line(ofRow: r), column: column,
                                  "time goes backwards (\(t) after \(previous))")
            }
            previous = t
        }
    }

    static func vectors(_ x: [Double], _ y: [Double], _ z: [Double], scale: Double) -> [SIMD3<Double>] {
        (0..<x.count).map { SIMD3(x[$0], y[$0], z[$0]) * scale }
    }

    /// The bytes of a file, decompressed when it ends in `.xz`. `prefixBytes` stops early
    /// (for header sniffing).
    static func contents(of path: String, prefixBytes: Int? = nil) throws -> Data {
        if path.hasSuffix(".xz") {
            // xz opens the file itself, so it must be one that opens at once: a regular file.
            try InputFile.check(path, expect: .file)
            return try decompressXZ(path: path, prefixBytes: prefixBytes)
        }
        guard let prefixBytes else {
            do { return try BoundedFile.read(path: path) } catch {
                if let access = error.access { throw access }
                throw RawLogError(path: path, line: error.line, error.reason)
            }
        }
        let fd: Int32
        fd = try InputFile.open(path, expect: .file)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            return try handle.read(upToCount: prefixBytes) ?? Data()
        } catch {
            throw RawLogError(path: path, "cannot read the file: \(error.localizedDescription)")
        }
    }

    private static func decompressXZ(path: String, prefixBytes: Int?) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xz", "-dc", "--", path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw RawLogError(path: path, "cannot run xz to decompress (install xz-utils): \(error.localizedDescription)")
        }
        let data: Data
        if let prefixBytes {
            data = (try? output.fileHandleForReading.read(upToCount: prefixBytes)) ?? Data()
            process.terminate()
            process.waitUntilExit()
            return data
        }
        do {
            data = try BoundedFile.read(descriptor: output.fileHandleForReading.fileDescriptor)
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw RawLogError(path: path, line: error.line, "decompressed: \(error.reason)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RawLogError(path: path, "xz failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return data
    }
}

/// x-io Technologies' CSV column names.
enum XIOColumns {
    static let time = "Time (s)"
    static let gyro = ["Gyroscope X (deg/s)", "Gyroscope Y (deg/s)", "Gyroscope Z (deg/s)"]
    static let acc = ["Accelerometer X (g)", "Accelerometer Y (g)", "Accelerometer Z (g)"]
    static let mag = ["Magnetometer X (uT)", "Magnetometer Y (uT)", "Magnetometer Z (uT)"]
}

// MARK: - Table

/// A raw log's CSV text (split by `CSVText`, so the rules are the attitude log's) with the checks every raw
/// format shares. Errors are `RawLogError`s naming the line and the column.
struct RawTable {
    let path: String
    let text: CSVText
    let header: CSVHeader
    /// The data rows, in order.
    let rows: [CSVText.Line]

    /// Splits `data` into lines. Throws for an empty file or one without a header.
    init(data: Data, path: String) throws {
        let text = CSVText(data)
        guard let header = text.header else {
            let lines = text.lineCount
            let comments = text.lines.contains { $0.kind == .comment }
            throw RawLogError(path: path, line: lines == 0 ? nil : lines,
                              lines == 0 ? "the file is empty"
                                  : comments ? "no header line: the file holds only comments and blank lines"
                                  : "no header line: the file holds only blank lines")
        }
        var seen: [String: Int] = [:]
        for (i, name) in header.names.enumerated() {
            if let first = seen[name.lowercased()] {
                throw RawLogError(path: path, line: header.line, "the header names column \(MessageText.quoted(name)) twice "
                                  + "(fields \(first + 1) and \(i + 1))")
            }
            seen[name.lowercased()] = i
        }
        self.path = path
        self.text = text
        self.header = header
        self.rows = text.rows
    }

    /// The 1-based line of the header.
    var headerLine: Int { header.line }

    var rowCount: Int { rows.count }

    /// The index of a column by name, in any case, or nil.
    func index(of name: String) -> Int? { header.index(of: name) }

    /// The index of a required column, or an error naming the header line and the column.
    func requireColumn(_ name: String, format: String) throws -> Int {
        guard let i = index(of: name) else {
            throw RawLogError(path: path, line: headerLine, column: name,
                              "missing column in the \(format) header (found: \(MessageText.quoted(header.names.joined(separator: ","))))")
        }
        return i
    }

    /// The integers of one column (a producer's clock), exact; an error names the row that is not one.
    func integers(column c: Int) throws -> [Int64] {
        var out: [Int64] = []
        out.reserveCapacity(rowCount)
        var fields: [CSVText.Field] = []
        for row in rows {
            try checkedFields(of: row, into: &fields)
            // Producers count ticks from the epoch or the device's start: never below 0, so that
            // differences of two stamps always fit 64 bits.
            guard let value = text.int64(fields[c]), value >= 0 else {
                throw RawLogError(path: path, line: row.number, column: header.names[c],
                                  "\(MessageText.quoted(text.string(fields[c]))) is not a whole number of clock ticks "
                                  + "from 0 to \(Int64.max)")
            }
            out.append(value)
        }
        return out
    }

    /// Parses the given columns of every row. `columns[k]` names the header index of output `k`;
    /// the result holds one array per requested column.
    func numbers(columns: [Int]) throws -> [[Double]] {
        var out = [[Double]](repeating: [], count: columns.count)
        for k in out.indices { out[k].reserveCapacity(rowCount) }
        var fields: [CSVText.Field] = []
        for row in rows {
            try checkedFields(of: row, into: &fields)
            for (k, c) in columns.enumerated() {
                let field = fields[c]
                guard let value = text.double(field) else {
                    let message = field.isEmpty ? "empty field" : "malformed number \(MessageText.quoted(text.string(field)))"
                    throw RawLogError(path: path, line: row.number, column: header.names[c], message)
                }
                out[k].append(value)
            }
        }
        return out
    }

    /// The fields of `row`, as many as the header's, or an error naming the line and the first column it lacks.
    private func checkedFields(of row: CSVText.Line, into fields: inout [CSVText.Field]) throws(RawLogError) {
        do {
            try text.fields(of: row, matching: header, into: &fields)
        } catch {
            throw RawLogError(path: path, line: error.line, column: error.missingColumn, error.description)
        }
    }

    /// The 1-based line number of data row `r`.
    func line(ofRow r: Int) -> Int { rows[r].number }
}
