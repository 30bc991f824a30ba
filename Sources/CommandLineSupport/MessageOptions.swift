import ArgumentParser

/// `--verbose` and `--quiet`, on every command: how much goes to stderr. Results on stdout are not affected.
public struct MessageOptions: ParsableArguments {
    @Flag(help: "Say more on stderr: debug detail (what was read and how) besides the usual status lines.")
    public var verbose = false

    @Flag(help: "Say only errors on stderr: no status lines, no warnings. For scripts.")
    public var quiet = false

    public init() {}

    /// Sets the level every logger writes at; the parser validates option groups before `run()`.
    public mutating func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot go together") }
        Messages.level = verbose ? .debug : (quiet ? .error : .info)
    }
}
