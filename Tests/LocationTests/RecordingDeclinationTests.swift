import AttitudeMath
import Foundation
@testable import Location
import LogTestSupport
import XCTest

/// A recording's own declination (`RecordingDeclination`): a Sensor Logger folder with Location.csv gives it (TrueNorthCommandTests
/// in CommandLineTests: the commands need no --declination).
final class RecordingDeclinationTests: LocationTestCase {
    func testTheDeclinationComesFromTheFirstGoodFix() throws {
        let recording = try writeRecording("rec")
        let found = try XCTUnwrap(RecordingDeclination.find(folder: recording, maxAccuracyMetres: 20))
        XCTAssertEqual(found.fix.latitude, 64.1)
        XCTAssertEqual(found.skipped, 3)
        XCTAssertEqual(found.fix.line, 5)
        let model = try MagneticModel.wmm2025()
        let year = DecimalYear.parse("2026-03-01")! + (10.0 + 3.0 / 3600) / 24 / 365
        let reykjavik = try model.field(latitudeDegrees: 64.1, longitudeDegrees: -21.9, heightMetres: 40, decimalYear: year)
        let capeTown = try model.field(latitudeDegrees: -33.9, longitudeDegrees: 18.4, heightMetres: 20, decimalYear: year)
        XCTAssertEqual(found.declinationDegrees, reykjavik.declinationDegrees, accuracy: 1e-6)
        XCTAssertGreaterThan(abs(reykjavik.declinationDegrees - capeTown.declinationDegrees), 5, "the test tells the fixes apart")
        XCTAssertTrue(found.summary.contains("2026-03-01"), found.summary)
        XCTAssertNil(try RecordingDeclination.find(folder: folder.path, maxAccuracyMetres: 20), "no Location.csv")
        // With a threshold no fix meets, it is refused, naming the file.
        XCTAssertThrowsError(try RecordingDeclination.find(folder: recording, maxAccuracyMetres: 5)) {
            XCTAssertTrue("\($0)".contains("Location.csv: no fix has a horizontal accuracy within 5.0 m"), "\($0)")
        }
    }
}
