import ArgumentParser
import ExitKinds
import Foundation

/// The exit statuses of both executables, one table for every command (the values of BSD's sysexits.h):
///
/// | status | meaning |
/// |---|---|
/// | 0 | done |
/// | 1 | a negative answer that is not an error: `compare` found the pictures different |
/// | 64 | usage: the command line is wrong (an unknown option, a value out of range, options that exclude each other) |
/// | 65 | data: an input was read but cannot be used (a malformed log, a clip that cannot determine a calibration) |
/// | 66 | no input: an input file is missing, unreadable, or not the kind of file asked for |
/// | 69 | unavailable: a service is not there (no display, no camera frame, imud silent) |
/// | 73 | cannot create: an output names something never replaced (a symbolic link, a folder, a device, an input) |
/// | 74 | I/O: an output cannot be written, or writing failed |
/// | 130 | stopped by SIGINT or SIGTERM before the end, nothing kept (128 + SIGINT, as a shell reports it) |
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    case negativeAnswer = 1
    case usage = 64
    case data = 65
    case noInput = 66
    case unavailable = 69
    case cannotCreate = 73
    case ioError = 74
    case interrupted = 130

    /// The status for an error that ended a command: the kind of the error decides, not the command. A library's
    /// error says its kind (`ErrorWithExitKind`); the command line's own are `usage`, a command's refusal carries its
    /// status, Foundation's file and POSIX errors are `ioError`, and any other (none of this package's) is `data`.
    public static func of(_ error: Error) -> ExitStatus {
        switch error {
        case let failure as CommandFailure: return failure.status
        case is ValidationError: return .usage
        case let error as ErrorWithExitKind: return ExitStatus(error.exitKind)
        default:
            let ns = error as NSError
            if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain { return .ioError }
            return .data
        }
    }

    /// The status of a kind of failure.
    public init(_ kind: ExitKind) {
        switch kind {
        case .usage: self = .usage
        case .data: self = .data
        case .noInput: self = .noInput
        case .unavailable: self = .unavailable
        case .cannotCreate: self = .cannotCreate
        case .ioError: self = .ioError
        case .interrupted: self = .interrupted
        }
    }
}

/// A command's own refusal, with the status it exits with.
public struct CommandFailure: Error, CustomStringConvertible {
    public let description: String
    public let status: ExitStatus

    public init(_ description: String, status: ExitStatus = .data) {
        self.description = description
        self.status = status
    }
}
