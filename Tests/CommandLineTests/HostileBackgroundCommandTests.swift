import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import Pixels
import Render
import TestSupport
import XCTest

/// Backgrounds from hostile numbers: video times and frames past any video (HostileBackgroundTests in
/// RenderTests draws a picture larger than the largest GL texture).
final class HostileBackgroundCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "hostile-bg" }

    /// The last line of stderr, after checking it is the only error line and is clean.
    private func message(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let lines = stderr.split(separator: "\n").map(String.init)
        XCTAssertFalse(stderr.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control },
                       file: file, line: line)
        return lines.last ?? ""
    }

    /// `--video-at 1e308` trapped converting seconds × fps to Int; `--frame Int.max` showed frame 1. A time past
    /// `TimeBounds` (`--video-at 1e300` showed an arbitrary frame of a looped video) is refused; within it,
    /// a time past the video is no frame, or wraps exactly when the video loops.
    func testVideoTimesAndFramesPastAnyVideo() throws {
        let video = path("ten.avi")
        let writer = try VideoWriter(path: video, codec: "FFV1", fps: 10, size: PictureSize(fixedWidth: 32, height: 24))
        for k in 0..<10 { try writer.write(RGBImage(width: 32, height: 24, fill: (UInt8(k * 20), 0, 0))) }
        writer.close()
        let base = ["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "--video", video, "--output", path("s.png")]

        let unbounded = try CommandHarness.run(base + ["--video-at", "1e308"])
        XCTAssertEqual(unbounded.status, 64, unbounded.stderr)
        XCTAssertEqual(message(unbounded.stderr), "steady-dice: --video-at 1e+308 s is outside ±1e10 s, where a double still resolves microseconds")

        let noLoop = try CommandHarness.run(base + ["--video-at", "1e10", "--no-video-loop"])
        XCTAssertEqual(noLoop.status, 65, noLoop.stderr)
        XCTAssertTrue(message(noLoop.stderr).hasPrefix("steady-dice: \(video): has no frame 100000000000 (its frames are 0 to 9)"),
                      noLoop.stderr)

        // 1e10 s into a 1 s video that loops is 0 s into it: frame 0, as --video-at 0 shows.
        let looped = try CommandHarness.run(base + ["--video-at", "1e10"])
        XCTAssertEqual(looped.status, 0, looped.stderr)
        let loopedPicture = try RGBImage.read(path: path("s.png"))
        XCTAssertEqual(try CommandHarness.run(base + ["--video-at", "0"]).status, 0)
        XCTAssertEqual(try RGBImage.read(path: path("s.png")).pixels, loopedPicture.pixels)
        XCTAssertEqual(try CommandHarness.run(base + ["--video-at", "0.5"]).status, 0)
        XCTAssertNotEqual(try RGBImage.read(path: path("s.png")).pixels, loopedPicture.pixels, "frame 5 is another colour")

        let largest = try CommandHarness.run(base + ["--frame", "9223372036854775807"])
        XCTAssertEqual(largest.status, 65, largest.stderr)
        XCTAssertTrue(message(largest.stderr).contains("has no frame 9223372036854775807 (its frames are 0 to 9)"), largest.stderr)

        let past = try CommandHarness.run(base + ["--frame", "9223372036854775808"])
        XCTAssertEqual(past.status, 64, past.stderr)
        XCTAssertEqual(past.stderr.split(separator: "\n").count, 1, past.stderr)

        try "t,qw,qx,qy,qz\n0,1,0,0,0\n0.2,1,0,0,0\n".write(toFile: path("still.csv"), atomically: true, encoding: .utf8)
        let rendered = try CommandHarness.run(["render", "--log", path("still.csv"), "--size", "32x24", "--fps", "10", "--video", video,
                                               "--video-at", "1e10", "--no-video-loop", "-o", path("r.mkv")])
        XCTAssertNotEqual(rendered.status, 0)
        XCTAssertEqual(rendered.status, 65, "the video has no frame at that time: a data error, \(rendered.stderr)")
    }
}
