import AttitudeLog
import Camera
import Fusion
import Location
import LogLoading
import RawLog
import Recording
import Rig
import SafeText

/// An error whose facts the command line says with the options that give them. The library's `description` says the
/// same without naming an option; the front end that knows the options adds the conformance (`SceneCommandLine` for
/// the drawing's errors), and `commandLineMessage(for:)` says it so.
public protocol CommandLineWorded: Error {
    /// The error as the command line says it, naming its options.
    var commandLineMessage: String { get }
}

/// How the command line says a library's error: the same text, with the option behind a library value
/// named where the library cannot know it.
public func commandLineMessage(for error: Error) -> String {
    switch error {
    case let error as CommandLineWorded:
        return error.commandLineMessage
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
    case let error as FusionError:
        return commandLineText(for: error)
    case let error as FrameConversionError where error.needsDeclination:
        return error.message + ": give --declination DEG (east positive)"
    case let error as RecordingDeclinationError:
        return commandLineText(for: error)
    case let error as RawLogError:
        return commandLineText(for: error)
    case let error as RecordingError where error.needsPlatform:
        return "\(error.path): \(error.message); give --platform ios or --platform android"
    default:
        return MessageText.describe(error)
    }
}

extension FieldOfViewError: CommandLineWorded {
    /// The refusal as a command that takes `--fov` says it.
    public var commandLineMessage: String { "--fov must be \(PinholeCamera.fieldOfViewRangeText)" }
}

/// Fusion's refusal of a frame, with the option that gives the declination.
func commandLineText(for error: FusionError) -> String {
    switch error {
    case .unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD):
        return "xTrueNorthZVertical needs the magnetic declination, which the estimator does not know: "
            + "give it (attitude fuse --declination DEG), or use xMagneticNorthZVertical"
    case .unsupportedFrame:
        return error.description
    }
}

/// Why a recording gives no declination, with the options that give one or loosen the fixes taken.
func commandLineText(for error: RecordingDeclinationError) -> String {
    switch error {
    case .noGoodFix(let path, let maxAccuracy):
        return "\(path): no fix has a horizontal accuracy within \(maxAccuracy) m, so no declination for true north; "
            + "give --declination DEG, or a larger --max-accuracy"
    case .noModel(let path, let line, let day, let reason):
        return "\(path):\(line): the fix of \(day): \(reason); give --declination DEG for true north"
    }
}

/// A raw log that cannot be fused, with the command and options that serve instead.
func commandLineText(for error: RawLogError) -> String {
    switch error.remedy {
    case nil:
        return error.description
    case .attitudeFile(let name)?:
        return "\(error.location): \(error.message) (its \(name) plays as it is: attitude convert, or --log on the file)"
    case .sixD?:
        return "\(error.location): \(error.message); use 6D (--mode 6d)"
    case .platform?:
        return "\(error.location): \(error.message); give --platform ios or --platform android"
    }
}
