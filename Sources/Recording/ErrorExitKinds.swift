import ExitKinds

extension RecordingError: ErrorWithExitKind {
    /// A recording folder or file read and not usable.
    public var exitKind: ExitKind { .data }
}
