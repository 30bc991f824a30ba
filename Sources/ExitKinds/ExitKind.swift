/// The kind of failure an error is, as a front end tells failures apart: each kind is one exit status
/// (`CommandLineSupport.ExitStatus`). A library says the kind of its own errors, so that the command line needs to know
/// none of their types.
public enum ExitKind: Sendable, CaseIterable {
    /// The command line is wrong: a value the user gave that cannot be used as given.
    case usage
    /// An input was read but cannot be used (a malformed log, a clip that cannot determine a calibration).
    case data
    /// An input file is missing, unreadable, or not the kind of file asked for.
    case noInput
    /// A service is not there: no display, no camera frame, imud silent.
    case unavailable
    /// An output names something never replaced (a symbolic link, a folder, a device, an input).
    case cannotCreate
    /// An output cannot be written, or writing failed.
    case ioError
    /// A signal (SIGINT or SIGTERM) stopped the work before its end, and nothing was kept.
    case interrupted
}

/// An error that says which kind of failure it is. An error that does not adopt it is `data` to the command line,
/// unless it is Foundation's file or POSIX error (`ioError`).
public protocol ErrorWithExitKind: Error {
    /// The kind of this failure; it may depend on the case (an output's error is not an input's).
    var exitKind: ExitKind { get }
}
