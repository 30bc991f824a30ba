import ExitKinds

extension RawLogError: ErrorWithExitKind {
    /// A raw log read and not usable: malformed, or without the streams the work asked needs.
    public var exitKind: ExitKind { .data }
}

extension HardIronCalibration.FitError: ErrorWithExitKind {
    /// Magnetometer samples that do not determine an offset.
    public var exitKind: ExitKind { .data }
}
