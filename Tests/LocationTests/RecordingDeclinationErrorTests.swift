import Location
import XCTest

/// Why a recording gives no declination, said without an option (the command line names `--declination` and
/// `--max-accuracy`, `CommandLineSupportTests.CommandLineMessagesTests`).
final class RecordingDeclinationErrorTests: XCTestCase {
    func testEveryCaseSaysItsFactsWithoutAnOption() {
        let examples: [RecordingDeclinationError] = [
            .noGoodFix(path: "rec/Location.csv", maxAccuracyMetres: 5),
            .noModel(path: "rec/Location.csv", line: 2, day: "1890-01-01", reason: "1890.0 is outside every model"),
        ]
        for error in examples {
            // No default: a new case does not compile until it has its words here.
            let expected = switch error {
            case .noGoodFix:
                "rec/Location.csv: no fix has a horizontal accuracy within 5.0 m, so no declination for true north; "
                    + "give the declination, or a larger accuracy limit"
            case .noModel:
                "rec/Location.csv:2: the fix of 1890-01-01: 1890.0 is outside every model; give the declination for true north"
            }
            XCTAssertEqual(error.description, expected)
            XCTAssertFalse(error.description.contains("--"), error.description)
        }
    }
}
