import ExitKinds
import LensProfiles
import XCTest

/// LensProfiles' error says its kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status, and names the profile.
final class LensProfilesErrorKindTests: XCTestCase {
    func testABundledProfileThatIsNotOneIsTheInstallsData() {
        let error = LensProfileError(name: "GoPro_HERO5", reason: "is not a lens profile's JSON")
        XCTAssertEqual(error.exitKind, .data)
        XCTAssertEqual(error.description, "lens profile GoPro_HERO5: is not a lens profile's JSON")
    }
}
