import SafeText
import ArgumentParser
import CSVText
import Foundation

extension ParsableCommand {
    /// Parses the command line and runs the command. A refused command line is one clean line on stderr
    /// (`Error: ` and the parser's message through `MessageText.line`: no usage block, control characters
    /// escaped, a long echoed value cut) and exit status 64; an error from the run is one such line and
    /// status 1. `--help` and `--version` print as usual.
    public static func mainWithOneLineErrors() -> Never {
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            finish(error)
        }
        do {
            var command = command
            try command.run()
        } catch {
            finish(error)
        }
        Foundation.exit(0)
    }

    private static func finish(_ error: Error) -> Never {
        let code = exitCode(for: error)
        if code == .success { exit(withError: error) }
        if error is ExitCode { Foundation.exit(code.rawValue) }  // the command printed its own message
        let ns = error as NSError
        let foundationError = ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain
        let message = MessageText.line(foundationError ? MessageText.describe(error) : message(for: error))
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        Foundation.exit(code.rawValue)
    }
}
