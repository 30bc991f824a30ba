import ArgumentParser
import CommandLineSupport
import XCTest

/// The typo finder over a tool as the parser describes it: values are never taken for options nor for
/// subcommands, `--` ends the options, and only a word no command knows is named.
final class TypoFinderTests: XCTestCase {
    private struct Tool: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tool", subcommands: [Draw.self, Copy.self])
    }

    private struct Draw: ParsableCommand {
        @Option var size: String
        @Option(name: .shortAndLong) var output: String?
        @Option(parsing: .upToNextOption) var points: [String] = []
        @Flag(name: .shortAndLong) var verbose = false
        @Flag(name: .short) var quiet = false
    }

    private struct Copy: ParsableCommand {
        @Argument var files: [String] = []
    }

    private func message(_ arguments: [String]) throws -> String? {
        var dump = ""
        do { _ = try Tool.parseAsRoot(["--experimental-dump-help"]) } catch { dump = Tool.fullMessage(for: error) }
        let tool = try XCTUnwrap(TypoFinder.tool(fromDump: dump), dump)
        return TypoFinder.unknownWordMessage(in: arguments, tool: tool)
    }

    func testTyposAreNamedAndValuesAreNot() throws {
        XCTAssertEqual(try message(["draw", "--sise", "1"]), "Unknown option '--sise'. Did you mean '--size'?")
        XCTAssertEqual(try message(["drwa", "--size", "1"]), "Unknown subcommand 'drwa'. Did you mean 'draw'?")
        XCTAssertEqual(try message(["paint"]), "Unknown subcommand 'paint'; the subcommands are draw, copy")
        XCTAssertEqual(try message(["draw", "--size=1", "--outptu", "x"]), "Unknown option '--outptu'. Did you mean '--output'?")
        XCTAssertEqual(try message(["draw", "--bogus"]), "Unknown option '--bogus'")
        // Values: after an option that takes one (even one that looks like an option), negative numbers, lists.
        XCTAssertNil(try message(["draw", "--size", "--sise"]))
        XCTAssertNil(try message(["draw", "--size", "-90,0,2", "-o", "-x.png", "-v"]))
        XCTAssertNil(try message(["draw", "--points", "1", "2", "3", "--size", "4"]))
        XCTAssertNil(try message(["draw", "-vq", "--help"]), "grouped short flags and the parser's own names")
        XCTAssertNil(try message(["copy", "draww", "-"]), "positional words of a command without subcommands")
        XCTAssertNil(try message(["draw", "--", "--sise"]), "after --, words are not options")
        XCTAssertNil(try message(["help", "draw"]))
    }
}
