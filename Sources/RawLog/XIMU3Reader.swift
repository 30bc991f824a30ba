import AttitudeMath
import SafeText
import CSVText
import Foundation
import Recording

/// Reads a folder the x-IMU3 GUI or data logger wrote (x-io's x-IMU3-CSV layout): `Inertial.csv`
/// (`Timestamp (us)`, gyroscope in deg/s, accelerometer in g) and optionally `Magnetometer.csv`
/// (`Timestamp (us)` then X, Y, Z in arbitrary units), each at its own rate, merged onto the
/// gyroscope's clock by `StreamMerger`. The sensor frame is the x-IMU3's own; its accelerometer is the
/// specific force (+1 g up at rest), as the estimator wants.
///
/// The magnetometer's arbitrary units are kept: the estimator uses the field's direction, and its norm
/// only relative to the norm it has seen, so no scale is needed (a hard-iron fit in µT is another matter).
enum XIMU3Reader {
    static let timestamp = "Timestamp (us)"
    static let gyro = ["Gyroscope X (deg/s)", "Gyroscope Y (deg/s)", "Gyroscope Z (deg/s)"]
    static let acc = ["Accelerometer X (g)", "Accelerometer Y (g)", "Accelerometer Z (g)"]

    static func read(_ folder: RecordingFolder) throws -> RawIMULog {
        guard let inertialFile = folder.file("Inertial.csv") else {
            throw RawLogError(path: folder.path, "an x-IMU3 folder needs Inertial.csv to fuse, and this one has none",
                              remedy: folder.has("Quaternion.csv") ? .attitudeFile(name: "Quaternion.csv") : nil)
        }
        let inertial = try RawTable(data: RawLogReader.contents(of: inertialFile), path: inertialFile)
        let ticks = try inertial.integers(column: inertial.requireColumn(timestamp, format: "x-IMU3 Inertial.csv"))
        let columns = try (gyro + acc).map { try inertial.requireColumn($0, format: "x-IMU3 Inertial.csv") }
        let c = try inertial.numbers(columns: columns)
        let lines = inertial.rows.map(\.number)
        let gyroStream = TimedStream(name: "Inertial.csv", ticks: ticks, lines: lines,
                                     values: RawLogReader.vectors(c[0], c[1], c[2], scale: Angle.radians(fromDegrees: 1)))
        let accStream = TimedStream(name: "Inertial.csv", ticks: ticks, lines: lines,
                                    values: RawLogReader.vectors(c[3], c[4], c[5], scale: Frames.standardGravity))
        var magStream: TimedStream?
        if let magFile = folder.file("Magnetometer.csv") {
            let table = try RawTable(data: RawLogReader.contents(of: magFile), path: magFile)
            guard table.header.count >= 4, table.index(of: timestamp) == 0 else {
                throw RawLogError(path: magFile, line: table.headerLine,
                                  "expected '\(timestamp)' then the X, Y and Z columns, found \(MessageText.quoted(table.header.names.joined(separator: ",")))")
            }
            let m = try table.numbers(columns: [1, 2, 3])
            magStream = TimedStream(name: "Magnetometer.csv", ticks: try table.integers(column: 0), lines: table.rows.map(\.number),
                                    values: RawLogReader.vectors(m[0], m[1], m[2], scale: 1))
        }
        var log = try StreamMerger.merge(path: folder.path, format: .xIMU3, secondsPerTick: 1e-6,
                                         gyro: gyroStream, acc: accStream, mag: magStream)
        // Both streams of Inertial.csv share one clock: one stream's gaps are the other's.
        log.gaps = log.gaps.filter { $0.stream != "Inertial.csv" } + deduplicated(log.gaps.filter { $0.stream == "Inertial.csv" })
        log.gaps.sort { $0.start < $1.start }
        if magStream != nil {
            log.notes.append("\(folder.path)/Magnetometer.csv: x-IMU3 magnetometer in arbitrary units, kept as they are: "
                             + "fusion uses only the field's direction (and its norm relative to itself)")
        }
        return log
    }

    private static func deduplicated(_ gaps: [RawLogGap]) -> [RawLogGap] {
        var seen = Set<Int>()
        return gaps.filter { seen.insert($0.resumeIndex).inserted }
    }
}
