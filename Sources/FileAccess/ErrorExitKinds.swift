import ExitKinds

extension FileAccessError: ErrorWithExitKind {
    /// An empty path is the command line's slip (`-o ""`), whatever reads or writes it; else an output never replaced,
    /// an output that cannot be written, or an input that cannot be read.
    public var exitKind: ExitKind {
        if path.isEmpty { return .usage }
        return isRefusedOutput ? .cannotCreate : isOutput ? .ioError : .noInput
    }
}

extension FileReadError: ErrorWithExitKind {
    /// The file was opened and is not a log that can be read.
    public var exitKind: ExitKind { .data }
}
