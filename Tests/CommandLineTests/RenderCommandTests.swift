import AttitudeMath
import CalibrationFiles
import Camera
import CommandTestSupport
import CVShim
import Foundation
import Imaging
import Pixels
import Render
import TestSupport
import XCTest

/// `steady-dice render` end to end, and the camera options on `snapshot`: every output kind holds the
/// snapshots, bad outputs and bad intrinsics are clear errors, and a failure leaves nothing behind.
final class RenderCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-render" }

    /// `path(name)` with a trailing '/' kept (`path` drops it): it asks `render` for a folder of PNGs.
    private func renderOutput(_ name: String) -> String { name.hasSuffix("/") ? path(name) + "/" : path(name) }

    /// A log that turns the camera about W's vertical while it looks around the horizon, 1 s long.
    private func writeTurningLog() throws -> String {
        let north = Quaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5)
        var text = "t,qw,qx,qy,qz\n"
        for k in 0...10 {
            let q = Quaternion(axis: [0, 0, 1], angle: -Double(k) * 0.08) * north
            text += "\(Double(k) / 10),\(q.w),\(q.x),\(q.y),\(q.z)\n"
        }
        let log = path("turn.csv")
        try text.write(toFile: log, atomically: true, encoding: .utf8)
        return log
    }

    private static func writeIntrinsics(to path: String, matrix: String = "[ 300., 0., 170.5, 0., 310., 115., 0., 0., 1. ]",
                                        rows: Int = 3, distortion: String = "[ 0., 0., 0., 0., 0. ]", omit: String? = nil) throws {
        var text = "%YAML:1.0\n---\n"
        if omit != "image_width" { text += "image_width: 320\n" }
        if omit != "image_height" { text += "image_height: 240\n" }
        if omit != "camera_matrix" {
            text += "camera_matrix: !!opencv-matrix\n   rows: \(rows)\n   cols: 3\n   dt: d\n   data: \(matrix)\n"
        }
        if omit != "distortion_coefficients" {
            text += "distortion_coefficients: !!opencv-matrix\n   rows: 1\n   cols: 5\n   dt: d\n   data: \(distortion)\n"
        }
        text += "avg_reprojection_error: 0.2\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `image` undistorted by OpenCV alone (`cvs_reference_undistort_rgb`): the test's oracle.
    static func openCVUndistorted(_ image: RGBImage, matrix: [Double], distortion: [Double]) throws -> RGBImage {
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        var err = [CChar](repeating: 0, count: 512)
        let status = matrix.withUnsafeBufferPointer { k in
            distortion.withUnsafeBufferPointer { d in
                cvs_reference_undistort_rgb(k.baseAddress, d.baseAddress, Int32(d.count), Int32(image.width), Int32(image.height),
                                            image.pixels, &out, &err, err.count)
            }
        }
        guard status == 0 else {
            let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImagingError.video(path: "the test's OpenCV oracle", reason: message)
        }
        return RGBImage(width: image.width, height: image.height, pixels: out)
    }

    private func readFrames(video: String) throws -> [RGBImage] {
        let reader = try VideoReader(path: video)
        var frames: [RGBImage] = []
        while let frame = try reader.next() { frames.append(frame.image) }
        return frames
    }

    /// Frames of .mkv, .avi and a PNG folder equal `snapshot --at` the same times within 2 per channel;
    /// the lossy .mp4 is H.264, has every frame and stays close. `--anchor` counts from the log's W by default, the
    /// same for every frame; each snapshot is also given `--anchor-from 0`, the render's start, which over this log
    /// (its first attitude the identity) is the same anchor.
    func testEveryOutputKindHoldsTheSnapshots() throws {
        let log = try writeTurningLog()
        let intrinsics = path("camera.yml")
        try Self.writeIntrinsics(to: intrinsics)
        let common = ["--log", log, "--size", "128x96", "--panorama", "models/compass-sky.png", "--anchor", "-10,5,3",
                      "--intrinsics", intrinsics]
        let assets = try Assets.locate()
        let root = assets.models.deletingLastPathComponent().path
        let times = [0.0, 0.2, 0.4, 0.6]
        var snapshots: [RGBImage] = []
        for (k, t) in times.enumerated() {
            let out = path("snap\(k).png")
            let result = try CommandHarness.run(["snapshot"] + common.map { $0 == "models/compass-sky.png" ? "\(root)/\($0)" : $0 }
                                                + ["--at", "\(t)", "--anchor-from", "0", "-o", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            snapshots.append(try RGBImage.read(path: out))
        }
        XCTAssertGreaterThan(CommandHarness.differingChannels(snapshots[0].pixels, snapshots[3].pixels), 1000, "the camera turns")
        for output in ["v.mkv", "v.avi", "v.mp4", "frames/"] {
            let result = try CommandHarness.run(["render"] + common.map { $0 == "models/compass-sky.png" ? "\(root)/\($0)" : $0 }
                                                + ["--fps", "5", "--to", "0.8", "-o", renderOutput(output)])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("render: frame 4 of 4"), result.stderr)
            let frames: [RGBImage]
            if output.hasSuffix("/") {
                // The PNGs and frames.csv with each one's time: the folder is a clip `calibrate` and `--video` read.
                let names = try FileManager.default.contentsOfDirectory(atPath: path(output)).sorted()
                XCTAssertEqual(names, (0..<4).map { String(format: "frame-%06d.png", $0) } + ["frames.csv"])
                let sequence = try ImageSequence(folder: path(output))
                XCTAssertEqual(sequence.frames.map(\.time), [0, 0.2, 0.4, 0.6])
                frames = try sequence.frames.map { try RGBImage.read(path: $0.path) }
            } else {
                frames = try readFrames(video: path(output))
            }
            XCTAssertEqual(frames.count, 4, output)
            if output.hasSuffix(".mp4") {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path(output)))
                XCTAssertNotNil(bytes.range(of: Data("avcC".utf8)), "the .mp4 holds H.264 (libx264 is in Debian's FFmpeg)")
            }
            for (k, frame) in frames.enumerated() where k < snapshots.count {
                let differing = CommandHarness.differingChannels(frame.pixels, snapshots[k].pixels, tolerance: 2)
                if output.hasSuffix(".mp4") {
                    let meanError = zip(frame.pixels, snapshots[k].pixels).map { abs(Double($0) - Double($1)) }.reduce(0, +)
                        / Double(frame.pixels.count)
                    XCTAssertLessThan(meanError, 6, "\(output) frame \(k) is far from the snapshot")
                } else {
                    XCTAssertEqual(differing, 0, "\(output) frame \(k) differs from snapshot --at \(times[k])")
                }
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".partial") }
            XCTAssertEqual(leftovers, [], "no temporary file is left")
        }
    }

    /// A --video background follows the log's clock: frame k shows the video at --video-at + k/--fps,
    /// exactly as `snapshot --at T --video-at V` with the same times.
    func testVideoBackgroundFollowsTheClock() throws {
        let log = try writeTurningLog()
        let video = path("colours.avi")
        let writer = try VideoWriter(path: video, codec: "FFV1", fps: 30, size: PictureSize(fixedWidth: 64, height: 48))
        for k in 0..<30 { try writer.write(RGBImage(width: 64, height: 48, fill: (UInt8(k * 8), UInt8(255 - k * 8), 90))) }
        writer.close()
        let result = try CommandHarness.run(["render", "--log", log, "--size", "64x48", "--fps", "10", "--from", "0.2", "--to", "0.5",
                                             "--video", video, "--video-at", "0.1", "--fov", "40", "-o", renderOutput("pngs/")])
        XCTAssertEqual(result.status, 0, result.stderr)
        for k in 0..<3 {
            let snapshot = path("s\(k).png")
            let shot = try CommandHarness.run(["snapshot", "--log", log, "--at", "\(0.2 + Double(k) / 10)", "--size", "64x48",
                                               "--video", video, "--video-at", "\(0.1 + Double(k) / 10)", "--fov", "40", "-o", snapshot])
            XCTAssertEqual(shot.status, 0, shot.stderr)
            let frame = try RGBImage.read(path: renderOutput("pngs/") + String(format: "frame-%06d.png", k))
            XCTAssertEqual(CommandHarness.differingChannels(frame.pixels, try RGBImage.read(path: snapshot).pixels, tolerance: 2), 0, "frame \(k)")
            // The corner shows the video frame 3 + 3k (30 fps), not the die.
            XCTAssertEqual(Int(frame.pixel(x: 0, y: 0).r), (3 + 3 * k) * 8, accuracy: 2, "frame \(k)")
        }
    }

    func testBadOutputsAreClearErrors() throws {
        let log = try writeTurningLog()
        let missingFolder = try CommandHarness.run(["render", "--log", log, "--size", "64x48", "--fps", "5", "-o", path("absent/v.mkv")])
        XCTAssertEqual(missingFolder.status, 74)
        XCTAssertTrue(missingFolder.stderr.contains("absent/v.mkv: the folder"), missingFolder.stderr)
        let unknown = try CommandHarness.run(["render", "--log", log, "--size", "64x48", "--fps", "5", "-o", path("v.gif")])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("--output must name a .mkv, .avi or .mp4 file"), unknown.stderr)
        try FileManager.default.createDirectory(atPath: path("full"), withIntermediateDirectories: false)
        try "x".write(toFile: path("full/keep.txt"), atomically: true, encoding: .utf8)
        let notEmpty = try CommandHarness.run(["render", "--log", log, "--size", "64x48", "--fps", "5", "-o", renderOutput("full/")])
        XCTAssertEqual(notEmpty.status, 73, "an output never replaced (fuzz round 41)")
        XCTAssertTrue(notEmpty.stderr.contains("is a folder that is not empty"), notEmpty.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("full")), ["keep.txt"])
    }

    /// A writer that fails half-way (the background video runs out: `--to` asks past its end, which render would
    /// otherwise stop at) leaves neither the output nor a temporary file behind.
    func testAFailureHalfWayLeavesNothing() throws {
        let log = try writeTurningLog()
        let video = path("short.avi")
        let writer = try VideoWriter(path: video, codec: "FFV1", fps: 30, size: PictureSize(fixedWidth: 64, height: 48))
        for k in 0..<3 { try writer.write(RGBImage(width: 64, height: 48, fill: (UInt8(k * 80), 0, 0))) }
        writer.close()
        for output in ["v.mkv", "pngs/"] {
            let result = try CommandHarness.run(["render", "--log", log, "--size", "64x48", "--fps", "10", "--video", video,
                                                 "--no-video-loop", "--to", "1", "-o", renderOutput(output)])
            XCTAssertEqual(result.status, 65)
            XCTAssertTrue(result.stderr.contains("short.avi: has no frame"), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["short.avi", "turn.csv"])
        }
    }

    /// `snapshot --intrinsics` with distortion and `--lens-drawing undistort` shows the background
    /// undistorted by OpenCV: at the calibrated size the picture is exactly the undistorted image; another
    /// size is refused.
    func testSnapshotUndistortsTheBackground() throws {
        var pixels = [UInt8](repeating: 0, count: 320 * 240 * 3)
        for y in 0..<240 { for x in 0..<320 where (x / 16 + y / 16) % 2 == 0 { for c in 0..<3 { pixels[(y * 320 + x) * 3 + c] = 230 } } }
        let checker = RGBImage(width: 320, height: 240, pixels: pixels)
        try checker.write(path: path("checker.png"))
        let yml = path("distorted.yml")
        try Self.writeIntrinsics(to: yml, distortion: "[ 0.25, 0.05, 0.001, -0.002, 0. ]")
        // Looking north, level, with the die anchored south: behind the camera, so only the background shows.
        let base = ["snapshot", "--attitude", "0.5,0.5,-0.5,-0.5", "--anchor", "180,0", "--intrinsics", yml, "--lens-drawing", "undistort"]
        let result = try CommandHarness.run(base + ["--size", "320x240", "--background", path("checker.png"), "-o", path("u.png")])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The oracle: OpenCV's own maps and remap from the numbers written into distorted.yml, with no
        // Undistorter and no file reader of ours.
        let expected = try Self.openCVUndistorted(checker, matrix: [300, 0, 170.5, 0, 310, 115, 0, 0, 1],
                                                  distortion: [0.25, 0.05, 0.001, -0.002, 0])
        let shown = try RGBImage.read(path: path("u.png"))
        XCTAssertEqual(CommandHarness.differingChannels(shown.pixels, expected.pixels, tolerance: 2), 0)
        XCTAssertGreaterThan(CommandHarness.differingChannels(shown.pixels, checker.pixels, tolerance: 10), 5000, "it was undistorted")

        try RGBImage(width: 160, height: 120, fill: (9, 9, 9)).write(path: path("small.png"))
        let wrongSize = try CommandHarness.run(base + ["--size", "320x240", "--background", path("small.png"), "-o", path("w.png")])
        XCTAssertEqual(wrongSize.status, 65)
        XCTAssertTrue(wrongSize.stderr.contains("small.png: is 160x120, but \(yml) describes 320x240 pictures"), wrongSize.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("w.png")))
    }

    /// Ctrl-C during a render stops it between frames and removes the unfinished file.
    func testInterruptedRenderLeavesNothing() throws {
        let demo = try Assets.locate().models.appendingPathComponent("demo-attitude.csv").path
        let errors = Pipe()
        let process = try CommandHarness.start(["render", "--log", demo, "--size", "320x240", "--fps", "30", "-o", path("long.mkv")],
                                               stderr: errors)
        var seen = ""
        let deadline = Date(timeIntervalSinceNow: 60)
        while !seen.contains("render: frame"), process.isRunning, Date() < deadline {
            seen += String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        }
        XCTAssertTrue(seen.contains("render: frame"), "progress on stderr: \(seen)")
        kill(process.processIdentifier, SIGINT)
        CommandHarness.finish(process, within: 30, what: "render after SIGINT")
        seen += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertTrue(seen.contains("long.mkv: stopped by a signal after"), seen)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testIntrinsicsAreReadWithTheirKeys() throws {
        let good = path("good.yml")
        try Self.writeIntrinsics(to: good, distortion: "[ -0.2, 0.05, 0., 0., 0. ]")
        let camera = try LensCamera.read(path: good)
        XCTAssertEqual(camera.pinhole, PinholeCamera(fx: 300, fy: 310, cx: 170.5, cy: 115, size: PictureSize(fixedWidth: 320, height: 240)))
        XCTAssertEqual(camera.lens.coefficients, [-0.2, 0.05, 0, 0, 0])
        XCTAssertTrue(camera.isDistorted)

        func assertFails(_ name: String, mentions expected: String, file: StaticString = #filePath, line: UInt = #line,
                         _ write: (String) throws -> Void) throws {
            let p = path(name)
            try write(p)
            XCTAssertThrowsError(try LensCamera.read(path: p), file: file, line: line) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix(p) && message.contains(expected), message, file: file, line: line)
            }
            let result = try CommandHarness.run(["snapshot", "--attitude", "1,0,0,0", "--size", "64x48", "--intrinsics", p,
                                                 "-o", path("x.png")])
            XCTAssertEqual(result.status, 65, file: file, line: line)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr, file: file, line: line)
        }
        try assertFails("nomatrix.yml", mentions: "camera_matrix: missing") { try Self.writeIntrinsics(to: $0, omit: "camera_matrix") }
        try assertFails("nowidth.yml", mentions: "image_width: missing") { try Self.writeIntrinsics(to: $0, omit: "image_width") }
        try assertFails("nodist.yml", mentions: "distortion_coefficients: missing") {
            try Self.writeIntrinsics(to: $0, omit: "distortion_coefficients")
        }
        try assertFails("shape.yml", mentions: "camera_matrix: expected 3x3, found 2x3") {
            try Self.writeIntrinsics(to: $0, matrix: "[ 300., 0., 170., 0., 310., 115. ]", rows: 2)
        }
        try assertFails("negative.yml", mentions: "camera_matrix: the focal lengths") {
            try Self.writeIntrinsics(to: $0, matrix: "[ -300., 0., 170., 0., 310., 115., 0., 0., 1. ]")
        }
        try assertFails("junk.yml", mentions: "junk.yml") { try "not: [yaml".write(toFile: $0, atomically: true, encoding: .utf8) }
        try assertFails("absent.yml", mentions: "absent.yml: missing") { _ in }
    }

    /// With distortion, a background of the calibrated size is undistorted (the principal point stays,
    /// the corners move in); a picture of another size is refused, naming both sizes.
    func testDistortedBackgroundsAreUndistorted() throws {
        let camera = LensCamera(pinhole: PinholeCamera(fx: 300, fy: 300, cx: 160, cy: 120, size: PictureSize(fixedWidth: 320, height: 240)),
                                      distortion: [0.3, 0.1, 0, 0, 0])
        let undistorter = try Undistorter(camera: camera)
        var pixels = [UInt8](repeating: 0, count: 320 * 240 * 3)
        for y in 0..<240 { for x in 0..<320 where (x / 20 + y / 20) % 2 == 0 { for c in 0..<3 { pixels[(y * 320 + x) * 3 + c] = 255 } } }
        let checker = RGBImage(width: 320, height: 240, pixels: pixels)
        let out = try undistorter.apply(checker, source: "test")
        let expected = try Self.openCVUndistorted(checker, matrix: [300, 0, 160, 0, 300, 120, 0, 0, 1], distortion: [0.3, 0.1, 0, 0, 0])
        XCTAssertEqual(CommandHarness.differingChannels(out.pixels, expected.pixels, tolerance: 2), 0, "against OpenCV's own remap")
        XCTAssertEqual(out.pixel(x: 165, y: 125).r, checker.pixel(x: 165, y: 125).r, "the middle stays")
        // Pincushion distortion undistorted: the corners would come from beyond the picture, so they are black.
        XCTAssertEqual(out.pixel(x: 0, y: 0).r, 0)
        XCTAssertGreaterThan(CommandHarness.differingChannels(out.pixels, checker.pixels, tolerance: 10), 10000)
        XCTAssertThrowsError(try undistorter.apply(RGBImage(width: 64, height: 48, fill: (0, 0, 0)), source: "cam.png")) { error in
            XCTAssertTrue("\(error)".contains("cam.png: is 64x48, but the intrinsics are for 320x240"), "\(error)")
        }
    }
}
