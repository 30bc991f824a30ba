import CommandTestSupport
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// What a start of either executable loads: OpenCV's imgcodecs and videoio, with GDAL, GStreamer and about 240
/// libraries behind them, cost 0.15 CPU-seconds at every start when linked; the shim loads them when a picture or a
/// video needs them (Package.swift's CVShim).
final class StartCostTests: XCTestCase {
    func testNeitherExecutableLoadsOpenCVsPictureAndVideoModulesAtStart() throws {
        for tool in ["steady-dice", "attitude"] {
            // The dynamic loader lists what it loads, and stops before the program runs.
            var environment = ProcessInfo.processInfo.environment
            environment["LD_TRACE_LOADED_OBJECTS"] = "1"
            let result = try BuiltTool.run(tool, [], environment: environment, timeout: 30)
            XCTAssertEqual(result.status, 0, result.stderr)
            let libraries = result.stdout.split(separator: "\n")
            XCTAssertTrue(libraries.contains { $0.contains("libopencv_core.") }, "\(tool): \(result.stdout)")
            for module in ["libopencv_imgcodecs.", "libopencv_videoio.", "libgdal.", "libgstreamer-", "libavformat.", "libavcodec.",
                           "libswscale."] {
                XCTAssertFalse(libraries.contains { $0.contains(module) }, "\(tool) loads \(module) at every start")
            }
            XCTAssertLessThan(libraries.count, 200, "\(tool) loads \(libraries.count) libraries at every start")
        }
    }

    /// A PNG is written with libpng: a snapshot loads neither module, and a JPEG background (read by OpenCV) loads imgcodecs.
    func testAPictureWrittenLoadsNeitherModule() throws {
        let folder = try TemporaryFolder.make("start-cost")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"  // the dynamic loader names each library it opens, on stderr
        let png = folder.appendingPathComponent("die.png").path, jpeg = folder.appendingPathComponent("die.jpg").path
        let snapshot = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "0.8,0.3,0.4,0.33", "--size", "64x48", "--output", png],
                                         environment: environment, timeout: 60)
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        XCTAssertEqual(try RGBImage.read(path: png).width, 64)
        for module in ["libopencv_imgcodecs.", "libopencv_videoio."] {
            XCTAssertFalse(snapshot.stderr.contains("file=\(module)"), "writing a PNG loaded \(module)")
        }
        // The control: a JPEG background is read through OpenCV, which loads imgcodecs then.
        try RGBImage(width: 64, height: 48, fill: (40, 90, 160)).write(path: jpeg)
        let background = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "0.8,0.3,0.4,0.33", "--size", "64x48",
                                                            "--background", jpeg, "--output", png], environment: environment, timeout: 60)
        XCTAssertEqual(background.status, 0, background.stderr)
        XCTAssertTrue(background.stderr.contains("file=libopencv_imgcodecs."), "a JPEG background is read by OpenCV's imgcodecs")
    }

    /// FFmpeg's libraries are loaded by the first video read, not at start: a snapshot over none loads none of them,
    /// and one over a video (read through FFmpeg) loads them then, and reads its frame.
    func testFFmpegIsLoadedByTheFirstVideoRead() throws {
        let folder = try TemporaryFolder.make("start-cost-video")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let png = folder.appendingPathComponent("die.png").path, video = folder.appendingPathComponent("clip.mkv").path
        let plain = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "0.8,0.3,0.4,0.33", "--size", "64x48", "--output", png],
                                      environment: environment, timeout: 60)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        for library in ["libavformat.", "libavcodec.", "libswscale."] {
            XCTAssertFalse(plain.stderr.contains("file=\(library)"), "a snapshot without a video loaded \(library)")
        }
        try FFmpeg.run(["-f", "lavfi", "-i", "color=c=0x2050A0:size=64x48:rate=10", "-frames:v", "3", "-c:v", "ffv1", video], timeout: 60)
        let over = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "0.8,0.3,0.4,0.33", "--size", "64x48", "--video", video,
                                                     "--output", png], environment: environment, timeout: 60)
        XCTAssertEqual(over.status, 0, over.stderr)
        for library in ["libavformat.", "libavcodec.", "libswscale."] {
            XCTAssertTrue(over.stderr.contains("file=\(library)"), "a video read did not load \(library)")
        }
        // The corner shows the video's colour (within the rounding of its YUV encoding), not the background colour.
        let corner = try RGBImage.read(path: png)
        for (read, encoded) in zip(corner.pixels.prefix(3), [0x20, 0x50, 0xA0]) {
            XCTAssertLessThanOrEqual(abs(Int(read) - encoded), 2, "the video's colour behind the die: \(Array(corner.pixels.prefix(3)))")
        }
    }
}
