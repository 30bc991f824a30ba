import CommandLineSupport
import CommandTestSupport
import Foundation
import XCTest

/// `--version` on both executables prints the one version the package keeps (`SteadyDiceVersion`).
final class VersionTests: XCTestCase {
    func testBothExecutablesPrintTheOneVersion() throws {
        XCTAssertNotNil(SteadyDiceVersion.string.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression))
        for tool in ["steady-dice", "attitude"] {
            let result = try BuiltTool.run(tool, ["--version"], timeout: 30)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, SteadyDiceVersion.string + "\n", tool)
        }
    }
}
