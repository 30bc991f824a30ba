import CommandTestSupport
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// `steady-dice bench` and `bench --write-video`, end to end. What is checked is what the output says and how
/// its figures hang together, never how fast anything is: speed is the benchmark's to print.
final class BenchCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-bench" }

    /// The figure of `phase` ("upload", "draw", "read-back", "total") in ms, from bench's report.
    private func figure(_ phase: String, in report: String) throws -> Double {
        let line = try XCTUnwrap(report.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(phase + " ") },
                                 "no \(phase) line in: \(report)")
        let words = line.split(separator: " ")
        let value = try XCTUnwrap(Double(words[1]), String(line))
        XCTAssertEqual(words[2], "ms", String(line))
        return value
    }

    /// bench stopped by Ctrl-C or SIGTERM ends 130 saying so on one line.
    func testAnInterruptedBenchSaysSo() throws {
        for signal in [SIGINT, SIGTERM] {
            let stopped = try CommandHarness.interrupt(["bench", "--size", "160x120", "--frames", "100", "--repeats", "100000"], with: signal,
                                                       ready: { $0.contains("run 1/100000") })
            XCTAssertTrue(stopped.exited, "ended by the signal itself: \(stopped.stderr)")
            XCTAssertEqual(stopped.status, 130, stopped.stderr)
            XCTAssertEqual(stopped.stderr.split(separator: "\n").last, "steady-dice: bench: stopped by a signal; nothing was measured")
        }
    }

    /// `bench --write-video` stopped the same way removes its partial video and says so.
    func testAnInterruptedTestVideoLeavesNothing() throws {
        let video = folder.appendingPathComponent("test.avi").path
        let partial = { () -> Bool in
            ((try? FileManager.default.contentsOfDirectory(atPath: self.folder.path)) ?? []).contains { $0.hasPrefix(".test.partial-") }
        }
        let stopped = try CommandHarness.interrupt(["bench", "--write-video", video, "--size", "320x240", "--frames", "100000"], with: SIGINT,
                                                   ready: { _ in partial() })
        XCTAssertTrue(stopped.exited, stopped.stderr)
        XCTAssertEqual(stopped.status, 130, stopped.stderr)
        let last = String(stopped.stderr.split(separator: "\n").last ?? "")
        XCTAssertTrue(last.hasPrefix("steady-dice: \(video): stopped by a signal after ") && last.hasSuffix(" of 100000 frames; nothing was kept"),
                      stopped.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testBenchReportsEachPhaseAndAConsistentTotal() throws {
        let result = try BuiltTool.run("steady-dice", ["bench", "--size", "160x120", "--frames", "5", "--repeats", "3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "offscreen 160x120, 5 frames x 3 runs, background: generated 160x120 picture")
        XCTAssertEqual(lines.count, 5, result.stdout)
        for phase in ["upload", "draw", "read-back", "total"] {
            let value = try figure(phase, in: result.stdout)
            XCTAssertTrue(value.isFinite && value >= 0, "\(phase): \(value)")
        }
        XCTAssertGreaterThan(try figure("draw", in: result.stdout), 0)
        // "total  T ms per frame (median), F frames per second": F is 1000 / T, T printed to 0.01 ms.
        let total = try figure("total", in: result.stdout)
        let fps = try XCTUnwrap(lines.last?.split(separator: " ").dropLast(3).last.flatMap { Double($0) }, result.stdout)
        XCTAssertEqual(1000 / fps, total, accuracy: 0.005 + 1e-9, result.stdout)
        XCTAssertTrue(lines.last?.hasSuffix("frames per second") ?? false, result.stdout)
        // One progress line a run after the warm-up, on stderr.
        for run in 1...3 { XCTAssertTrue(result.stderr.contains("run \(run)/3: "), result.stderr) }
    }

    /// The test video holds the frames asked for at --size and 30 fps, losslessly: each frame is the one before
    /// moved one pixel right and down, to the exact byte (a lossy codec could not keep that), and has detail.
    func testWriteVideoWritesALosslessMovingPatternThatBenchPlays() throws {
        let video = folder.appendingPathComponent("pattern.avi").path
        let written = try BuiltTool.run("steady-dice", ["bench", "--write-video", video, "--size", "160x120", "--frames", "6"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "wrote \(video) (6 frames of 160x120, FFV1, lossless, 30 fps)\n")

        let reader = try VideoReader(path: video)
        XCTAssertEqual(try XCTUnwrap(reader.framesPerSecond), 30, accuracy: 1e-6)
        var frames: [RGBImage] = []
        while let frame = try reader.next() { frames.append(frame.image) }
        XCTAssertEqual(frames.count, 6)
        for frame in frames { XCTAssertEqual([frame.width, frame.height], [160, 120]) }
        for k in 0..<(frames.count - 1) {
            var moved = 0
            for y in 0..<119 {
                for x in 0..<159 where frames[k + 1].pixel(x: x + 1, y: y + 1) != frames[k].pixel(x: x, y: y) { moved += 1 }
            }
            XCTAssertEqual(moved, 0, "frame \(k + 1) is not frame \(k) moved by (1, 1), to the byte")
            XCTAssertNotEqual(frames[k + 1].pixels, frames[k].pixels, "the pattern moves")
        }
        var colours = Set<Int>()
        let pixels = frames[0].pixels
        for i in stride(from: 0, to: pixels.count, by: 3) {
            let red = Int(pixels[i]) << 16, green = Int(pixels[i + 1]) << 8
            colours.insert(red | green | Int(pixels[i + 2]))
        }
        XCTAssertGreaterThan(colours.count, 1000, "a pattern with detail everywhere")

        let played = try BuiltTool.run("steady-dice", ["bench", "--size", "160x120", "--video", video, "--frames", "6", "--repeats", "1"])
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertEqual(played.stdout.split(separator: "\n").first,
                       "offscreen 160x120, 6 frames x 1 runs, background: \(video) (6 frames of 160x120, a new one each frame)")
    }
}
