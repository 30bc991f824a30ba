import ExitKinds

extension UnavailableError: ErrorWithExitKind {
    /// A service that is not there: no display, no camera frame.
    public var exitKind: ExitKind { .unavailable }
}
