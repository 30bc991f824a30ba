import CommandTestSupport
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// `--anchor` over a log says on stderr what its bearing counts from when the log's heading is not referenced to north
/// (HeadingLabelTests in SceneTests checks the HUD's label, AnchorAimTests the placement).
final class HeadingLabelCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "heading-labels" }

    /// A log in `frame` (nil: no `# frame:` line) held at `q`, 1 s long.
    private func log(_ name: String, frame: String?, q: String = "1,0,0,0") throws -> String {
        let log = folder.appendingPathComponent(name).path
        try ((frame.map { "# frame: \($0)\n" } ?? "") + "t,qw,qx,qy,qz\n0,\(q)\n1,\(q)\n").write(toFile: log, atomically: true, encoding: .utf8)
        return log
    }

    private func snapshot(_ arguments: [String], name: String) throws -> (stderr: String, image: RGBImage) {
        let out = folder.appendingPathComponent(name + ".png").path
        let result = try CommandHarness.run(["snapshot", "--size", "64x48", "--background", "none", "--output", out] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (result.stderr, try RGBImage.read(path: out))
    }

    /// With `--anchor-from first-look`, over a log whose heading is arbitrary the anchor counts from where the camera
    /// looks at the first frame drawn, and stderr says so in one line, with the log time and where elevation counts
    /// from; over a north log it says nothing of the kind. By default (as `--anchor-from log`) it keeps the log's X
    /// and says it is not north, pointing to first-look.
    func testAnAnchorOnAnArbitraryHeadingSaysWhatItCountsFrom() throws {
        let said = [
            "xArbitraryZVertical": "--anchor 30,0: bearing counted from where the camera looks at the first frame drawn (log time 0.500 s), "
                + "elevation from the horizon",
            "xArbitraryCorrectedZVertical": "--anchor 30,0: bearing counted from where the camera looks at the first frame drawn "
                + "(log time 0.500 s), elevation from the horizon",
            "none": "--anchor 30,0: bearing counted from where the camera looks at the first frame drawn (log time 0.500 s), "
                + "elevation from that look too: the log has no vertical",
        ]
        for frame in ["xArbitraryZVertical", "xArbitraryCorrectedZVertical", "none", "xMagneticNorthZVertical", "xTrueNorthZVertical"] {
            let log = try log(frame + ".csv", frame: frame == "none" ? nil : frame)
            // A north log's anchor counts from north by default, and says nothing.
            let origin = frame.hasPrefix("xArbitrary") || frame == "none" ? ["--anchor-from", "first-look"] : []
            let stderr = try snapshot(["--log", log, "--at", "0.5", "--anchor", "30,0"] + origin, name: frame).stderr
            let lines = stderr.split(separator: "\n").compactMap { line in line.range(of: "--anchor").map { String(line[$0.lowerBound...]) } }
            XCTAssertEqual(lines, said[frame].map { [$0] } ?? [], "\(frame): \(stderr)")
        }
        let sixD = try log("six-d.csv", frame: "xArbitraryZVertical")
        for origin in [["--anchor-from", "log"], []] {
            let fromTheLog = try snapshot(["--log", sixD, "--at", "0.5", "--anchor", "30,0"] + origin, name: "from-log").stderr
            XCTAssertTrue(fromTheLog.contains("\(sixD): heading arbitrary (xArbitraryZVertical): --anchor's bearing 30° counts from "
                                              + "the log's X, the device's heading at its start, not from north; fuse with a magnetometer "
                                              + "(9D) for bearings from north, or give --anchor-from first-look"), fromTheLog)
            XCTAssertFalse(fromTheLog.contains("bearing counted from where the camera looks"), fromTheLog)
        }
        let pinned = try snapshot(["--log", sixD, "--at", "0.5", "--anchor", "30,0", "--anchor-from", "0.25"], name: "pinned").stderr
        XCTAssertTrue(pinned.contains("--anchor 30,0: bearing counted from where the camera looks at log time 0.250 s (--anchor-from), "
                                      + "elevation from the horizon"), pinned)
    }

    /// `--anchor 0,0 --anchor-from first-look` over a log with no frame whose attitude is far from the identity (the
    /// articles' look straight down W's -Z) puts the die in the middle of the picture; `--anchor 180,0` puts it behind the
    /// camera.
    func testAnchorZeroZeroIsThePicturesMiddle() throws {
        let log = try log("gyro.csv", frame: nil, q: "0.2,0.7,-0.3,0.6")
        let empty = try snapshot(["--log", log, "--anchor", "180,0", "--anchor-from", "first-look"], name: "behind").image
        let drawn = try snapshot(["--log", log, "--anchor", "0,0", "--anchor-from", "first-look"], name: "ahead").image
        var sum = SIMD2<Double>(0, 0), count = 0.0
        for y in 0..<48 { for x in 0..<64 where drawn.pixel(x: x, y: y) != empty.pixel(x: x, y: y) {
            sum += SIMD2(Double(x), Double(y))
            count += 1
        }}
        XCTAssertGreaterThan(count, 100, "the die is drawn")
        XCTAssertEqual(sum.x / max(count, 1), 31.5, accuracy: 1.5, "the die's middle column")
        XCTAssertEqual(sum.y / max(count, 1), 23.5, accuracy: 1.5, "the die's middle row")
    }

    /// A value `--anchor-from` does not know, a look outside the log, and `--anchor-from` without `--anchor` are refused
    /// as usage errors (64), and so is a look asked of `--attitude`, which has no log to look in.
    func testAnchorFromRefusals() throws {
        let log = try log("six-d.csv", frame: "xArbitraryZVertical")
        let out = folder.appendingPathComponent("x.png").path
        let base = ["snapshot", "--log", log, "--size", "32x24", "-o", out]
        for (arguments, saying) in [(["--anchor", "0,0", "--anchor-from", "first"], "expected first-look, log or a log time in seconds"),
                                    (["--anchor", "0,0", "--anchor-from", "-1"], "expected first-look, log or a log time in seconds"),
                                    (["--anchor", "0,0", "--anchor-from", "3"], "--anchor-from 3 is outside \(log), which runs from 0 to 1.000 s"),
                                    (["--anchor-from", "log"], "--anchor-from says what --anchor counts from: give --anchor too"),
                                    (["--attitude", "1,0,0,0", "--anchor", "0,0", "--anchor-from", "0"],
                                     "--anchor-from counts from where the camera looks in a log; with --attitude or --imud")] {
            let attitude = arguments.first == "--attitude"
            let result = try CommandHarness.run((attitude ? ["snapshot", "--size", "32x24", "-o", out] : base) + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): a usage error")
            XCTAssertTrue(result.stderr.contains(saying), "\(arguments): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(arguments)")
        }
    }
}
