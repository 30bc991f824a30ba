import ExitKinds

extension FusionError: ErrorWithExitKind {
    /// A frame the options ask that the mode cannot report.
    public var exitKind: ExitKind { .usage }
}
