import AttitudeMath
import AttitudeLog
import FileAccess
import LogLoading
import Foundation
import Logging
import RawLog
import Recording
import SafeText

/// `attitude convert` of a raw log that needs no fusion: a video's own motion track written as steady-dice raw CSV
/// (the device frame, the video's timeline), and a gyroscope-only log integrated into an attitude. Other raw logs
/// (an x-io CSV's quaternion columns) are `ConvertJob`'s.
public struct RawConvertJob {
    public var input: String
    public var platform: SensorLoggerPlatform?

    public init(input: String, platform: SensorLoggerPlatform?) {
        self.input = input
        self.platform = platform
    }

    /// What `run` writes.
    public enum Output: Equatable, Sendable {
        /// Steady-dice raw CSV of this many samples.
        case rawLog(samples: Int)
        /// An attitude log of this many samples, the gyroscope integrated from the first sample.
        case integratedAttitude(samples: Int)
    }

    /// The raw log when `input` is one this job converts (a video, or a log without accelerometer), else nil.
    public func read(logger: Logger = fusionJobsLogger) throws -> RawIMULog? {
        guard RawLogReader.isRawLog(path: input) else { return nil }
        let raw = try RawLogReader.read(path: input, platform: platform)
        guard raw.format == .gpmf || raw.format == .camm || raw.acc == nil else { return nil }
        reportReading(raw, logger: logger)
        return raw
    }

    /// Writes `raw` (from `read`) to `output`: a video's track as raw CSV, a gyroscope-only log as the attitude its
    /// gyroscope integrates to (`RawIMULog.integratedAttitudes`), in the device's own axes at its first sample: no vertical,
    /// heading arbitrary, so the log names no frame.
    @discardableResult
    public func run(_ raw: RawIMULog, writingTo output: OutputFiles.Staged) throws -> Output {
        let name = (input as NSString).lastPathComponent
        if raw.format == .gpmf || raw.format == .camm {
            let comments = ["raw IMU log written by steady-dice from \(name)'s own \(raw.format.rawValue) track",
                            "t: seconds on the video's timeline (its frames' presentation times); gyroscope rad/s, "
                                + "accelerometer m/s², in the "
                                + (raw.inStabilisedPictureFrame ? "stabilised picture's frame (IORI applied: the camera body's axes turned as "
                                                                   + "the picture was; " : "device frame (")
                                + "+X right, +Y up, +Z towards the viewer)"]
            try output.write(Data(raw.rawCSV(comments: comments).utf8))
            return .rawLog(samples: raw.count)
        }
        let samples = try raw.integratedAttitudes()
        let comments = ["attitude integrated by steady-dice from the gyroscope of \(name) (no accelerometer)",
                        "axes: the device's own at the first sample; no vertical, heading arbitrary"]
        try AttitudeLog.write(samples: samples, frame: nil, comments: comments, to: output)
        return .integratedAttitude(samples: samples.count)
    }
}

/// The logger the fusion jobs write to when they are handed none. The executables' handler prefixes every
/// line with the program's name, whatever the label.
public var fusionJobsLogger: Logger { Logger(label: "steady-dice.fusion-jobs") }
