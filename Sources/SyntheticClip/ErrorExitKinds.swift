import ExitKinds

extension SyntheticClipError: ErrorWithExitKind {
    /// A clip the options ask for that the lens cannot draw.
    public var exitKind: ExitKind { .usage }
}

extension CalibrationClipJob.Stopped: ErrorWithExitKind {
    /// Stopped by a signal between two frames, nothing kept.
    public var exitKind: ExitKind { .interrupted }
}
