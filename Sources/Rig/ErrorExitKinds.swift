import ExitKinds

extension TimelineError: ErrorWithExitKind {
    /// A time the options ask for that the log or the video cannot show.
    public var exitKind: ExitKind { .usage }
}
