import AttitudeMath
import Foundation
import Fusion
import Location
import Logging
import RawLog
import Recording
import SafeText

/// A raw IMU log made ready to fuse: read, what its reader decided said, its magnetometer corrected and a calibration's
/// gyroscope bias subtracted. What drawing (`loadAnyAttitudeLogWithFusion`) and `attitude fuse` (`FuseJob`) both start
/// from.
public struct CorrectedRawLog: Sendable {
    /// The path it was read from: a file, or a recording's folder (where true north's fixes are looked for).
    public let path: String
    /// The samples, corrected.
    public var log: RawIMULog
    /// The magnetometer's calibration subtracted; nil when none was asked.
    public let magnetometer: HardIronCalibration?
    /// Rad/s in the IMU's frame S, subtracted from the gyroscope; nil when none was given.
    public let gyroBiasRadiansPerSecond: SIMD3<Double>?

    /// Reads the raw log at `path` (`RawLogReader`), says its notes and gaps, corrects its magnetometer and subtracts
    /// `gyroBiasRadiansPerSecond` (rad/s in S: a calibration's `gyro_bias_deg_per_s`) from its gyroscope, saying each.
    public init(path: String, platform: SensorLoggerPlatform? = nil, magnetometer: MagnetometerCorrection = .none,
                gyroBiasRadiansPerSecond: SIMD3<Double>? = nil, logger: Logger = logLoadingLogger) throws {
        logger.debug("\(MessageText.line(path)): reading a raw IMU log")
        let read = try RawLogReader.read(path: path, platform: platform)
        logger.debug("\(MessageText.line(path)): \(read.count) raw samples")
        reportReading(read, logger: logger)
        var (log, calibration) = try magnetometer.apply(to: read)
        if let calibration {
            logger.info("\(MessageText.line(path)): magnetometer \(calibration), subtracted")
        }
        if let gyroBiasRadiansPerSecond {
            log.gyro = log.gyro.map { $0 - gyroBiasRadiansPerSecond }
            let bias = Self.degreesText(gyroBiasRadiansPerSecond, digits: 3)
            logger.info("\(MessageText.line(path)): the calibration's gyroscope bias \(bias) °/s subtracted from its gyroscope")
        }
        self.path = path
        self.log = log
        self.magnetometer = calibration
        self.gyroBiasRadiansPerSecond = gyroBiasRadiansPerSecond
    }

    /// A rate in rad/s as `x,y,z` in °/s with `digits` decimals.
    public static func degreesText(_ rate: SIMD3<Double>, digits: Int) -> String {
        let d = Angle.degrees(fromRadians: rate)
        return String(format: "%.\(digits)f,%.\(digits)f,%.\(digits)f", d.x, d.y, d.z)
    }
}

extension CorrectedRawLog {
    /// Fuses the log in `mode` (nil: its natural mode, `RawLogFusion.naturalMode`, saying why when it is not the one
    /// its columns suggest) into the frame `frame` asks, true north as `north` rules. `withStatus`: each sample carries
    /// the estimator's status. `announcing` is the level of the line that says what is fused into what: a status line
    /// where the attitudes are drawn, debug detail where they are written to a file that says it in its comments.
    public func fused(mode: FusionMode? = nil, frame request: FusionFrameRequest, north: TrueNorth = TrueNorth(),
                      parameters: FusionParameters = .default, withStatus: Bool = false, announcing: Logger.Level = .info,
                      logger: Logger = logLoadingLogger) throws -> FusedRawLog {
        if mode == nil, let note = log.magnetometerNote { logger.info("\(note)") }
        let mode = mode ?? RawLogFusion.naturalMode(of: log)
        let natural = OutputFrame.reference(RawLogFusion.naturalFrame(of: mode))
        var frame: OutputFrame
        var recording: RecordingDeclination?
        switch request {
        case .natural:
            frame = natural
        case .asked(let asked):
            frame = asked
            if asked == .reference(.xTrueNorthZVertical), mode == .nineD {
                recording = try north.recordingDeclination(folder: path, logger: logger)
            }
        case .trueNorthWherePossible:
            frame = natural
            if mode == .nineD {
                do {
                    recording = try north.recordingDeclination(folder: path, logger: logger)
                    if recording != nil || north.declinationDegrees != nil { frame = .reference(.xTrueNorthZVertical) }
                } catch {
                    logger.warning("staying with magnetic north: \(MessageText.line("\(error)"))")
                }
            }
        }
        let declination = frame == .reference(.xTrueNorthZVertical) ? north.declinationDegrees ?? recording?.declinationDegrees : nil
        logger.log(level: announcing, "fusing \(log.count) raw samples of \(MessageText.line(path)) (\(mode.rawValue)) into \(frame)")
        let samples = try RawLogFusion.fuse(log: log, frame: frame, mode: mode, parameters: parameters,
                                            withStatus: withStatus, declinationDegrees: declination)
        return FusedRawLog(samples: samples, mode: mode, frame: frame, declinationDegrees: declination, recordingDeclination: recording)
    }
}
