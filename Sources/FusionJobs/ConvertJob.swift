import AttitudeLog
import AttitudeMath
import FileAccess
import Foundation
import Location
import Logging
import LogLoading
import Recording

/// `attitude convert`: a producer's attitude log written in steady-dice's format and the frame asked for,
/// on the producer's own clock; between magnetic and true north the declination comes from the
/// recording's Location.csv when none is given.
public struct ConvertJob {
    public var input: String
    public var platform: SensorLoggerPlatform?
    /// nil: the input's own frame.
    public var frame: OutputFrame?
    /// Between magnetic and true north: the declination given, else the recording's.
    public var north: TrueNorth

    public init(input: String, platform: SensorLoggerPlatform?, frame: OutputFrame?, north: TrueNorth = TrueNorth()) {
        self.input = input
        self.platform = platform
        self.frame = frame
        self.north = north
    }

    /// Converts and writes to `output`; returns the samples written and the frame they are in.
    public func run(writingTo output: OutputFiles.Staged, logger: Logger = fusionJobsLogger) throws
        -> (samples: [AttitudeSample], frame: OutputFrame) {
        let log = try AttitudeLog.load(path: input, platform: platform)
        reportReading(warnings: log.warnings, logger: logger)
        guard let sourceFrame = log.frame else {
            throw FrameConversionError(message: "\(log.path): the log names no frame; add a '# frame: NAME' line")
        }
        let target = frame ?? .reference(sourceFrame)
        // Between magnetic and true north, as `fuse` does: the recording's own Location.csv gives the declination.
        var recordingDeclination: RecordingDeclination?
        let norths: [OutputFrame] = [.reference(.xMagneticNorthZVertical), .reference(.xTrueNorthZVertical)]
        if norths.contains(target), norths.contains(.reference(sourceFrame)), target != .reference(sourceFrame) {
            recordingDeclination = try north.recordingDeclination(folder: RecordingFolder.folder(holding: input), logger: logger)
        }
        let declination = north.declinationDegrees ?? recordingDeclination?.declinationDegrees
        let samples = try log.converted(to: target, declinationDegrees: declination)
        var comments = ["attitude converted by steady-dice from \(log.path) (\(log.format.rawValue), \(sourceFrame.rawValue))"]
        if let declination, target != .reference(sourceFrame) {
            comments.append("declination \(declination)° (east positive)")
        }
        if let recordingDeclination { comments.append("true north: \(recordingDeclination.summary)") }
        let header = AttitudeLog.frameHeader(for: target, rotating: "device")
        if let comment = header.comment { comments.append(comment) }
        let shifted = samples.map { AttitudeSample(t: $0.t + log.startTime, worldFromDevice: $0.worldFromDevice) }
        try AttitudeLog.write(samples: shifted, frame: header.frame, comments: comments, to: output)
        return (samples, target)
    }
}
