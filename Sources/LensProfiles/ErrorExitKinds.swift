import ExitKinds

extension LensProfileError: ErrorWithExitKind {
    /// A bundled lens profile that is not one: the install's data.
    public var exitKind: ExitKind { .data }
}
