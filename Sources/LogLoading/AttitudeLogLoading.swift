import AttitudeLog
import AttitudeMath
import Foundation
import Fusion
import Logging
import RawLog
import Recording
import SafeText

/// Reads an attitude log of any supported kind. A raw IMU log (gyroscope and accelerometer columns:
/// raw CSV, x-io CSV, plain or .xz, or a Sensor Logger or x-IMU3 folder with raw streams) is fused
/// in-process: 9D into xMagneticNorthZVertical when it has a magnetometer, else 6D into
/// xArbitraryZVertical; a gyroscope-only one is its gyroscope integrated (`RawIMULog.integratedAttitudes`).
/// Anything else is read as an attitude log: steady-dice CSV, Sensor Logger's Orientation.csv, x-IMU3's
/// Quaternion.csv, or a folder holding one of those. `platform` overrides a Sensor Logger folder's Metadata.csv;
/// what the readers decided goes to stderr. `magnetometer` corrects a raw log's magnetometer first, and is
/// refused for an attitude log.
/// A 9D Sensor Logger folder with a usable `Location.csv` is fused into xTrueNorthZVertical, with the
/// declination WMM gives at its first good fix; when the file cannot give one, magnetic north, with the
/// reason said. Progress and warnings go to `logger`.
public func loadAnyAttitudeLog(path: String, magnetometer: MagnetometerCorrection = .none,
                               platform: SensorLoggerPlatform? = nil, logger: Logger = logLoadingLogger) throws -> AttitudeLog {
    try loadAnyAttitudeLogWithFusion(path: path, magnetometer: magnetometer, platform: platform, logger: logger).log
}

/// `loadAnyAttitudeLog`, with the estimator's status after each sample when the log was fused. `gyroBiasRadiansPerSecond` (rad/s, in
/// the IMU's frame S: a calibration's `gyro_bias_deg_per_s`) is subtracted from a raw log's gyroscope first, as the
/// calibration that found it did; an attitude log has no rates to take it from, and that is said. `overFootage`: the
/// log is drawn over the video its camera filmed; a raw log with no magnetometer is then `GyroLedAttitude`'s, led by its
/// gyroscope and levelled only where its accelerometer reads gravity alone, not fused 6D (a vehicle's accelerations
/// would tilt the picture). With a magnetometer it is fused 9D as elsewhere, for its heading.
public func loadAnyAttitudeLogWithFusion(path: String, magnetometer: MagnetometerCorrection = .none,
                                         platform: SensorLoggerPlatform? = nil, gyroBiasRadiansPerSecond: SIMD3<Double>? = nil,
                                         overFootage: Bool = false,
                                         logger: Logger = logLoadingLogger) throws -> (log: AttitudeLog, fusion: FusionTrack?) {
    guard RawLogReader.isRawLog(path: path) else {
        if magnetometer != .none { throw MagnetometerCorrectionError.attitudeLog(path: path) }
        if let gyroBiasRadiansPerSecond {
            let bias = CorrectedRawLog.degreesText(gyroBiasRadiansPerSecond, digits: 3)
            logger.info("\(MessageText.line(path)): the calibration's gyroscope bias (\(bias) °/s) is not applied: an attitude log holds attitudes, not rates")
        }
        logger.debug("\(MessageText.line(path)): reading an attitude log")
        let log = try AttitudeLog.load(path: path, platform: platform)
        reportReading(warnings: log.warnings, logger: logger)
        logger.debug("\(MessageText.line(path)): \(log.samples.count) attitudes\(log.frame.map { " in \($0)" } ?? "")")
        return (log, nil)
    }
    let corrected = try CorrectedRawLog(path: path, platform: platform, magnetometer: magnetometer,
                                        gyroBiasRadiansPerSecond: gyroBiasRadiansPerSecond, logger: logger)
    let raw = corrected.log
    if raw.acc == nil {
        let note = "a gyroscope-only log: drawn from its gyroscope alone, integrated from its first sample (no vertical, heading arbitrary)"
        logger.info("\(MessageText.line(path)): \(note)")
        return (try AttitudeLog(samples: raw.integratedAttitudes(), frame: nil, path: path), .gyroscopeOnly)
    }
    if overFootage, RawLogFusion.naturalMode(of: raw) == .sixD {
        let footage = GyroLedAttitude(time: raw.time, gyro: raw.gyro, acc: raw.acc)
        let note = "\(MessageText.line(path)): drawn over its footage: its gyroscope integrated"
                    + "\(gyroBiasRadiansPerSecond == nil ? "" : " less the calibration's bias"), "
                    + (footage.hasVertical ? String(format: "levelled where its accelerometer read gravity alone (%.0f %% of its samples), "
                                                    + "the heading arbitrary", footage.credibleShare * 100)
                                           : "no sample of its accelerometer reading gravity alone: no vertical, the heading arbitrary")
        logger.info("\(note)")
        let samples = zip(raw.time, footage.attitudes).map { AttitudeSample(t: $0, worldFromDevice: $1) }
        return (try AttitudeLog(samples: samples, frame: footage.hasVertical ? .xArbitraryZVertical : nil, path: path),
                .footage(credibleShare: footage.credibleShare, biasApplied: gyroBiasRadiansPerSecond != nil))
    }
    let fused = try corrected.fused(frame: .trueNorthWherePossible, withStatus: true, logger: logger)
    let log = try AttitudeLog(samples: fused.samples.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromIMU) },
                              frame: fused.referenceFrame, path: path)
    return (log, FusionTrack(mode: fused.mode, statuses: fused.samples.compactMap(\.status)))
}
