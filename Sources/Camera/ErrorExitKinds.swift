import ExitKinds

extension AnchorError: ErrorWithExitKind {
    /// An anchor the user placed out of range.
    public var exitKind: ExitKind { .usage }
}

extension FieldOfViewError: ErrorWithExitKind {
    /// A field of view the user gave out of range.
    public var exitKind: ExitKind { .usage }
}

extension LensError: ErrorWithExitKind {
    /// A file's lens coefficients that make no lens.
    public var exitKind: ExitKind { .data }
}
