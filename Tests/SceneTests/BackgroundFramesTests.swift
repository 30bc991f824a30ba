import AttitudeMath
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Scene
import TestSupport
import XCTest

/// `BackgroundFrames`, the one place a background frame is picked: a video shows the frame presented at or before
/// its video time under every clock, so the window's frame at a wall time is `render`'s and `snapshot`'s frame at
/// the same video time.
final class BackgroundFramesTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "background-frames" }

    /// The video frame a pipeline draws, by its fill colour.
    private func shownFrame(_ frame: ComposedFrame) throws -> Int {
        let image = try XCTUnwrap(frame.background?.image)
        let p = image.pixel(x: 12, y: 12)
        return try XCTUnwrap((0..<16).first { k in
            let f = VideoTestFrames.fill(k)
            return abs(Int(p.r) - Int(f.0)) <= 2 && abs(Int(p.g) - Int(f.1)) <= 2 && abs(Int(p.b) - Int(f.2)) <= 2
        })
    }

    func testTheWindowRenderAndSnapshotPickAVideosFrameByTheSameRule() throws {
        let video = try VideoTestFrames.writeVideo(in: folder, name: "clock.avi", width: 64, height: 48, count: 16, fps: 10)
        let q = Quaternion(axis: [0, 0, 1], angle: 0.2)
        let settings = BackgroundSettings(video: video, videoAt: 0.3)
        let window = try WallClockPipeline(settings: DrawingSettings(), attitude: .fixed(q), background: settings,
                                           clock: WallClock(speed: 1, looping: true, from: 0))
        window.begin(now: 100)
        let render = try SteppedPipeline(settings: DrawingSettings(), attitude: .fixed(q), background: settings,
                                         clock: .steps(start: 0, framesPerSecond: 20))
        // Video time 0.3 + s: frame 3 at the start, 3 + ⌊10 s⌋ after s seconds, wrapping after the 16th.
        for (k, expected) in [(0, 3), (1, 3), (2, 4), (7, 6), (24, 15), (27, 0)] {
            let seconds = Double(k) / 20
            XCTAssertEqual(try shownFrame(window.frame(now: 100 + seconds, size: PictureSize(fixedWidth: 64, height: 48))), expected, "wall, \(seconds) s")
            XCTAssertEqual(try shownFrame(render.frame(step: k, size: PictureSize(fixedWidth: 64, height: 48))), expected, "render, frame \(k)")
        }
        let snapshot = try SteppedPipeline(settings: DrawingSettings(), attitude: .fixed(q), background: settings, clock: .instant(0))
        XCTAssertEqual(try shownFrame(snapshot.frame(step: 0, size: PictureSize(fixedWidth: 64, height: 48))), 3, "the snapshot shows --video-at's frame")
    }

    /// Without `--video-loop` the window keeps the video's last frame past its end; `render` refuses a time past it.
    func testPastTheEndTheWindowKeepsTheLastFrameAndRenderRefuses() throws {
        let video = try VideoTestFrames.writeVideo(in: folder, name: "short.avi", width: 64, height: 48, count: 4, fps: 10)
        let settings = BackgroundSettings(video: video, videoLoop: false)
        let window = try WallClockPipeline(settings: DrawingSettings(), attitude: .fixed(.identity), background: settings,
                                           clock: WallClock(speed: 1, looping: true, from: 0))
        window.begin(now: 5)
        XCTAssertEqual(try shownFrame(window.frame(now: 5.35, size: PictureSize(fixedWidth: 64, height: 48))), 3)
        XCTAssertEqual(try shownFrame(window.frame(now: 7, size: PictureSize(fixedWidth: 64, height: 48))), 3, "the last frame stays")
        let render = try SteppedPipeline(settings: DrawingSettings(), attitude: .fixed(.identity), background: settings,
                                         clock: .steps(start: 0, framesPerSecond: 10))
        XCTAssertEqual(try shownFrame(render.frame(step: 3, size: PictureSize(fixedWidth: 64, height: 48))), 3)
        XCTAssertThrowsError(try render.frame(step: 5, size: PictureSize(fixedWidth: 64, height: 48))) { error in
            XCTAssertTrue("\(error)".contains("short.avi: has no frame 5"), "\(error)")
        }
    }
}
