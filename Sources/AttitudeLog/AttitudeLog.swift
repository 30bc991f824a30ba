import AttitudeMath
import Foundation

/// One attitude at one time.
public struct AttitudeSample: Equatable, Sendable {
    /// Seconds. In a loaded `AttitudeLog`, playback time: the first sample is at 0.
    public var t: Double
    /// Rotates device coordinates into the log's reference frame W (docs/conventions.md), unit length.
    public var worldFromDevice: Quaternion

    public init(t: Double, worldFromDevice: Quaternion) {
        self.t = t
        self.worldFromDevice = worldFromDevice
    }
}

/// The file formats `AttitudeLog` reads, told apart by their header.
public enum AttitudeLogFormat: String, Sendable {
    /// steady-dice's own CSV: `t,qw,qx,qy,qz` in any order, extra columns ignored, `#` comments,
    /// an optional `# frame: <name>` line.
    case steadyDice
    /// Sensor Logger's `Orientation.csv`: nanoseconds since the epoch in `time`; the quaternion's frame
    /// depends on the platform (`SensorLoggerConventions`).
    case sensorLogger
    /// x-IMU3's `Quaternion.csv` (and x-io CSVs with quaternion columns): `Timestamp (us)`, then
    /// `W,X,Y,Z` (or `Quaternion W`..`Quaternion Z`), sensor into x-io's north-west-up earth frame.
    case xio

    /// The columns a steady-dice log must have, in any order.
    public static let steadyDiceRequiredColumns = ["t", "qw", "qx", "qy", "qz"]
    /// The header of Sensor Logger's `Orientation.csv`, as it writes it.
    public static let sensorLoggerColumns = ["time", "seconds_elapsed", "qz", "qy", "qx", "qw", "roll", "pitch", "yaw"]
}

/// A recorded attitude track: samples in time order, read from a file or built in memory.
///
/// Times are re-based so that the first sample is at t = 0 (docs/conventions.md, "Time"); the file's own time
/// of the first sample is kept in `startTime`. Between samples the attitude is the shorter-arc slerp.
public struct AttitudeLog: Equatable, Sendable {
    /// The file the log came from, as the caller named it; used in messages.
    public let path: String
    /// At least one sample, times non-decreasing, the first at t = 0, quaternions unit length.
    public let samples: [AttitudeSample]
    /// The reference frame W the quaternions rotate into, when the file says (or the format implies) it.
    public let frame: ReferenceFrame?
    public let format: AttitudeLogFormat
    /// Seconds: the file's time of the first sample before re-basing (Sensor Logger: since the Unix epoch).
    public let startTime: Double
    /// What the reader skipped or decided, one line each, for the caller to print (placeholder rows, a platform).
    public var warnings: [String] = []

    /// A log from samples in memory. Times are re-based to start at 0 and quaternions normalised.
    /// Throws for no samples, a non-finite or decreasing time, or a quaternion that cannot be normalised.
    public init(samples: [AttitudeSample], frame: ReferenceFrame?, path: String = "<memory>") throws {
        guard let first = samples.first else { throw AttitudeLogError(path: path, reason: .noDataRows) }
        var checked: [AttitudeSample] = []
        checked.reserveCapacity(samples.count)
        for (index, sample) in samples.enumerated() {
            guard sample.t.isFinite else {
                throw AttitudeLogError(path: path, reason: .invalidSample(index: index, "time \(sample.t) is not finite"))
            }
            if index > 0, sample.t < samples[index - 1].t {
                throw AttitudeLogError(path: path, reason: .invalidSample(
                    index: index, "time \(sample.t) s is earlier than \(samples[index - 1].t) s of the sample before"))
            }
            let q = sample.worldFromDevice
            let unit: Quaternion
            do {
                unit = try Quaternion.validated(w: q.w, x: q.x, y: q.y, z: q.z)
            } catch {
                throw AttitudeLogError(path: path, reason: .invalidSample(index: index, "\(error)"))
            }
            checked.append(AttitudeSample(t: sample.t - first.t, worldFromDevice: unit))
        }
        self.init(path: path, samples: checked, frame: frame, format: .steadyDice, startTime: first.t)
    }

    /// The parser's entry: samples already checked and re-based.
    init(path: String, samples: [AttitudeSample], frame: ReferenceFrame?, format: AttitudeLogFormat, startTime: Double,
         warnings: [String] = []) {
        self.path = path
        self.samples = samples
        self.frame = frame
        self.format = format
        self.startTime = startTime
        self.warnings = warnings
    }

    /// Seconds from the first sample to the last; 0 for a single sample.
    public var duration: Double { samples[samples.count - 1].t }

    /// The attitude `worldFromDevice` at playback time `t` seconds: clamped to the first sample before 0 and to the last
    /// after `duration`, slerped along the shorter arc in between. Where samples share a time, the
    /// later one holds from that instant on. NaN reads as 0.
    public func attitude(at t: Double) -> Quaternion {
        TimeSeries.attitude(at: t.isNaN ? 0 : t, in: samples.indices, time: { samples[$0].t },
                            attitude: { samples[$0].worldFromDevice })
    }
}
