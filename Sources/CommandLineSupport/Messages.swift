import Foundation
import Logging
import SafeText
import Workers

/// The executables' messages on stderr through swift-log: one `program: text` line each, at the level
/// `--verbose` or `--quiet` chose. Libraries take a swift-log `Logger` (each defaulting to one labelled
/// with its module), so tests can hand them a recording handler instead of reading stderr; only the
/// executables bootstrap this handler.
public enum Messages {
    /// The least severe level written: `.info` by default, `.debug` with `--verbose`, `.error` with `--quiet`.
    public static var level: Logger.Level {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    /// The running program's name, the prefix of every line.
    public static var program: String { state.withLock { $0.program } }

    /// The logger of the running program: its label is the prefix of every line.
    public static var logger: Logger { Logger(label: state.withLock { $0.program }) }

    /// Sends every logger's messages to stderr as `program: text` lines. Call once, first thing in `main`.
    public static func bootstrap(program: String) {
        state.withLock { $0.program = program }
        // Every logger, whatever its label (a library's own, such as `steady-dice.imud`), writes as the program.
        LoggingSystem.bootstrap { _ in StderrLogHandler(program: program) }
    }

    private struct State {
        var level = Logger.Level.info
        var program = "steady-dice"
    }

    private static let state = Locked(State())
}

/// Writes each message as one `program: text` line on stderr. Its level is the process-wide
/// `Messages.level`, so an option parsed after the bootstrap still applies to every logger.
public struct StderrLogHandler: LogHandler {
    public let program: String
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public init(program: String) {
        self.program = program
    }

    public var logLevel: Logger.Level {
        get { Messages.level }
        set { Messages.level = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Every message is made one clean line here (`MessageText.line`): a file name or a library's text with
    /// escape bytes, bells or line breaks in it cannot reach the terminal raw.
    public func log(event: LogEvent) {
        FileHandle.standardError.write(Data("\(program): \(MessageText.line("\(event.message)"))\n".utf8))
    }
}
