import Foundation

/// The first word of a command line that no command knows: a mistyped option or subcommand.
///
/// swift-argument-parser reports a missing required option before an unknown one (`snapshot --sise 64x48`
/// said "Missing expected argument '--size <size>'"), and a mistyped subcommand as whatever option follows
/// it (`snapshott --attitude …` said "Unknown option '--attitude'"). Whenever the parser refuses a command
/// line, `mainWithOneLineErrors` asks this for the typo and names it first. It reads the commands, their
/// options and which of them take a value from the parser's own description of the tool
/// (`--experimental-dump-help`), so it knows exactly what the parser knows.
public enum TypoFinder {
    /// What the parser says of each command (a subset of swift-argument-parser's ToolInfoV0 JSON).
    public struct Command: Decodable {
        public var commandName: String
        public var arguments: [Argument]?
        public var subcommands: [Command]?
        public var defaultSubcommand: String?
    }

    public struct Argument: Decodable {
        /// `positional`, `option` (takes a value) or `flag`.
        public var kind: String
        public var names: [Name]?
        /// `upToNextOption` takes every value up to the next option.
        public var parsingStrategy: String?
    }

    public struct Name: Decodable {
        /// `long` (`--size`), `short` (`-o`) or `longWithSingleDash` (`-size`).
        public var kind: String
        public var name: String

        var spelled: String { kind == "long" ? "--" + name : "-" + name }
    }

    struct Tool: Decodable {
        var command: Command
    }

    /// Names every tool answers to, whatever the command: the parser adds them itself.
    static let builtIn: Set<String> = ["--help", "-h", "--version", "--experimental-dump-help", "--generate-completion-script"]

    /// The tool described by `--experimental-dump-help`'s JSON, or nil when it cannot be read.
    public static func tool(fromDump json: String) -> Command? {
        try? JSONDecoder().decode(Tool.self, from: Data(json.utf8)).command
    }

    /// The message naming the first unknown subcommand or option of `arguments` (without the program's
    /// name), or nil when every word is known.
    public static func unknownWordMessage(in arguments: [String], tool: Command) -> String? {
        var command = tool
        var positionalsSeen = 0
        var valuesToSkip = 0
        var takingValuesUntilOption = false
        for word in arguments {
            if valuesToSkip > 0 { valuesToSkip -= 1; continue }
            if word == "--" { return nil }
            if looksLikeOption(word) {
                takingValuesUntilOption = false
                let name = String(word.prefix { $0 != "=" })
                if builtIn.contains(name) { continue }
                guard let argument = option(named: name, in: command) else {
                    // Several short flags in one word (`-vq`) are the parser's to judge.
                    if !name.hasPrefix("--"), name.count > 2 { continue }
                    let suggestion = closest(to: name, among: optionNames(of: command))
                    return "Unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
                }
                if argument.kind == "option", !word.contains("=") {
                    if argument.parsingStrategy == "upToNextOption" { takingValuesUntilOption = true } else { valuesToSkip = 1 }
                }
                continue
            }
            if takingValuesUntilOption { continue }
            let subcommands = command.subcommands ?? []
            if positionalsSeen == 0, !subcommands.isEmpty {
                if let sub = subcommands.first(where: { $0.commandName == word }) {
                    command = sub
                    continue
                }
                let positionals = (command.arguments ?? []).filter { $0.kind == "positional" }
                if positionals.isEmpty && command.defaultSubcommand == nil {
                    let names = subcommands.map(\.commandName).filter { $0 != "help" }
                    let suggestion = closest(to: word, among: names)
                    return "Unknown subcommand '\(word)'" + (suggestion.map { ". Did you mean '\($0)'?" }
                        ?? "; the subcommands are \(names.joined(separator: ", "))")
                }
            }
            positionalsSeen += 1
        }
        return nil
    }

    /// `--size`, `-o`, `--size=64x48`; not `-0.5` (a negative number) nor `-` (standard input).
    static func looksLikeOption(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars.prefix(3))
        guard scalars.count >= 2, scalars[0] == "-" else { return false }
        let next = scalars[1] == "-" ? (scalars.count > 2 ? scalars[2] : nil) : scalars[1]
        guard let next else { return false }
        return CharacterSet.letters.contains(next)
    }

    static func option(named name: String, in command: Command) -> Argument? {
        (command.arguments ?? []).first { argument in
            argument.kind != "positional" && (argument.names ?? []).contains { $0.spelled == name }
        }
    }

    static func optionNames(of command: Command) -> [String] {
        (command.arguments ?? []).filter { $0.kind != "positional" }.flatMap { ($0.names ?? []).map(\.spelled) }
    }

    /// The name nearest `word` in edit distance, when it is near enough to be a typo of it.
    static func closest(to word: String, among names: [String]) -> String? {
        let best = names.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(1, min(word.count, best.0.count) / 3) else { return nil }
        return best.0
    }

    /// Edit distance by characters, a swap of two neighbours counting as one edit (`drwa` is one from `draw`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
