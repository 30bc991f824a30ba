import FileAccess
import Foundation
import Imaging
import Pixels
import Render
import RenderBenchmarks
import TestSupport
import XCTest

/// The render benchmark's own logic in-process: the test video `bench --write-video` writes
/// and the phases `bench` times (their sums, not their speed).
final class RenderBenchmarksTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "benchmarks" }

    /// `bench --write-video`'s frames: each the one before moved a pixel right and down, to the byte (lossless), and a
    /// stop between two frames throws with what was written.
    func testTheTestVideoScrollsOnePixelAFrame() throws {
        let outputs = OutputFiles()
        let staged = try outputs.stage(folder.appendingPathComponent("scroll.mkv").path, option: "--write-video")
        let line = try RenderBenchmark.writeTestVideo(to: staged, size: PictureSize(fixedWidth: 40, height: 30), frames: 4)
        try outputs.commit()
        XCTAssertTrue(line.hasPrefix("wrote \(staged.path) (4 frames of 40x30, "), line)
        let reader = try VideoReader(path: staged.path)
        var frames: [RGBImage] = []
        while let frame = try reader.next() { frames.append(frame.image) }
        XCTAssertEqual(frames.count, 4)
        for k in 1..<4 {
            // Frame k's pixel (x + 1, y + 1) is frame k - 1's pixel (x, y).
            XCTAssertEqual(frames[k].cropped(x: 1, y: 1, width: 39, height: 29).pixels,
                           frames[k - 1].cropped(x: 0, y: 0, width: 39, height: 29).pixels, "frame \(k)")
        }
        XCTAssertEqual(frames[3].cropped(x: 0, y: 0, width: 40, height: 30).pixels,
                       RenderBenchmark.testPattern(size: PictureSize(fixedWidth: 44, height: 34)).cropped(x: 1, y: 1, width: 40, height: 30).pixels,
                       "the last frame is the pattern from (1, 1)")
        var asked = 0
        let stopped = try OutputFiles().stage(folder.appendingPathComponent("stopped.mkv").path, option: "--write-video")
        XCTAssertThrowsError(try RenderBenchmark.writeTestVideo(to: stopped, size: PictureSize(fixedWidth: 40, height: 30), frames: 10,
                                                                 shouldStop: { asked += 1; return asked > 3 })) {
            let stop = $0 as? RenderBenchmark.Stopped
            XCTAssertEqual(stop?.framesWritten, 3)
            XCTAssertEqual(stop?.frameCount, 10)
        }
    }

    /// Each phase's median is at most the total's (each run's phases add up to its total), the total is the median of
    /// the runs' totals, one line per run saying it; how fast is not asserted.
    func testThePhasesAndTheTotalAreMediansOfTheRuns() throws {
        let benchmark = RenderBenchmark(size: PictureSize(fixedWidth: 64, height: 48), frames: 3, repeats: 3, assets: try Assets.locate())
        var said: [String] = []
        var pictures: [Int] = []
        let phases = try benchmark.phases(clearColor: .defaultBackground, hud: false,
                                          picture: { pictures.append($0); return RenderBenchmark.testPattern(size: PictureSize(fixedWidth: 64, height: 48)) },
                                          progress: { said.append($0) })
        for phase in [phases.upload, phases.draw, phases.readBack] { XCTAssertLessThanOrEqual(phase, phases.total) }
        XCTAssertGreaterThan(phases.readBack, 0)
        XCTAssertEqual(said.count, 3, "run 0 warms up and is not said")
        // "run 1/3: 1.23 ms per frame": a median of sums, not the sum of the phases' medians.
        let totals = said.compactMap { line in line.split(separator: " ").dropFirst(2).first.flatMap { Double($0) } }.sorted()
        XCTAssertEqual(totals.count, 3, "\(said)")
        XCTAssertEqual(phases.total, totals[1], accuracy: 0.006)
        XCTAssertEqual(pictures, Array(1...12), "a new picture each frame, the warm-up's too")
        XCTAssertEqual(phases.lines.count, 4)
        XCTAssertTrue(phases.lines[3].contains(String(format: "%.1f frames per second", 1000 / phases.total)), phases.lines[3])
    }
}
