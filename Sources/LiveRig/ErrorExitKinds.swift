import ExitKinds

extension RigSessionError: ErrorWithExitKind {
    public var exitKind: ExitKind { .unavailable }
}
