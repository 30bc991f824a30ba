import ExitKinds

extension TimelineError: ErrorWithExitKind {
    /// A time the options ask for that the log or the video cannot show.
    public var exitKind: ExitKind { .usage }
}

extension RigApplyingError: ErrorWithExitKind {
    /// An option given for what the file determines is the command line's; a file that cannot serve is its data's.
    public var exitKind: ExitKind {
        switch self {
        case .givenTwice: return .usage
        case .undetermined: return .data
        }
    }
}

extension TimeOffsetError: ErrorWithExitKind {
    /// An offset the options give that the source cannot take.
    public var exitKind: ExitKind { .usage }
}

extension LogMissesTheVideo: ErrorWithExitKind {
    /// A log and a video that do not overlap at the offset: they do not belong together.
    public var exitKind: ExitKind { .data }
}
