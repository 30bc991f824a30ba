import ExitKinds

extension PictureSizeError: ErrorWithExitKind {
    /// A size the user gave that no picture has.
    public var exitKind: ExitKind { .usage }
}
