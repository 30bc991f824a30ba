import ExitKinds

extension RenderBenchmark.Stopped: ErrorWithExitKind {
    /// Stopped by a signal between two frames, nothing kept.
    public var exitKind: ExitKind { .interrupted }
}
