import ExitKinds

extension ImagingError: ErrorWithExitKind {
    /// A picture that could not be written is an output's failure; every other is its input's data.
    public var exitKind: ExitKind {
        if case .unwritableImage = self { return .ioError }
        return .data
    }
}
