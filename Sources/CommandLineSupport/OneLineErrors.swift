import ArgumentParser
import Foundation
import SafeText
import Workers

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
               let typo = TypoFinder.unknownWordMessage(in: Array(CommandLine.arguments.dropFirst()), tool: tool) {
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
    private static func unknownWordTool() -> TypoFinder.Command? {
        do {
            _ = try parseAsRoot(["--experimental-dump-help"])
            return nil
        } catch {
            return TypoFinder.tool(fromDump: fullMessage(for: error))
        }
    }
}
