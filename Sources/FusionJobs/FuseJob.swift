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
    /// True north: the declination given, else the recording's.
    public var north: TrueNorth
    public var parameters: FusionParameters
    /// Write the estimator's status columns: a file for diagnosis, not an attitude log.
    public var status: Bool
    /// Rad/s in S, subtracted from the gyroscope before fusing (a calibration's `gyro_bias_deg_per_s`); nil: none.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>?

    public init(input: String, platform: SensorLoggerPlatform?, magnetometer: MagnetometerCorrection, mode: FusionMode?,
                frame: OutputFrame?, north: TrueNorth = TrueNorth(), parameters: FusionParameters, status: Bool) {
        self.input = input
        self.platform = platform
        self.magnetometer = magnetometer
        self.mode = mode
        self.frame = frame
        self.north = north
        self.parameters = parameters
        self.status = status
    }

    /// Fuses and writes to `output`; returns the samples fused. What was decided goes to `logger`.
    @discardableResult
    public func run(writingTo output: OutputFiles.Staged, logger: Logger = fusionJobsLogger) throws -> [FusedSample] {
        let corrected = try CorrectedRawLog(path: input, platform: platform, magnetometer: magnetometer,
                                            gyroBiasRadiansPerSecond: gyroBiasRadiansPerSecond, logger: logger)
        let log = corrected.log
        let fused = try corrected.fused(mode: mode, frame: frame.map { .asked($0) } ?? .natural,
                                        north: north,
                                        parameters: parameters, withStatus: status, announcing: .debug, logger: logger)
        let (samples, mode, outputFrame) = (fused.samples, fused.mode, fused.frame)
        var comments = ["attitude fused by steady-dice from \(BroadEvaluation.trialName(of: input)) (\(mode.rawValue))"]
        if let clockStart = log.clockStart {
            comments.append("start: \(clockStart) s on the recording's own clock is t = 0 here")
        }
        if let calibration = corrected.magnetometer { comments.append("magnetometer: \(calibration), subtracted") }
        if let bias = corrected.gyroBiasRadiansPerSecond {
            comments.append("gyroscope bias \(CorrectedRawLog.degreesText(bias, digits: 4)) °/s subtracted")
        }
        if let declination = fused.declinationDegrees {
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
