import RawLog
import XCTest

/// A raw log's refusal says what would serve instead in words, naming no option (the command line names `--mode 6d`,
/// `--platform` and `--log`, `CommandLineSupportTests.CommandLineMessagesTests`).
final class RawLogErrorWordsTests: XCTestCase {
    func testEveryRemedyIsSaidWithoutAnOption() {
        let remedies: [RawLogError.Remedy?] = [nil, .attitudeFile(name: "Orientation.csv"), .sixD, .platform]
        for remedy in remedies {
            let error = RawLogError(path: "rec", line: 3, "cannot be fused", remedy: remedy)
            // No default: a new remedy does not compile until it has its words here.
            let expected = switch remedy {
            case nil: "rec:3: cannot be fused"
            case .attitudeFile?: "rec:3: cannot be fused (its Orientation.csv plays as it is, as an attitude log)"
            case .sixD?: "rec:3: cannot be fused; use 6D"
            case .platform?: "rec:3: cannot be fused; give the platform, ios or android"
            }
            XCTAssertEqual(error.description, expected)
            XCTAssertFalse(error.description.contains("--"), error.description)
        }
    }
}
