import Camera
import SafeText

/// An error whose facts the command line says with the options that give them. The library's `description` says the
/// same without naming an option; the front end that owns the options adds the conformance (this module for the
/// option groups both tools share, `SceneCommandLine` for the drawing's errors, a command's module for its own), and
/// `commandLineMessage(for:)` says it so.
public protocol CommandLineWorded: Error {
    /// The error as the command line says it, naming its options.
    var commandLineMessage: String { get }
}

/// How the command line says a library's error: its `CommandLineWorded` words where it has them, else the library's.
public func commandLineMessage(for error: Error) -> String {
    (error as? CommandLineWorded)?.commandLineMessage ?? MessageText.describe(error)
}
