import CommandLineSupport
import CommandTestSupport
import Foundation
import Render
import TestSupport
import Workers
import XCTest

/// The help of every command of both executables, as a user at an 80-column terminal sees it
/// (`COLUMNS=80`, which swift-argument-parser honours): it reads as paragraphs, none of its prose ending
/// in a short leftover line; README.md or a guide in docs/ names every command, and the command reference
/// that `scripts/install` installs (the man pages of `scripts/command-reference`) lists every option it lists.
final class HelpTextTests: XCTestCase {
    /// One command's help: `steady-dice snapshot` and what `steady-dice snapshot --help` printed.
    struct Help {
        let command: [String]
        let text: String
    }

    /// Every command and subcommand of both executables, found by following each help's SUBCOMMANDS.
    private func allHelp() throws -> [Help] {
        let folder = try BuiltTool.url("steady-dice").deletingLastPathComponent()
        var found: [Help] = []
        var queue: [[String]] = [["steady-dice"], ["attitude"]]
        while !queue.isEmpty && found.count < 100 {
            let command = queue.removeFirst()
            let text = try help(folder.appendingPathComponent(command[0]), Array(command.dropFirst()))
            found.append(Help(command: command, text: text))
            queue += Self.subcommands(in: text).map { command + [$0] }
        }
        return found
    }

    private func help(_ executable: URL, _ subcommands: [String]) throws -> String {
        let result = try Self.helpRun(executable, subcommands)
        XCTAssertEqual(result.status, 0, "\(executable.lastPathComponent) \(subcommands) --help")
        return result.stdout
    }

    /// `COMMAND --help` at 80 columns, run once per test process: six tests read every help (about 25 processes
    /// each), and a help does not change within a run. Each test still asserts each run's status.
    private static func helpRun(_ executable: URL, _ subcommands: [String]) throws -> BuiltTool.Result {
        let key = ([executable.path] + subcommands).joined(separator: " ")
        if let known = helpRuns.withLock({ $0[key] }) { return known }
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let result = try BuiltTool.run(executable, subcommands + ["--help"], environment: environment, timeout: 30)
        if !result.timedOut { helpRuns.withLock { $0[key] = result } }
        return result
    }

    private static let helpRuns = Locked<[String: BuiltTool.Result]>([:])

