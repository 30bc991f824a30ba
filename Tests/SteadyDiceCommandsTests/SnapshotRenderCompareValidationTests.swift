@testable import SteadyDiceCommands
import CommandTestSupport
import XCTest

/// `snapshot`'s, `render`'s and `compare`'s options checked together before any work: each refusal names the options
/// that clash or the range a number must keep.
final class SnapshotRenderCompareValidationTests: XCTestCase {
    func testSnapshotNeedsOneSourceAndAPNG() {
        let picture = ["--size", "64x48", "-o", "die.png"]
        XCTAssertNil(refusal(Snapshot.self, picture + ["--log", "a.csv", "--at", "2", "--time-offset", "0.1"]))
        XCTAssertNil(refusal(Snapshot.self, picture + ["--attitude", "1,0,0,0"]))
        assertRefused(Snapshot.self, picture, saying: "give exactly one of --log, --attitude or --imud")
        assertRefused(Snapshot.self, picture + ["--log", "a.csv", "--attitude", "1,0,0,0"], saying: "give exactly one of --log, --attitude or --imud")
        assertRefused(Snapshot.self, ["--size", "64x48", "-o", "die.jpg", "--log", "a.csv"], saying: "--output must name a .png file")
        assertRefused(Snapshot.self, picture + ["--attitude", "1,0,0,0", "--at", "1"], saying: "--at needs --log")
        assertRefused(Snapshot.self, picture + ["--attitude", "1,0,0,0", "--time-offset", "0.1"],
                      saying: "--time-offset needs --log (or run's --imud): a fixed attitude has no clock to shift")
        assertRefused(Snapshot.self, picture + ["--imud", "udp:9000", "--time-offset", "0.1"],
                      saying: "--time-offset needs --log (or run's --imud): a fixed attitude has no clock to shift")
        XCTAssertNil(refusal(Snapshot.self, picture + ["--attitude", "1,0,0,0", "--time-offset", "0.1", "--calibration", "cal.yaml"]),
                     "beside a calibration the file's rule decides")
        assertRefused(Snapshot.self, ["--size", "64x0", "-o", "die.png", "--log", "a.csv"], saying: "--size")
    }

    func testRenderChecksItsTimesAndItsOutput() {
        let video = ["--log", "a.csv", "--size", "320x240", "--fps", "30"]
        XCTAssertNil(refusal(RenderVideo.self, video + ["-o", "clip.mkv", "--from", "1", "--to", "2"]))
        XCTAssertNil(refusal(RenderVideo.self, ["--log", "a.csv", "--size", "321x240", "--fps", "30", "-o", "frames/"]),
                     "PNG frames of any size")
        assertRefused(RenderVideo.self, ["--log", "a.csv", "--size", "320x240", "--fps", "0", "-o", "clip.mkv"], saying: "--fps must be a positive number")
        assertRefused(RenderVideo.self, video + ["-o", "clip.mkv", "--from", "-1"], saying: "--from must be 0 or more seconds")
        assertRefused(RenderVideo.self, video + ["-o", "clip.mkv", "--from", "2", "--to", "2"], saying: "--to must be later than --from")
        assertRefused(RenderVideo.self, video + ["-o", "clip.mov"], saying: "--output must name a .mkv, .avi or .mp4 file, or a folder ending in '/'")
        assertRefused(RenderVideo.self, ["--log", "a.csv", "--size", "321x240", "--fps", "30", "-o", "clip.mp4"],
                      saying: "--output clip.mp4 at --size 321x240", "even")
    }

    func testCompareKeepsItsToleranceAndShareInRange() throws {
        let compare = try Compare.parse(["a.png", "b.png"])
        XCTAssertEqual(compare.tolerance, 2, "the golden tests' tolerance")
        XCTAssertEqual(compare.maxFraction, 0)
        assertRefused(Compare.self, ["a.png", "b.png", "--tolerance", "256"], saying: "--tolerance must be from 0 to 255")
        assertRefused(Compare.self, ["a.png", "b.png", "--max-fraction", "1.5"], saying: "--max-fraction must be from 0 to 1")
        assertRefused(Compare.self, ["a.png", "b.png", "--diff", "diff.jpg"], saying: "--diff must name a .png file")
    }
}
