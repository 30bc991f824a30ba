import CommandLineSupport
import Scene

// The frame pipeline's errors in the one exit-status table (`ExitStatus.of`), which cannot name them itself.

/// Options that cannot draw a picture: the command line is wrong.
extension DrawingSettingsError: StatedExitStatus {
    public var exitStatus: ExitStatus { .usage }
}

/// A time or a span the options ask of a log or a clock that cannot give it: the command line is wrong.
extension DrawingRequestError: StatedExitStatus {
    public var exitStatus: ExitStatus { .usage }
}
