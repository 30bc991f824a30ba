import ExitKinds
import Location
import XCTest

/// Location's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class LocationErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (MagneticModelError("WMM.COF:3: malformed number"), .data, "a model that cannot be read"),
            (LocationError(path: "fixes.csv", line: 2, column: "lat", "not a number"), .data, "a malformed location file"),
            (RecordingDeclinationError.noGoodFix(path: "Location.csv", maxAccuracyMetres: 5), .data, "no fix good enough for a declination"),
            (RecordingDeclinationError.noModel(path: "Location.csv", line: 2, day: "1890-01-01", reason: "outside the models"), .data,
             "a fix no magnetic model covers"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
