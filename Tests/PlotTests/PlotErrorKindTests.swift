import ExitKinds
@testable import Plot
import XCTest

/// Plot's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class PlotErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (PlotError(description: "Cairo: out of memory"), .data, "a plot Cairo cannot draw"),
            (AttitudePlots.NothingToCompare(log: "a.csv", reference: "b.csv", withinSeconds: 0.02), .data, "two logs with nothing to compare"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
