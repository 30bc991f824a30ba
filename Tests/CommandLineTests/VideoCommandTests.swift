import AttitudeMath
import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// `steady-dice snapshot` with video and camera backgrounds, end to end through the executable.
final class VideoCommandTests: TemporaryFolderTestCase {
    private var video = ""

    override var folderPrefix: String { "steady-dice-video-cmd" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        video = try VideoTestFrames.writeVideo(in: folder, name: "clip.avi", width: 320, height: 240, count: 5, fps: 25)
    }

    /// The PNG a snapshot writes is the frame it was asked for, cropped as in-process rendering crops
    /// it, with the die on top: equal to the in-process render of the same frame and attitude.
    func testSnapshotOfVideoFrameWithDie() throws {
        let attitude = Quaternion(rollDegrees: -10, pitchDegrees: 25, yawDegrees: 40)
        for (selection, k) in [(["--frame", "3"], 3), (["--video-at", "0.085"], 2), ([], 0)] {
            let output = path("snap-\(k).png")
            let q = attitude
            let result = try CommandHarness.run(["snapshot", "--attitude", "\(q.w),\(q.x),\(q.y),\(q.z)", "--size", "180x240",
                                                 "--video", video, "--output", output] + selection)
            XCTAssertEqual(result.status, 0, result.stderr)
            let written = try RGBImage.read(path: output)
            let expected = try RenderHarness.render(attitude, width: 180, height: 240,
                                                    background: VideoTestFrames.frame(k, width: 320, height: 240),
                                                    generation: 31_000 + k)
            XCTAssertLessThanOrEqual(CommandHarness.differingChannels(written.pixels, expected.pixels), 0, "frame \(k) with \(selection)")
            // Outside the die, the background is the exact crop: the top border and the frame's own fill.
            assertPixel(written, 90, 2, VideoTestFrames.top, "top border")
            assertPixel(written, 20, 200, VideoTestFrames.fill(k), "fill of frame \(k)")
        }
    }

