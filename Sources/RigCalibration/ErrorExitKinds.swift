import ExitKinds

extension RigCalibrationError: ErrorWithExitKind {
    /// No log given where the clip carries none is the command line's; a log, camera or fit that cannot serve is data.
    public var exitKind: ExitKind {
        switch self {
        case .logNeeded, .setting: return .usage
        case .tooFewSamples, .intrinsicsSize: return .data
        case .calibration(_, let error): return error.exitKind
        }
    }
}
