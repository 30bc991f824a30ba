import ExitKinds

extension MagnetometerCorrectionError: ErrorWithExitKind {
    /// A correction asked of an attitude log is the command line's mistake; a raw log without a magnetometer is its data.
    public var exitKind: ExitKind {
        switch self {
        case .attitudeLog: return .usage
        case .noMagnetometer: return .data
        }
    }
}
