import ExitKinds

extension IMUDError: ErrorWithExitKind {
    /// Every imud error counts as imud unavailable: absent, silent, or sending nothing usable; a mount or endpoint
    /// that cannot be parsed included.
    public var exitKind: ExitKind { .unavailable }
}
