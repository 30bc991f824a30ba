import ExitKinds

extension DrawingSettingsError: ErrorWithExitKind {
    /// Options that cannot draw a picture are the command line's.
    public var exitKind: ExitKind { .usage }
}

extension DrawingRequestError: ErrorWithExitKind {
    /// A time or a span the options ask of a log or a clock that cannot give it: the command line is wrong.
    public var exitKind: ExitKind { .usage }
}

extension TooManyFrames: ErrorWithExitKind {
    /// A span and a rate the options give that ask for more frames than a clock steps.
    public var exitKind: ExitKind { .usage }
}

extension LogVideoRenderStopped: ErrorWithExitKind {
    /// Stopped by a signal between two frames, nothing kept.
    public var exitKind: ExitKind { .interrupted }
}
