import ExitKinds

extension PlotError: ErrorWithExitKind {
    /// A plot Cairo cannot draw at the size asked (the commands check the size before, as a usage error) or at all.
    public var exitKind: ExitKind { .data }
}

extension AttitudePlots.NothingToCompare: ErrorWithExitKind {
    /// Two logs read that share no instant to compare.
    public var exitKind: ExitKind { .data }
}