    /// The names listed under `SUBCOMMANDS:` (`  run (default)   Opens ...` gives `run`), without `help`.
    static func subcommands(in text: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { inSection = line == "SUBCOMMANDS:"; continue }
            guard inSection, line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            let name = line.dropFirst(2).prefix { !$0.isWhitespace }
            // The section ends with "  See 'steady-dice help <subcommand>' for detailed help."
            guard !name.isEmpty, name != "help", name != "See", name.allSatisfy({ $0.isLowercase || $0 == "-" }) else { continue }
            names.append(String(name))
        }
        return names
    }

    /// The long options of the option rows (lines indented by two that start with `-`), without
    /// `--help` and `--version`: `  --loop/--no-loop   ...` gives `--loop` and `--no-loop`.
    static func options(in text: String) -> [String] {
        var options: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("  -") {
            let names = line.dropFirst(2).components(separatedBy: "  ")[0]
            for match in names.matches(of: #/--[a-z0-9][a-z0-9-]*/#) {
                let option = String(match.output)
                if option != "--help" && option != "--version" && !options.contains(option) { options.append(option) }
            }
        }
        return options
    }

    /// The long options a man page of generate-manual lists: its `.It` lines, on which mdoc's `Fl` adds a
    /// dash to each word (`.It Fl o , -output Ar output` gives `--output`).
    static func manPageOptions(in page: String) -> [String] {
        var options: [String] = []
        for line in page.split(separator: "\n") where line.hasPrefix(".It ") {
            for word in line.split(separator: " ") where word.hasPrefix("-") && word.count > 1 {
                let option = "-" + word
                if !options.contains(option) { options.append(option) }
            }
        }
        return options
    }

    /// Ragged lines: line B holds one or two words, the line A before it ends mid-sentence (not in
    /// `.`, `:`, `!` or `?`), and the line C after it goes on with the same paragraph (A, B and C are
    /// non-blank, equally indented, and C does not start a list item with `-`). That is the trace of
    /// a hard line break in the source, wrapped again at the terminal's width.
    static func raggedLines(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        var ragged: [String] = []
        for i in lines.indices.dropFirst().dropLast() {
            let (a, b, c) = (lines[i - 1], lines[i], lines[i + 1])
            let trimmed = (a: a.trimmingCharacters(in: .whitespaces), b: b.trimmingCharacters(in: .whitespaces),
                           c: c.trimmingCharacters(in: .whitespaces))
            guard !trimmed.a.isEmpty, !trimmed.b.isEmpty, !trimmed.c.isEmpty,
                  indent(a) == indent(b), indent(b) == indent(c), !trimmed.c.hasPrefix("-") else { continue }
            let words = trimmed.b.split(separator: " ").count
            guard words <= 2, let last = trimmed.a.last, !".:!?".contains(last) else { continue }
            ragged.append("\(a)\n\(b)\n\(c)")
        }
        return ragged
    }

    /// Short tails: the last printed line of a prose paragraph, when it holds four words or fewer
    /// and the paragraph runs to more than one line ("median over --repeats runs."). Prose is the
    /// OVERVIEW and the discussion, the lines before `USAGE:`; a paragraph is a run of non-blank
    /// lines that are not indented, and a line starting with `- ` starts a new one. Indented lines
    /// (examples) and the option rows, whose tails swift-argument-parser writes ("(default: 5.0)"),
    /// are not prose.
    static func shortTails(in text: String) -> [String] {
        var tails: [String] = []
        var paragraph: [String] = []
        func endParagraph() {
            if paragraph.count > 1, let last = paragraph.last, last.split(separator: " ").count <= 4 { tails.append(last) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("USAGE:") { break }
            let isProse = !line.hasPrefix(" ") && !line.trimmingCharacters(in: .whitespaces).isEmpty
            if !isProse || line.hasPrefix("- ") { endParagraph() }
            if isProse { paragraph.append(line) }
        }
        endParagraph()
        return tails
    }

    func testTheRaggedCheckCatchesAHardBreakAndPassesAParagraph() {
        // A source line break after "the", wrapped again at 80 columns.
        let ragged = """
          Each frame uploads a new background frame, draws the scene with a new attitude and
          reads the
          pixels back, as `snapshot` does.
        """
        XCTAssertEqual(Self.raggedLines(in: ragged).count, 1)
        let paragraph = """
          Each frame uploads a new background frame, draws the scene with a new attitude
          and reads the pixels back, as `snapshot` does; glFinish separates the phases
          so each is timed.

          Prints the median.
        """
        XCTAssertEqual(Self.raggedLines(in: paragraph), [])
        XCTAssertEqual(Self.options(in: "  --loop/--no-loop       Loop (default: --loop)\n  -h, --help   Show help."), ["--loop", "--no-loop"])
        let page = ".Op Fl -quiet\n.It Fl -log Ar log\nLog to play.\n.It Fl o , -output Ar output\n.It Fl -video-loop\n"
        XCTAssertEqual(Self.manPageOptions(in: page), ["--log", "--output", "--video-loop"])
    }

    func testTheShortTailCheckCatchesAShortLastLineOfProseOnly() {
        let help = """
        OVERVIEW: Measures offscreen rendering: ms per frame, split into background
        upload, draw and read-back.

        Each frame uploads a new background frame, draws the scene with a new attitude
        and reads the pixels back, as `snapshot` does; glFinish separates the phases
        so each is timed on its own.

        Prints the median.

        Examples:
          steady-dice bench --size 1920x1080 --frames 200 --repeats 9
          steady-dice bench

        USAGE: steady-dice bench <options>

        OPTIONS:
          --repeats <repeats>     Runs; the figures are medians over runs, the ms of
                                  each. (default: 7)
        """
        XCTAssertEqual(Self.shortTails(in: help), ["upload, draw and read-back."])
    }

    func testEveryHelpReadsAsParagraphsAt80Columns() throws {
        let all = try allHelp()
        XCTAssertGreaterThan(all.count, 15, "commands found: \(all.map { $0.command.joined(separator: " ") })")
        for help in all {
            for ragged in Self.raggedLines(in: help.text) {
                XCTFail("`\(help.command.joined(separator: " ")) --help` at 80 columns has a ragged line:\n\(ragged)")
            }
            for tail in Self.shortTails(in: help.text) {
                XCTFail("`\(help.command.joined(separator: " ")) --help` at 80 columns ends a paragraph with a short line: \"\(tail)\"")
            }
        }
    }

    /// Every line of every help fits 80 columns, the USAGE synopsis too (it reached 246 characters), and no
    /// prose has a run of spaces mid-sentence (`calibrate --help` had 13, from a line break in the source).
    func testEveryHelpFits80ColumnsWithoutRunsOfSpaces() throws {
        for help in try allHelp() {
            let command = help.command.joined(separator: " ")
            for line in help.text.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "`\(command) --help`: \(line)")
                // An option row's label and its text are apart by design: only what follows the label counts.
                var text = line.drop { $0 == " " }
                if line.hasPrefix("  "), !line.hasPrefix("   "), let gap = text.range(of: "  ") { text = text[gap.upperBound...].drop { $0 == " " } }
                XCTAssertFalse(text.contains("   "), "`\(command) --help` has a run of spaces: \(line)")
            }
            let usage = help.text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("USAGE: ") }
                .prefix { !$0.isEmpty }
            for continuation in usage.dropFirst() {
                XCTAssertTrue(continuation.hasPrefix("       ") && !continuation.hasPrefix("        "),
                              "`\(command) --help`'s USAGE goes on under the command: \(continuation)")
            }
        }
        let record = try allHelp().first { $0.command == ["steady-dice", "record"] }
        let usage = record?.text.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("USAGE: ") }
            .prefix { !$0.isEmpty } ?? []
        XCTAssertGreaterThan(usage.count, 1, "record's synopsis is wrapped")
        XCTAssertTrue(usage.joined().contains("--output <DIR>"), usage.joined(separator: "\n"))
    }

    /// Help names defaults as a user types them and points at what an install has.
    func testDefaultsAndPointersReadAsAUserNeedsThem() throws {
        let all = try allHelp()
        let plot = try XCTUnwrap(all.first { $0.command == ["attitude", "plot"] })
        let words = plot.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(words.contains("(default: 900x600)"), plot.text)
        for help in all {
            XCTAssertFalse(help.text.contains("Size("), "`\(help.command.joined(separator: " ")) --help` shows a struct")
            XCTAssertFalse(help.text.contains("docs/"), "`\(help.command.joined(separator: " ")) --help` points at docs/, which an install lacks")
        }
        let compare = try XCTUnwrap(all.first { $0.command == ["steady-dice"] })
        XCTAssertTrue(compare.text.contains("man steady-dice-compare"), compare.text)
    }

    /// A mistyped option or subcommand is named, with the nearest right one, whatever else the command line lacks.
    func testAMistypedOptionOrSubcommandIsNamed() throws {
        let cases: [([String], String)] = [
            (["snapshot", "--sise", "64x48"], "steady-dice: Unknown option '--sise'. Did you mean '--size'?"),
            (["snapshott", "--attitude", "1,0,0,0"], "steady-dice: Unknown subcommand 'snapshott'. Did you mean 'snapshot'?"),
            (["snapshot", "--bogus"], "steady-dice: Unknown option '--bogus'"),
            (["zzz"], "steady-dice: Unknown subcommand 'zzz'; the subcommands are run, snapshot, render, compare, feed, bench, "
                + "record, calibrate, calibration-clip"),
            // A value is never taken for an option, nor an option's value for a subcommand.
            (["snapshot", "--anchor", "-90,0,2", "--sise", "1"], "steady-dice: Unknown option '--sise'. Did you mean '--size'?"),
        ]
        for (arguments, expected) in cases {
            let result = try CommandHarness.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, expected + "\n", "\(arguments)")
        }
        let fine = try CommandHarness.run(["snapshot", "--attitude", "-0.5,0.5,0.5,0.5", "--size", "8x6"])
        XCTAssertEqual(fine.stderr, "steady-dice: Missing expected argument '--output <output>'\n", "only a real refusal is changed")
    }

    /// `--set`'s unknown name lists every name it knows, whole: the line is not cut (it ended "rest…").
    func testUnknownEstimatorParameterListsEveryName() throws {
        let attitude = try BuiltTool.url("attitude")
        let folder = try TemporaryFolder.make("set-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BuiltTool.run(attitude, ["fuse", "broad_02_excerpt", "--set", "foo=1", "-o", folder.appendingPathComponent("f.csv").path],
                                       timeout: 60)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertFalse(result.stderr.contains("…"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("motionBiasEstimation, restBiasEstimation\n"), result.stderr)
    }

    /// The docs: README.md and every guide in docs/, read as one text.
    static func documentation() throws -> String {
        let docs = Fixtures.checkout.appendingPathComponent("docs")
        let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertGreaterThan(guides.count, 5, "docs/ holds \(guides)")
        return try ([Fixtures.checkout.appendingPathComponent("README.md")] + guides.map { docs.appendingPathComponent($0) })
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// A newcomer finds each command in a guide: README.md or docs/ names every subcommand of both executables.
    func testTheGuidesNameEveryCommand() throws {
        let documentation = try Self.documentation()
        let all = try allHelp()
        for help in all where help.command.count > 1 {
            let command = help.command.joined(separator: " ")
            XCTAssertTrue(documentation.contains(command), "README.md and docs/ do not mention the command `\(command)`")
        }
    }

    /// The command reference names every option of every command: each command has its man page, made
    /// as `scripts/install` makes them, and that page lists each long option its `--help` lists. The guides
    /// need not repeat them all.
    func testTheManPagesListEveryOptionOfEveryHelp() throws {
        let pages = try Self.manPages(of: BuiltTool.url("steady-dice").deletingLastPathComponent())
        let all = try allHelp()
        let options = Set(all.flatMap { Self.options(in: $0.text) })
        XCTAssertGreaterThan(options.count, 60, "options found: \(options.sorted())")
        for help in all {
            let command = help.command.joined(separator: " ")
            let name = help.command.joined(separator: "-")
            guard let page = pages[name] else {
                XCTFail("the command reference has no man page \(name).1 for `\(command)` (pages: \(pages.keys.sorted()))")
                continue
            }
            for line in page.split(separator: "\n") where !line.hasPrefix(".") {
                XCTAssertFalse(line.contains("   "), "man page \(name).1 has a run of spaces mid-sentence: \(line)")
            }
            let listed = Self.manPageOptions(in: page)
            for option in Self.options(in: help.text) {
                XCTAssertTrue(listed.contains(option), "man page \(name).1 does not list \(option), an option of `\(command) --help`")
            }
        }
    }

    /// The man pages `scripts/command-reference` makes from the binaries in `folder`, as `scripts/install`
    /// does, in a temporary folder: each page's mdoc text by its name (`steady-dice-render`).
    static func manPages(of folder: URL) throws -> [String: String] {
        let output = try TemporaryFolder.make("steady-dice-reference")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = Fixtures.checkout.appendingPathComponent("scripts/command-reference")
        let result = try BuiltTool.run(script, [folder.path, output.path], timeout: 300)
        XCTAssertEqual(result.status, 0, "scripts/command-reference: \(result.stderr)")
        let man1 = output.appendingPathComponent("man/man1")
        var pages: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: man1.path) where file.hasSuffix(".1") {
            pages[String(file.dropLast(2))] = try String(contentsOf: man1.appendingPathComponent(file), encoding: .utf8)
        }
        return pages
    }
}
