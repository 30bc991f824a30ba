import CSVText
import FileAccess
import Foundation
import Recording
import SafeText

/// An OpenCamera Sensors recording (the Android app that records video with the IMU on the camera's
/// clock): a folder `yyyyMMdd_HHmmss/` holding `VID_<date>gyro.csv`, `VID_<date>accel.csv` and, where
/// the phone has one, `VID_<date>magnetic.csv`. Each line is `x,y,z,t` with no header: Android's
/// `SensorEvent.values` as they are (rad/s from the calibrated TYPE_GYROSCOPE; m/s² from
/// TYPE_ACCELEROMETER, gravity included, reading +9.81 up at rest: specific force; µT from
/// TYPE_MAGNETIC_FIELD) in the device's sensor frame (x right, y up, z out of the screen, in its
/// natural orientation), and `t` the event's time stamp in nanoseconds.
enum OpenCameraSensorsReader {
    static func read(_ folder: RecordingFolder) throws -> RawIMULog {
        guard let gyroFile = folder.file(endingWith: "gyro.csv"), let accFile = folder.file(endingWith: "accel.csv") else {
            throw RawLogError(path: folder.path, "an OpenCamera Sensors folder needs its …gyro.csv and …accel.csv")
        }
        let gyro = try readStream(gyroFile)
        let acc = try readStream(accFile)
        let mag = try folder.file(endingWith: "magnetic.csv").map { try readStream($0) }
        var log = try StreamMerger.merge(path: folder.path, format: .openCameraSensors, secondsPerTick: 1e-9, gyro: gyro, acc: acc, mag: mag)
        log.notes.append("\(folder.path): OpenCamera Sensors, Android's sensor frame and units as recorded")
        return log
    }

    /// One headerless `x,y,z,t` file: three numbers and an integer time in nanoseconds a line. Read as every
    /// log is (`CSVText`): blank lines and `#` comments skipped, CRLF, fields trimmed and unquoted.
    static func readStream(_ path: String) throws -> TimedStream {
        let text = CSVText(try RawLogReader.contents(of: path))
        var ticks: [Int64] = [], lines: [Int] = [], values: [SIMD3<Double>] = []
        var fields: [CSVText.Field] = []
        for row in text.headerlessRows {
            text.fields(of: row, into: &fields)
            guard fields.count == 4 else {
                throw RawLogError(path: path, line: row.number, "expected 4 fields (x,y,z,time in ns), found \(fields.count)")
            }
            guard let x = text.double(fields[0]), let y = text.double(fields[1]), let z = text.double(fields[2]),
                  x.isFinite, y.isFinite, z.isFinite else {
                throw RawLogError(path: path, line: row.number, "x, y and z must be finite numbers")
            }
            guard let t = text.int64(fields[3]), t >= 0 else {
                throw RawLogError(path: path, line: row.number, column: "time",
                                  "expected a time in integer nanoseconds, found \(MessageText.quoted(text.string(fields[3])))")
            }
            ticks.append(t)
            lines.append(row.number)
            values.append(SIMD3(x, y, z))
        }
        return TimedStream(name: (path as NSString).lastPathComponent, ticks: ticks, lines: lines, values: values)
    }
}
