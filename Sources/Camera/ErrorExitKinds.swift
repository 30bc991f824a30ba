import ExitKinds

extension LensError: ErrorWithExitKind {
    /// A file's lens coefficients that make no lens.
    public var exitKind: ExitKind { .data }
}
