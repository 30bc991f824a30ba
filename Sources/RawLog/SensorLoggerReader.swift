import Foundation
import Recording

/// Reads a Sensor Logger recording folder: `Gyroscope.csv` (rad/s), the accelerometer and optionally
/// `Magnetometer.csv` (µT), each `time,seconds_elapsed,z,y,x` with `time` in integer nanoseconds since
/// the epoch. Columns are found by name, so their order does not matter.
///
/// The estimator needs the specific force with gravity in it. `TotalAcceleration.csv` is that (Android);
/// otherwise `Accelerometer.csv` plus `Gravity.csv` held onto its times (iOS always, Android when the
/// phone separates them). iOS writes both with the opposite sign to Android (`SensorLoggerConventions`),
/// so they are negated there.
///
/// The streams are merged onto the gyroscope's clock by `StreamMerger`.
enum SensorLoggerReader {
    static func read(_ folder: RecordingFolder, conventions: SensorLoggerConventions) throws -> RawIMULog {
        guard let gyroFile = folder.file("Gyroscope.csv") else {
            throw RawLogError(path: folder.path, "a Sensor Logger folder needs Gyroscope.csv to fuse, and this one has none",
                              remedy: folder.has("Orientation.csv") ? .attitudeFile(name: "Orientation.csv") : nil)
        }
        let gyro = try readStream(gyroFile)
        var acc: TimedStream
        if let total = folder.file("TotalAcceleration.csv") {
            acc = try readStream(total)
        } else {
            guard let accFile = folder.file("Accelerometer.csv") else {
                throw RawLogError(path: folder.path, "a Sensor Logger folder needs TotalAcceleration.csv or Accelerometer.csv, and this one has neither")
            }
            acc = try readStream(accFile)
            if let gravityFile = folder.file("Gravity.csv") {
                acc = acc.adding(heldFrom: try readStream(gravityFile))
            }
        }
        acc = acc.scaled(by: conventions.accelerationSign)
        let mag = try folder.file("Magnetometer.csv").map { try readStream($0) }
        var log = try StreamMerger.merge(path: folder.path, format: .sensorLogger, secondsPerTick: 1e-9,
                                         gyro: gyro, acc: acc, mag: mag)
        log.notes.append("\(folder.path): \(conventions)")
        return log
    }

    /// One `time,seconds_elapsed,z,y,x` file: integer nanoseconds, vectors x,y,z as written.
    static func readStream(_ path: String) throws -> TimedStream {
        let table = try RawTable(data: RawLogReader.contents(of: path), path: path)
        let indices = try ["x", "y", "z"].map { try table.requireColumn($0, format: "Sensor Logger") }
        let time = try table.integers(column: table.requireColumn("time", format: "Sensor Logger"))
        let c = try table.numbers(columns: indices)
        return TimedStream(name: (path as NSString).lastPathComponent, ticks: time,
                           lines: table.rows.map(\.number),
                           values: RawLogReader.vectors(c[0], c[1], c[2], scale: 1))
    }
}

/// One sensor's samples on its producer's integer clock, before merging.
struct TimedStream {
    /// The file's name, for messages.
    var name: String
    /// The producer's integer time stamps (nanoseconds, microseconds), never decreasing.
    var ticks: [Int64]
    /// The file line of each sample.
    var lines: [Int]
    var values: [SIMD3<Double>]

    /// This stream plus the latest sample of `held` at or before each of its times.
    func adding(heldFrom held: TimedStream) -> TimedStream {
        var out = self
        var j = 0
        for i in ticks.indices {
            while j + 1 < held.ticks.count && held.ticks[j + 1] <= ticks[i] { j += 1 }
            out.values[i] += held.values[j]
        }
        return out
    }

    func scaled(by factor: Double) -> TimedStream {
        var out = self
        if factor != 1 { out.values = values.map { $0 * factor } }
        return out
    }
}

/// Merges a folder's separate streams onto the gyroscope's clock: each gyroscope sample takes the latest
/// accelerometer and magnetometer samples at or before its time (causal hold), from the first gyroscope
/// sample that has both. Times are rebased to 0 in integer ticks, then turned into seconds. Gaps in any
/// stream are found here, on the merged time base.
enum StreamMerger {
    static func merge(path: String, format: RawLogFormat, secondsPerTick: Double,
                      gyro: TimedStream, acc: TimedStream, mag: TimedStream?) throws -> RawIMULog {
        for stream in [gyro, acc] + (mag.map { [$0] } ?? []) where stream.ticks.isEmpty {
            throw RawLogError(path: path, "\(stream.name) has no data rows")
        }
        for stream in [gyro, acc] + (mag.map { [$0] } ?? []) {
            for i in 1..<max(1, stream.ticks.count) where stream.ticks[i] < stream.ticks[i - 1] {
                throw RawLogError(path: path + "/" + stream.name, line: stream.lines[i], column: "time",
                                  "time goes backwards (\(stream.ticks[i]) after \(stream.ticks[i - 1]))")
            }
        }
        var start = max(gyro.ticks[0], acc.ticks[0])
        if let mag { start = max(start, mag.ticks[0]) }
        guard let first = gyro.ticks.firstIndex(where: { $0 >= start }) else {
            throw RawLogError(path: path, "the gyroscope, accelerometer and magnetometer recordings do not overlap in time")
        }
        let origin = gyro.ticks[first]
        let seconds = { (tick: Int64) in Double(tick - origin) * secondsPerTick }
        var time: [Double] = [], gyroOut: [SIMD3<Double>] = [], accOut: [SIMD3<Double>] = []
        var magOut: [SIMD3<Double>]? = mag == nil ? nil : []
        var ia = 0, im = 0
        var lastTick: Int64?
        for i in first..<gyro.ticks.count {
            let t = gyro.ticks[i]
            if let lastTick, t <= lastTick { continue }  // duplicate timestamps
            lastTick = t
            while ia + 1 < acc.ticks.count && acc.ticks[ia + 1] <= t { ia += 1 }
            time.append(seconds(t))
            gyroOut.append(gyro.values[i])
            accOut.append(acc.values[ia])
            if let mag {
                while im + 1 < mag.ticks.count && mag.ticks[im + 1] <= t { im += 1 }
                magOut?.append(mag.values[im])
            }
        }
        var log = RawIMULog(path: path, format: format, time: time, gyro: gyroOut, acc: accOut, mag: magOut)
        log.clockStart = Double(origin) * secondsPerTick
        let end = time.last ?? 0
        var gaps: [RawLogGap] = []
        for stream in [gyro, acc] + (mag.map { [$0] } ?? []) {
            let streamSeconds = stream.ticks.map(seconds)
            gaps += RawLogGap.find(in: streamSeconds, stream: stream.name, within: 0...end, mergedTime: time)
        }
        log.gaps = gaps.sorted { $0.start < $1.start }
        return log
    }
}
