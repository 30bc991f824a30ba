import AttitudeLog
import Fusion
import Location
import RawLog

// What reading, converting and fusing a log refuses, said with the options that give what is missing: the libraries
// give the facts (a frame that needs a declination, a fix too coarse, a raw log's remedy), and the words that name a
// flag are the command line's, here, for both tools.

extension FusionError: CommandLineWorded {
    /// Fusion's refusal of a frame, with the option that gives the declination.
    public var commandLineMessage: String {
        switch self {
        case .unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD):
            return "xTrueNorthZVertical needs the magnetic declination, which the estimator does not know: "
                + "give it (attitude fuse --declination DEG), or use xMagneticNorthZVertical"
        case .unsupportedFrame:
            return description
        }
    }
}

extension FrameConversionError: CommandLineWorded {
    /// A conversion that needs the declination names `--declination`; any other says the library's words.
    public var commandLineMessage: String {
        needsDeclination ? message + ": give --declination DEG (east positive)" : description
    }
}

extension RecordingDeclinationError: CommandLineWorded {
    /// Why a recording gives no declination, with the options that give one or loosen the fixes taken.
    public var commandLineMessage: String {
        switch self {
        case .noGoodFix(let path, let maxAccuracyMetres):
            return "\(path): no fix has a horizontal accuracy within \(maxAccuracyMetres) m, so no declination for true north; "
                + "give --declination DEG, or a larger --max-accuracy"
        case .noModel(let path, let line, let day, let reason):
            return "\(path):\(line): the fix of \(day): \(reason); give --declination DEG for true north"
        }
    }
}

extension RawLogError: CommandLineWorded {
    /// A raw log that cannot be fused, with the command and options that serve instead.
    public var commandLineMessage: String {
        switch remedy {
        case nil:
            return description
        case .attitudeFile(let name)?:
            return "\(location): \(message) (its \(name) plays as it is: attitude convert, or --log on the file)"
        case .sixD?:
            return "\(location): \(message); use 6D (--mode 6d)"
        case .platform?:
            return "\(location): \(message); give --platform ios or --platform android"
        }
    }
}
