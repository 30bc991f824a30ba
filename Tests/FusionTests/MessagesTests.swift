import AttitudeLog
import Foundation
import Composition
import InMemoryLogging
import Logging
import TestSupport
import XCTest

/// Messages through swift-log: what the shared loader says, at which level, captured in memory rather
/// than read from stderr; and `--quiet` and `--verbose` on the real `attitude` binary.
final class MessagesTests: RawLogTestCase {
    private func capture(level: Logger.Level) -> (Logger, InMemoryLogHandler) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        return (Logger(label: "test", factory: { _ in handler }), handler)
    }

    /// A 20 s tumbling 9D raw log, 100 Hz.
    private func rawLog(_ name: String = "tumbling.csv") throws -> String {
        try write(name, Synthetic.rawCSV(Synthetic.tumblingLog(seconds: 20, rate: 100)))
    }

    /// The same log with no rows from 5 s to 10 s: the reader reports the gap.
    private func rawLogWithAGap() throws -> String {
        let lines = Synthetic.rawCSV(Synthetic.tumblingLog(seconds: 20, rate: 100)).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix { !($0.first?.isNumber ?? false) }
        let rows = lines.dropFirst(header.count)
        let kept = Array(header) + Array(rows.prefix(500)) + Array(rows.dropFirst(1000))
        return try write("gap.csv", kept.joined(separator: "\n"))
    }

    func testTheLoaderSaysWhatItFusesAtInfoAndHowItReadAtDebug() throws {
        let path = try rawLog()
        let (info, infoEntries) = capture(level: .info)
        _ = try loadAnyAttitudeLog(path: path, logger: info)
        let said = infoEntries.entries.map { "\($0.message)" }
        XCTAssertTrue(infoEntries.entries.contains { $0.level == .info && "\($0.message)".hasPrefix("fusing 2000 raw samples of \(path) (9d)") }, "\(said)")
        XCTAssertFalse(said.contains { $0.contains("reading a raw IMU log") }, "debug detail stays out at info: \(said)")

        let (debug, debugEntries) = capture(level: .debug)
        _ = try loadAnyAttitudeLog(path: path, logger: debug)
        XCTAssertTrue(debugEntries.entries.contains { $0.level == .debug && "\($0.message)" == "\(path): reading a raw IMU log" },
                      "\(debugEntries.entries.map { "\($0.message)" })")
    }

    func testAGapInARawLogIsAWarningAndErrorLevelSilencesIt() throws {
        let path = try rawLogWithAGap()
        let (warnings, entries) = capture(level: .info)
        _ = try loadAnyAttitudeLog(path: path, logger: warnings)
        let gaps = entries.entries.filter { "\($0.message)".contains(": gap in gap.csv: no sample for 5.01 s") }
        XCTAssertEqual(gaps.count, 1, "\(entries.entries.map { "\($0.message)" })")
        XCTAssertEqual(gaps.first?.level, .warning)

        let (quiet, quietEntries) = capture(level: .error)
        _ = try loadAnyAttitudeLog(path: path, logger: quiet)
        XCTAssertEqual(quietEntries.entries.map { "\($0.message)" }, [], "nothing below an error gets through")
    }

    // MARK: - The real binary

    private func attitude(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try BuiltTool.run("attitude", arguments)
        return (result.status, result.stdout, result.stderr)
    }

    func testQuietSilencesStatusAndWarningsAndVerboseAddsDetail() throws {
        let input = try rawLogWithAGap(), output = folder.appendingPathComponent("fused.csv").path
        let plain = try attitude(["fuse", input, "--output", output])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("attitude: \(input): gap in"), plain.stderr)
        XCTAssertTrue(plain.stderr.contains("attitude: wrote 1500 samples to \(output)"), plain.stderr)
        XCTAssertFalse(plain.stderr.contains("raw samples"), "no debug detail by default: \(plain.stderr)")

        let quiet = try attitude(["fuse", input, "--output", output, "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "", "--quiet says nothing but errors")
        XCTAssertEqual(try AttitudeLog.load(path: output).samples.count, 1500, "and still does the work")

        let verbose = try attitude(["fuse", input, "--output", output, "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("attitude: \(input): 1500 raw samples\n"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("attitude: fusing in 9d\n"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("attitude: wrote 1500 samples"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("attitude: ") }, verbose.stderr)
    }

    func testQuietStillSaysErrorsAndTheTwoFlagsAreRefusedTogether() throws {
        let missing = folder.appendingPathComponent("missing.csv").path
        let failed = try attitude(["views", missing, "--output", folder.appendingPathComponent("views.csv").path, "--quiet"])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.stderr.contains(missing), "an error still names the file under --quiet: \(failed.stderr)")

        let both = try attitude(["fuse", try rawLog(), "--output", folder.appendingPathComponent("x.csv").path, "--quiet", "--verbose"])
        XCTAssertEqual(both.status, 64)
        XCTAssertEqual(both.stderr, "attitude: --verbose and --quiet cannot go together\n")
    }
}
