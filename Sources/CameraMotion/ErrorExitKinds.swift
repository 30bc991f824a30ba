import ExitKinds

extension GPMFError: ErrorWithExitKind {
    /// A GoPro metadata track that cannot be parsed.
    public var exitKind: ExitKind { .data }
}

extension CameraMotionError: ErrorWithExitKind {
    /// A video read that has no motion track, or one that cannot be used.
    public var exitKind: ExitKind { .data }
}
