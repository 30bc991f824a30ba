import ExitKinds

extension CalibrationError: ErrorWithExitKind {
    /// A clip and a log read and unable to determine a calibration.
    public var exitKind: ExitKind { .data }
}
