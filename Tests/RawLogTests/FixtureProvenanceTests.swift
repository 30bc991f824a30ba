import CommandTestSupport
import Foundation
import TestSupport
import XCTest

/// Every BROAD excerpt kept in the repository is what `scripts/maintainer/make-broad-excerpts.py` makes from the trial in
/// the shared data (source, rows and columns named there, values copied as text): its `--check` rebuilds each
/// and compares it byte for byte with the committed file.
final class FixtureProvenanceTests: XCTestCase {
    func testEveryBROADExcerptIsWhatItsScriptMakes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Fixtures.sharedData("broad")
        let python = try Requirement.tool(["/usr/bin/python3", "/usr/local/bin/python3"], package: "python3")
        let result = try BuiltTool.run(python, [root.appendingPathComponent("scripts/maintainer/make-broad-excerpts.py").path, "--check", "--data", data],
                                       currentDirectory: root, timeout: 120)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stdout)
        for line in lines { XCTAssertTrue(line.contains(": matches; source "), String(line)) }
        XCTAssertTrue(result.stdout.contains("Tests/RawLogTests/Fixtures/broad_01_excerpt.csv.xz: matches"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Sources/SteadyDiceAssets/examples/broad_02_excerpt.csv.xz: matches"), result.stdout)
    }
}
