import ArgumentParser
import AttitudeLog
import LogLoading
import Rig
import FusionJobs
import FileAccess
import Foundation
import IMUD
import Imaging
import LiveRig
import SafeText
import Workers

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

    /// The status for an error that ended a command: the kind of the error decides, not the command.
    public static func of(_ error: Error) -> ExitStatus {
        switch error {
        case let failure as CommandFailure: return failure.status
        case let error as StatedExitStatus: return error.exitStatus
        case is ValidationError, is TimelineError: return .usage
        case let error as MagnetometerCorrectionError:
            if case .attitudeLog = error { return .usage }
            return .data
        // An empty path is the command line's slip (`-o ""`), whatever reads or writes it.
        case let error as FileAccessError:
            if error.path.isEmpty { return .usage }
            return error.isRefusedOutput ? .cannotCreate : error.isOutput ? .ioError : .noInput
        case is FileReadError: return .data
        case is IMUDError, is UnavailableError, is RigSessionError: return .unavailable
        case let error as ImagingError:
            if case .unwritableImage = error { return .ioError }
            return .data
        default:
            let ns = error as NSError
            if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain { return .ioError }
            return .data
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

/// How the command line says a library's error: the same text, with the option behind a library value
/// named where the library cannot know it.
public func commandLineMessage(for error: Error) -> String {
    switch error {
    case let error as MagnetometerCorrectionError:
        switch error {
        case .attitudeLog(let path):
            return "\(path): --mag-offset and --mag-calibrate apply to raw IMU logs, and this is an attitude log"
        case .noMagnetometer(let path, let fit):
            return "\(path): \(fit ? "--mag-calibrate" : "--mag-offset") needs magnetometer samples, and the log has none"
        }
    default:
        return MessageText.describe(error)
    }
}

extension ParsableCommand {
    /// Parses the command line and runs the command. Any error, from the parser or from the run, is one
    /// clean line on stderr, `program: message` (through `MessageText.line`: no usage block, control
    /// characters escaped, a long echoed value cut), and the process exits with `ExitStatus.of(error)`.
    /// `--help` and `--version` print as usual.
    ///
    /// SIGINT and SIGTERM end every command the same way from the start: one line, `program: command: stopped by a
    /// signal; nothing was kept` (`… after its outputs were written` once they were moved into place), every partial
    /// output removed (`OutputFiles` registers them), exit status 130. A command changes the wording
    /// (`StopSignals.sayOnExit`) or stops politely between steps (`StopSignals`).
    public static func mainWithOneLineErrors() -> Never {
        let stopped = "\(Messages.program): stopped by a signal"
        StopSignals.exitAtOnce(saying: "\(stopped); nothing was kept", afterOutputs: "\(stopped) after its outputs were written",
                               status: ExitStatus.interrupted.rawValue)
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            finish(error)
        }
        StopSignals.exitAtOnce(saying: "\(Messages.program): \(type(of: command)._commandName): stopped by a signal; nothing was kept",
                               afterOutputs: "\(Messages.program): \(type(of: command)._commandName): stopped by a signal after its "
                                   + "outputs were written", status: ExitStatus.interrupted.rawValue)
        do {
            var command = command
            try command.run()
        } catch {
            finish(error)
        }
        Foundation.exit(0)
    }

    private static func finish(_ error: Error) -> Never {
        if error is ExitCode { Foundation.exit(exitCode(for: error).rawValue) }  // the command said what it had to
        let parserCode = exitCode(for: error)
        if parserCode == .success {  // --help, --version
            let text = fullMessage(for: error)
            guard text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ") else { exit(withError: error) }
            print(HelpText.wrappingUsage(text, width: HelpText.screenWidth))
            Foundation.exit(0)
        }
        let isParserError = !(error is ValidationError) && parserCode == .validationFailure
        var text: String
        let status: ExitStatus
        if error is ValidationError || isParserError {
            text = message(for: error)
            status = .usage
            // The parser may name a missing option, or the option after a mistyped subcommand, before the typo.
            if isParserError, let tool = unknownWordTool(),
               let typo = CommandLineWords.unknownWordMessage(in: Array(CommandLine.arguments.dropFirst()), tool: tool) {
                text = typo
            }
        } else {
            text = commandLineMessage(for: error)
            status = ExitStatus.of(error)
        }
        FileHandle.standardError.write(Data("\(Messages.program): \(MessageText.line(text))\n".utf8))
        Foundation.exit(status.rawValue)
    }

    /// The tool as the parser describes it to `--experimental-dump-help`.
    private static func unknownWordTool() -> CommandLineWords.Command? {
        do {
            _ = try parseAsRoot(["--experimental-dump-help"])
            return nil
        } catch {
            return CommandLineWords.tool(fromDump: fullMessage(for: error))
        }
    }
}
