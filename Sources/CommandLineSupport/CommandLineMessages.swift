import LogLoading
import Rig
import SafeText

/// How the command line says a library's error: the same text, with the option behind a library value
/// named where the library cannot know it.
public func commandLineMessage(for error: Error) -> String {
    switch error {
    case let error as MagnetometerCorrectionError:
        switch error {
        case .attitudeLog(let path):
            return "\(path): --mag-offset and --mag-calibrate apply to raw IMU logs, and this is an attitude log"
        case .noMagnetometer(let path, let fit):
            return "\(path): \(fit ? "--mag-calibrate" : "--mag-offset") needs magnetometer samples, and the log has none"
        }
    case let error as RigApplyingError:
        return commandLineText(for: error)
    case TimelineError.logStartsBeforeItsFirstSample(let offset, _, true):
        return MessageText.describe(error) + String(format: " (--video-at %g)", -offset)
    default:
        return MessageText.describe(error)
    }
}
