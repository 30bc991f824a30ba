import Foundation

/// Reads a Sensor Logger recording folder: `Gyroscope.csv` (rad/s), `Accelerometer.csv` (m/s²)
/// and optionally `Magnetometer.csv` (µT), each `time,seconds_elapsed,z,y,x` with `time` in
/// nanoseconds. Columns are found by name, so their order does not matter.
///
/// Sensor Logger's `Accelerometer.csv` may exclude gravity; the estimator needs it. So when the
/// folder also holds `TotalAcceleration.csv` that file is used instead, and otherwise a
/// `Gravity.csv` beside it is added in.
///
/// The streams are merged onto the gyroscope's time base: each gyroscope sample gets the latest
/// accelerometer and magnetometer samples at or before its time (causal hold), starting at the
/// first gyroscope sample that has both. Times are rebased to start at 0.
enum SensorLoggerReader {
    static func looksLikeRecording(folder: String) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: folder + "/Gyroscope.csv") && fm.fileExists(atPath: folder + "/Accelerometer.csv")
    }

    struct Stream {
        var time: [Double]
        var values: [SIMD3<Double>]
    }

    static func read(folder: String) throws -> RawIMULog {
        let fm = FileManager.default
        let file = { (name: String) in (folder as NSString).appendingPathComponent(name) }
        guard fm.fileExists(atPath: file("Gyroscope.csv")) else {
            throw RawLogError(path: file("Gyroscope.csv"), "missing: a Sensor Logger folder needs Gyroscope.csv")
        }
        let gyro = try readStream(file("Gyroscope.csv"))
        var acc: Stream
        if fm.fileExists(atPath: file("TotalAcceleration.csv")) {
            acc = try readStream(file("TotalAcceleration.csv"))
        } else {
            guard fm.fileExists(atPath: file("Accelerometer.csv")) else {
                throw RawLogError(path: file("Accelerometer.csv"), "missing: a Sensor Logger folder needs Accelerometer.csv")
            }
            acc = try readStream(file("Accelerometer.csv"))
            if fm.fileExists(atPath: file("Gravity.csv")) {
                let gravity = try readStream(file("Gravity.csv"))
                acc = addHeld(gravity, to: acc)
            }
        }
        let mag = fm.fileExists(atPath: file("Magnetometer.csv")) ? try readStream(file("Magnetometer.csv")) : nil

        var start = max(gyro.time[0], acc.time[0])
        if let mag { start = max(start, mag.time[0]) }
        var time: [Double] = [], gyroOut: [SIMD3<Double>] = [], accOut: [SIMD3<Double>] = []
        var magOut: [SIMD3<Double>]? = mag == nil ? nil : []
        var ia = 0, im = 0
        guard let first = gyro.time.firstIndex(where: { $0 >= start }) else {
            throw RawLogError(path: folder, "the gyroscope, accelerometer and magnetometer recordings do not overlap in time")
        }
        let origin = gyro.time[first]
        for i in first..<gyro.time.count {
            let t = gyro.time[i]
            if let last = time.last, t - origin <= last { continue }  // duplicate timestamps
            while ia + 1 < acc.time.count && acc.time[ia + 1] <= t { ia += 1 }
            time.append(t - origin)
            gyroOut.append(gyro.values[i])
            accOut.append(acc.values[ia])
            if let mag {
                while im + 1 < mag.time.count && mag.time[im + 1] <= t { im += 1 }
                magOut?.append(mag.values[im])
            }
        }
        return RawIMULog(path: folder, format: .sensorLogger, time: time, gyro: gyroOut, acc: accOut, mag: magOut)
    }

    /// One `time,seconds_elapsed,z,y,x` file: time in seconds (from nanoseconds), vectors x,y,z.
    static func readStream(_ path: String) throws -> Stream {
        let table = try RawTable(data: RawLogReader.contents(of: path), path: path)
        let names = ["time", "x", "y", "z"]
        let indices = try names.map { try table.requireColumn($0, format: "Sensor Logger") }
        let c = try table.numbers(columns: indices)
        let time = c[0].map { $0 * 1e-9 }
        try RawLogReader.checkTime(time, table: table, column: "time")
        return Stream(time: time, values: RawLogReader.vectors(c[1], c[2], c[3], scale: 1))
    }

    /// `a` plus the latest sample of `held` at or before each of its times.
    static func addHeld(_ held: Stream, to a: Stream) -> Stream {
        var out = a
        var j = 0
        for i in a.time.indices {
            while j + 1 < held.time.count && held.time[j + 1] <= a.time[i] { j += 1 }
            out.values[i] += held.values[j]
        }
        return out
    }
}
