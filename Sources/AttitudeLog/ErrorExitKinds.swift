import ExitKinds

extension AttitudeLogError: ErrorWithExitKind {
    /// A log that cannot be written is an output's failure; every other reason is an input read and not usable (a file
    /// missing or not allowed is `FileAccessError`'s, before any of these).
    public var exitKind: ExitKind {
        if case .unwritable = reason { return .ioError }
        return .data
    }
}

extension PlaybackError: ErrorWithExitKind {
    /// A speed the options give that playback cannot take.
    public var exitKind: ExitKind { .usage }
}

extension FrameConversionError: ErrorWithExitKind {
    /// A log whose frame (or none named) cannot be given in the frame asked.
    public var exitKind: ExitKind { .data }
}

extension AttitudeViewsTable.NotFinite: ErrorWithExitKind {
    /// A log whose attitude gives views that are not numbers.
    public var exitKind: ExitKind { .data }
}
