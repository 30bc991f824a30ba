import AttitudeLog
import CommandTestSupport
import Foundation
import LogTestSupport
import XCTest

/// `--quiet` and `--verbose` on the real `attitude` binary (MessagesTests in SteadyDiceKitTests: what the
/// shared loader says through swift-log, captured in memory).
final class MessagesCommandTests: RawLogTestCase {
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
        XCTAssertTrue(verbose.stderr.contains("attitude: fusing 1500 raw samples of \(input) (9d) into xMagneticNorthZVertical\n"), verbose.stderr)
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
