import ExitKinds

extension AttitudeMathError: ErrorWithExitKind {
    /// A quaternion or matrix that has no attitude or inverse: the input that gave it cannot be used.
    public var exitKind: ExitKind { .data }
}
