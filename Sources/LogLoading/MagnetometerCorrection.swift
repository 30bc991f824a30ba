import Foundation
import Logging
import RawLog
import SafeText

/// How a raw log's magnetometer is corrected before fusion: not at all, by a known hard-iron offset, or by
/// a sphere fitted to the log's own samples (over the whole log, so not causal).
public enum MagnetometerCorrection: Equatable, Sendable {
    case none
    /// Subtract this hard-iron offset, µT in the IMU frame S.
    case offset(SIMD3<Double>)
    /// Fit the offset to the log's own samples and subtract it.
    case fit

    /// `log` with its magnetometer corrected, and the calibration applied (nil for `.none`). A log without
    /// magnetometer samples, or one whose samples a sphere does not fit, is refused naming the file.
    public func apply(to log: RawIMULog) throws -> (log: RawIMULog, calibration: HardIronCalibration?) {
        let calibration: HardIronCalibration
        switch self {
        case .none: return (log, nil)
        case .offset(let offset):
            guard log.mag != nil else { throw MagnetometerCorrectionError.noMagnetometer(path: log.path, fit: false) }
            calibration = HardIronCalibration(offset: offset)
        case .fit:
            guard let mag = log.mag else { throw MagnetometerCorrectionError.noMagnetometer(path: log.path, fit: true) }
            do {
                calibration = try HardIronCalibration.fit(mag)
            } catch {
                throw RawLogError(path: log.path, "\(error)")
            }
        }
        return (calibration.apply(to: log), calibration)
    }
}

/// A magnetometer correction asked of a log that cannot take it.
public enum MagnetometerCorrectionError: Error, CustomStringConvertible, Equatable {
    /// The raw log at `path` has no magnetometer samples; `fit` says the correction was a fit.
    case noMagnetometer(path: String, fit: Bool)
    /// The log at `path` is an attitude log, already fused: there is no magnetometer to correct.
    case attitudeLog(path: String)

    public var description: String {
        switch self {
        case .noMagnetometer(let path, let fit):
            return "\(path): a magnetometer \(fit ? "fit" : "offset") needs magnetometer samples, and the log has none"
        case .attitudeLog(let path):
            return "\(path): a magnetometer correction applies to raw IMU logs, and this is an attitude log"
        }
    }
}

/// Says what a raw log's reader decided and the gaps fusion restarts after, one warning each.
public func reportReading(_ log: RawIMULog, logger: Logger = logLoadingLogger) {
    var lines = log.notes
    lines += log.gaps.map { $0.message(path: log.path) }
    // Notes quote the files (Metadata.csv's app version, a stream's name): one clean line each.
    for line in lines { logger.warning("\(MessageText.line(line))") }
}

/// Says what an attitude log's reader decided or skipped, one warning each.
public func reportReading(warnings: [String], logger: Logger = logLoadingLogger) {
    for line in warnings { logger.warning("\(MessageText.line(line))") }
}

/// The logger the log loaders write to when they are handed none. The executables' handler prefixes every line with
/// the program's name, whatever the label.
public var logLoadingLogger: Logger { Logger(label: "steady-dice.log-loading") }
