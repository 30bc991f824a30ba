import AttitudeLog
import AttitudeMath
import FileAccess
import Foundation
import Fusion
import Location
import Logging
import LogLoading
import RawLog
import Recording
import SafeText

/// `attitude fuse`: a raw log read, its magnetometer corrected, fused in the mode and frame asked for (true
/// north from the recording's own Location.csv when no declination is given), and written as an attitude
/// log, or with the estimator's status columns.
public struct FuseJob {
    public var input: String
    public var platform: SensorLoggerPlatform?
    public var magnetometer: MagnetometerCorrection
    /// nil: 9D when the log has a magnetometer, else 6D; and that mode's natural frame.
    public var mode: FusionMode?
    public var frame: OutputFrame?
    public var declination: Double?
    /// The worst horizontal accuracy of the fix the declination comes from (default 20 m).
    public var maxAccuracy: Double?
    public var parameters: FusionParameters
    /// Write the estimator's status columns: a file for diagnosis, not an attitude log.
    public var status: Bool
    /// Rad/s in S, subtracted from the gyroscope before fusing (a calibration's `gyro_bias_deg_per_s`); nil: none.
    public var gyroBias: SIMD3<Double>?

    public init(input: String, platform: SensorLoggerPlatform?, magnetometer: MagnetometerCorrection, mode: FusionMode?,
                frame: OutputFrame?, declination: Double?, maxAccuracy: Double?, parameters: FusionParameters, status: Bool) {
        self.input = input
        self.platform = platform
        self.magnetometer = magnetometer
        self.mode = mode
        self.frame = frame
        self.declination = declination
        self.maxAccuracy = maxAccuracy
        self.parameters = parameters
        self.status = status
    }

    /// Fuses and writes to `output`; returns the samples fused. What was decided goes to `logger`.
    @discardableResult
    public func run(writingTo output: OutputFiles.Staged, logger: Logger = fusionJobsLogger) throws -> [FusedSample] {
        let corrected = try CorrectedRawLog(path: input, platform: platform, magnetometer: magnetometer, gyroBias: gyroBias, logger: logger)
        let log = corrected.log
        let fused = try corrected.fused(mode: mode, frame: frame.map { .asked($0) } ?? .natural,
                                        north: TrueNorth(declination: declination, maxAccuracy: maxAccuracy ?? 20),
                                        parameters: parameters, withStatus: status, announcing: .debug, logger: logger)
        let (samples, mode, outputFrame) = (fused.samples, fused.mode, fused.frame)
        var comments = ["attitude fused by steady-dice from \(BroadEvaluation.trialName(of: input)) (\(mode.rawValue))"]
        if let clockStart = log.clockStart {
            comments.append("start: \(clockStart) s on the recording's own clock is t = 0 here")
        }
        if let calibration = corrected.magnetometer { comments.append("magnetometer: \(calibration), subtracted") }
        if let gyroBias = corrected.gyroBias { comments.append("gyroscope bias \(CorrectedRawLog.degreesText(gyroBias, digits: 4)) °/s subtracted") }
        if let declination = fused.declination {
            comments.append("true north from magnetic north with a declination of \(declination)° (east positive)")
        }
        if let recordingDeclination = fused.recordingDeclination { comments.append("true north: \(recordingDeclination.summary)") }
        let header = AttitudeLog.frameHeader(for: outputFrame, rotating: "sensor")
        if let comment = header.comment { comments.append(comment) }
        if status {
            try output.write(Data(FusedSample.tableWithStatus(samples, frame: header.frame, comments: comments).utf8))
        } else {
            // The attitude log module's own writer, so that the file plays in steady-dice.
            try AttitudeLog.write(samples: samples.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromIMU) },
                                  frame: header.frame, comments: comments, to: output)
        }
        return samples
    }
}

/// `attitude convert`: a producer's attitude log written in steady-dice's format and the frame asked for,
/// on the producer's own clock; between magnetic and true north the declination comes from the
/// recording's Location.csv when none is given.
public struct ConvertJob {
    public var input: String
    public var platform: SensorLoggerPlatform?
    /// nil: the input's own frame.
    public var frame: OutputFrame?
    public var declination: Double?
    public var maxAccuracy: Double?

    public init(input: String, platform: SensorLoggerPlatform?, frame: OutputFrame?, declination: Double?, maxAccuracy: Double?) {
        self.input = input
        self.platform = platform
        self.frame = frame
        self.declination = declination
        self.maxAccuracy = maxAccuracy
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
        var declination = self.declination
        var recordingDeclination: RecordingDeclination?
        let norths: [OutputFrame] = [.reference(.xMagneticNorthZVertical), .reference(.xTrueNorthZVertical)]
        if declination == nil, norths.contains(target), norths.contains(.reference(sourceFrame)), target != .reference(sourceFrame) {
            let folder = RecordingFolder.isFolder(input) ? input : (input as NSString).deletingLastPathComponent
            recordingDeclination = try RecordingDeclination.find(folder: folder.isEmpty ? "." : folder, maxAccuracy: maxAccuracy ?? 20)
            if let recordingDeclination {
                declination = recordingDeclination.declinationDegrees
                logger.info("true north: \(recordingDeclination.summary)")
            }
        }
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
