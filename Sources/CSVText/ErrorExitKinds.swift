import ExitKinds

extension OptionValueError: ErrorWithExitKind {
    /// An option's value refused.
    public var exitKind: ExitKind { .usage }
}
