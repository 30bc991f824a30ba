import ExitKinds

extension RigFolderError: ErrorWithExitKind {
    /// A rig folder read and not usable.
    public var exitKind: ExitKind { .data }
}
