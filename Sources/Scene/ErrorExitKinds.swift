import ExitKinds

extension DrawingSettingsError: ErrorWithExitKind {
    /// Options that cannot draw a picture are the command line's.
    public var exitKind: ExitKind { .usage }
}

extension TimelineError: ErrorWithExitKind {
    /// A time the options ask for that the log or the video cannot show.
    public var exitKind: ExitKind { .usage }
}

extension UnavailableError: ErrorWithExitKind {
    public var exitKind: ExitKind { .unavailable }
}
