import ExitKinds

extension OptionValueError: ErrorWithExitKind {
    /// An option's value refused.
    public var exitKind: ExitKind { .usage }
}

extension CSVRowError: ErrorWithExitKind {
    /// A row of a file that was read and cannot be used.
    public var exitKind: ExitKind { .data }
}
