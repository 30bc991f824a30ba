import Calibration
import CommandLineSupport
import RigCalibration

// What calibration refuses, said with `calibrate`'s options: the libraries give facts and advice as values
// (`RigCalibrationError`, `CalibrationError.Advice`), and the words that name a flag are the command line's, here.

extension RigCalibrationError: CommandLineWorded {
    /// The refusal as `calibrate` says it, naming the options that give what is missing.
    public var commandLineMessage: String {
        switch self {
        case .logNeeded(let reason?):
            return "--log is needed: \(reason)"
        case .logNeeded(nil):
            return "--log is needed: the IMU's raw log of the clip's minutes (only an OpenCamera Sensors folder "
                + "or a video with its own gpmd or camm track as --video carries its own)"
        case .calibration(let what, let error):
            return "\(what): \(error.commandLineMessage)"
        case .tooFewSamples, .intrinsicsSize, .setting:
            return description
        }
    }
}

extension CalibrationError: CommandLineWorded {
    /// The refusal as `calibrate` says it, its advice as the options that give it.
    public var commandLineMessage: String { text { $0.commandLineWords } }
}

extension CalibrationError.Advice {
    /// The options that give this advice.
    public var commandLineWords: String {
        switch self {
        case .lensModel: return "--lens radial or --lens fisheye"
        case .intrinsics: return "--intrinsics"
        }
    }
}
