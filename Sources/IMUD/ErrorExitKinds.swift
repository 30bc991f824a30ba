import ExitKinds

extension IMUDError: ErrorWithExitKind {
    /// Every imud error counts as imud unavailable: absent, silent, or sending nothing usable; a mount or endpoint
    /// that cannot be parsed included.
    public var exitKind: ExitKind { .unavailable }
}

extension IMUDFieldError: ErrorWithExitKind {
    /// A value the caller gave for a field (`feed --wire`): the caller's to correct.
    public var exitKind: ExitKind { .usage }
}

extension IMUDDropReason: ErrorWithExitKind {
    /// A datagram imud sent that cannot be used, as every imud error: imud sending nothing usable.
    public var exitKind: ExitKind { .unavailable }
}
