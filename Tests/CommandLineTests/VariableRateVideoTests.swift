import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import TestSupport
import XCTest

/// A phone records at a variable rate: the background shows, at each video time, the frame presented at
/// or before it, by the frames' own times, not by an average rate's index.
final class VariableRateVideoTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "vfr" }

    private func makeClip() throws -> (path: String, frames: [VideoFrame]) {
        try VideoTestFrames.writeVariableRateVideo(in: folder)
    }

    func testTheFrameTimesAreReadWithoutDecoding() throws {
        let (clip, frames) = try makeClip()
        let times = try VideoFrameTimes(path: clip)
        XCTAssertEqual(times.times.count, frames.count)
        for (t, frame) in zip(times.times, frames) { XCTAssertEqual(t, frame.position ?? -1, accuracy: 1e-9) }
        XCTAssertEqual(times.frameIndex(atSeconds: 0.050, loop: false), 0, "frame 1 is not shown before 55 ms")
        XCTAssertEqual(times.frameIndex(atSeconds: 0.056, loop: false), 1)
        XCTAssertEqual(times.frameIndex(atSeconds: 0.130, loop: false), 2, "frame 3 comes at 135 ms")
        XCTAssertEqual(times.frameIndex(atSeconds: times.end + 0.050, loop: true), 0, "looped: the start again")
        XCTAssertEqual(times.frameIndex(atSeconds: times.end + 0.001, loop: false), 24, "past the end: no such frame")
    }

    /// `snapshot --video-at T` shows the frame presented at or before T, where an average rate's index
    /// (T × 25) would show the next one.
    func testSnapshotShowsTheFramePresentedAtTheTime() throws {
        let (clip, frames) = try makeClip()
        for (time, expected) in [(0.050, 0), (0.056, 1), (0.130, 2), (0.140, 3), (0.925, 22), (0.940, 23)] {
            let output = path("at-\(time).png")
            let result = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--size", "64x48", "--video", clip,
                                                           "--video-at", "\(time)", "-o", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            let shown = try RGBImage.read(path: output)
            // The corner is background only: the die sits in the middle.
            XCTAssertEqual(Array(shown.pixels[0..<3]), Array(frames[expected].image.pixels[0..<3]), "video time \(time) s: frame \(expected)")
        }
    }
}
