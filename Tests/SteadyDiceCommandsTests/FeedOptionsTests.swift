import CommandTestSupport
import IMUD
import SteadyDiceCommands
import XCTest

/// `steady-dice feed`'s options in-process: imud's frame and mount are values when parsed, and a bad one is refused
/// then, naming its option, before any log is read.
final class FeedOptionsTests: XCTestCase {
    func testTheFrameAndMountAreParsedIntoTheMapping() throws {
        let defaults = try FeedOptions.parse(["--log", "a.csv"])
        XCTAssertEqual(defaults.mapping.coordFrame, .ned)
        XCTAssertEqual(defaults.mapping.mount, .aligned)
        let given = try FeedOptions.parse(["--log", "a.csv", "--coord-frame", "ENU", "--mount", "yaw90"])
        XCTAssertEqual(given.mapping.coordFrame, .enu, "any case")
        XCTAssertEqual(given.mapping.mount.eulerDegrees, SIMD3(0, 0, 90), "the preset is its Euler angles")
        XCTAssertEqual(given.mapping.mount.presetName, "yaw90")
        let euler = try FeedOptions.parse(["--log", "a.csv", "--mount", "10,0,0"])
        XCTAssertEqual(euler.mapping.mount.eulerDegrees, SIMD3(10, 0, 0))
    }

    func testABadFrameOrMountIsRefusedNamingItsOption() {
        assertRefused(FeedOptions.self, ["--log", "a.csv", "--coord-frame", "nwu"], saying: "--coord-frame", "'nwu'", "expected ned or enu")
        assertRefused(FeedOptions.self, ["--log", "a.csv", "--mount", "yaw45"], saying: "--mount", "yaw45", "yaw90", "ROLL,PITCH,YAW")
        assertRefused(FeedOptions.self, ["--log", "a.csv", "--mount", "1,2"], saying: "--mount", "ROLL,PITCH,YAW")
    }
}
