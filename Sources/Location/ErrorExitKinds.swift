import ExitKinds

extension MagneticModelError: ErrorWithExitKind {
    /// A magnetic model that cannot be read, or a place or date it cannot be evaluated at.
    public var exitKind: ExitKind { .data }
}

extension RecordingDeclinationError: ErrorWithExitKind {
    /// A recording's location read, and no declination to be had from it.
    public var exitKind: ExitKind { .data }
}

extension LocationError: ErrorWithExitKind {
    /// Location input that was read and cannot be used.
    public var exitKind: ExitKind { .data }
}