    /// A picture folder with its times file is a clip for `--video` as a video file is (`record` writes one,
    /// and the guides call it one): snapshot's `--frame` and `--video-at` pick its frames by the times file's
    /// times, render follows them, bench reads them; each picture is the video file's of the same frames.
    func testAPictureFolderIsAClipForVideo() throws {
        let pictures = folder.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        var times = "t,filename\n"
        for k in 0..<5 {
            try VideoTestFrames.frame(k, width: 320, height: 240).write(path: pictures.appendingPathComponent("\(k).png").path)
            times += "\(100 + Double(k) * 0.04),\(k).png\n"  // 25 fps, as the video file; times from the first
        }
        try times.write(to: pictures.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        for selection in [["--frame", "3"], ["--video-at", "0.085"], []] {
            var written: [[UInt8]] = []
            for source in [video, pictures.path] {
                let output = path("folder-\(written.count).png")
                let result = try CommandHarness.run(["snapshot", "--attitude", "0.9,0.1,0.3,0.2", "--size", "180x240",
                                                     "--video", source, "--output", output] + selection)
                XCTAssertEqual(result.status, 0, "\(source) \(selection): \(result.stderr)")
                written.append(try RGBImage.read(path: output).pixels)
            }
            XCTAssertEqual(written[0], written[1], "the folder's frame differs from the video's with \(selection)")
        }
        let missing = try CommandHarness.run(["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "--video", pictures.path,
                                              "--frame", "5", "--output", path("none.png")])
        XCTAssertEqual(missing.status, 65, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("\(pictures.path): has no frame 5 (its frames are 0 to 4)"), missing.stderr)

        try "t,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n".write(toFile: path("still.csv"), atomically: true, encoding: .utf8)
        var clips: [String] = []
        for source in [video, pictures.path] {
            let output = path("render-\(clips.count)")
            let result = try CommandHarness.run(["render", "--log", path("still.csv"), "--size", "80x60", "--fps", "25", "--to", "0.2",
                                                 "--video", source, "--output", output + "/"])
            XCTAssertEqual(result.status, 0, result.stderr)
            clips.append(output)
        }
        let frames = try FileManager.default.contentsOfDirectory(atPath: clips[0]).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(frames.count, 5)
        for name in frames {
            XCTAssertEqual(try RGBImage.read(path: clips[0] + "/" + name).pixels, try RGBImage.read(path: clips[1] + "/" + name).pixels, name)
        }
        let bench = try CommandHarness.run(["bench", "--size", "80x60", "--video", pictures.path, "--frames", "3", "--repeats", "1"])
        XCTAssertEqual(bench.status, 0, bench.stderr)
    }

    /// `run --video` in a real window shows the frame it starts at (a 1 fps clip, so it is still
    /// frame 2 after three window frames), exactly as the offscreen render does. Needs a display.
    func testRunShowsTheVideoInTheWindow() throws {
        try Requirement.display()
        let slow = try VideoTestFrames.writeVideo(in: folder, name: "slow.avi", width: 240, height: 320, count: 4, fps: 1)
        let output = path("window.png")
        let result = try CommandHarness.run(["run", "--attitude", "1,0,0,0", "--size", "320x180", "--frames", "3",
                                             "--video", slow, "--frame", "2", "--snapshot-on-exit", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let window = try RGBImage.read(path: output)
        let offscreen = try RenderHarness.render(Quaternion.identity, width: 320, height: 180,
                                                 background: VideoTestFrames.frame(2, width: 240, height: 320), generation: 52_000)
        XCTAssertEqual(CommandHarness.differingChannels(window.pixels, offscreen.pixels), 0, "window and offscreen frames differ")
    }

    /// With no background option and no camera, `run` says so and draws the plain background.
    func testRunWithoutCameraFallsBackAndSaysSo() throws {
        try Requirement.display()
        guard !FileManager.default.fileExists(atPath: "/dev/video0") else { throw Requirement.allowedSkip("this machine has a camera 0, which `run` would show") }
        let output = path("plain.png")
        let result = try CommandHarness.run(["run", "--attitude", "1,0,0,0", "--size", "160x120", "--frames", "2",
                                             "--snapshot-on-exit", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("no camera to show (camera 0: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("drawing the plain background"), result.stderr)
        let window = try RGBImage.read(path: output)
        let offscreen = try RenderHarness.render(Quaternion.identity, width: 160, height: 120)
        XCTAssertEqual(CommandHarness.differingChannels(window.pixels, offscreen.pixels), 0)
    }

    func testSnapshotFailuresNameTheSource() throws {
        let output = path("never.png")
        let base = ["snapshot", "--attitude", "1,0,0,0", "--size", "64x48", "--output", output]

        let missing = try CommandHarness.run(base + ["--video", path("absent.avi")])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("\(path("absent.avi")): missing"), missing.stderr)

        try Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }).write(to: URL(fileURLWithPath: path("noise.avi")))
        let noise = try CommandHarness.run(base + ["--video", path("noise.avi")])
        XCTAssertEqual(noise.status, 65)
        XCTAssertTrue(noise.stderr.contains("steady-dice: \(path("noise.avi")): "), noise.stderr)

        let camera = try CommandHarness.run(base + ["--camera", "99"])
        XCTAssertEqual(camera.status, 69)
        XCTAssertTrue(camera.stderr.contains("camera 99: no camera could be opened there"), camera.stderr)
        XCTAssertFalse(camera.stderr.contains("WARN"), "OpenCV's own warnings are silenced: \(camera.stderr)")

        let beyond = try CommandHarness.run(base + ["--video", video, "--frame", "7"])
        XCTAssertEqual(beyond.status, 65)
        XCTAssertTrue(beyond.stderr.contains("\(video): has no frame 7 (its frames are 0 to 4)"), beyond.stderr)

        let both = try CommandHarness.run(base + ["--video", video, "--camera", "0"])
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(both.stderr.contains("give at most one of --background, --camera and --video"), both.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written on failure")
    }
}
