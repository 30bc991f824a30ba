import AttitudeMath
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import XCTest

/// Video frames as backgrounds: decoded losslessly, the right frame picked, centre-cropped to the
/// viewport, upright and unmirrored, composited under the die, uploaded without reallocating.
final class VideoBackgroundTests: XCTestCase {
    static let fps = 25.0
    static let count = 5
    // nonisolated(unsafe): written once in the class's setUp, before any of its tests runs, and read by
    // those tests afterwards; XCTest runs them one at a time on one thread.
    nonisolated(unsafe) private static var folder: URL!
    nonisolated(unsafe) private static var landscapeVideo = ""  // 320x240
    nonisolated(unsafe) private static var portraitVideo = ""   // 240x320

    override class func setUp() {
        super.setUp()
        do {
            folder = try VideoTestFrames.temporaryFolder("video-background")
            landscapeVideo = try VideoTestFrames.writeVideo(in: folder, name: "landscape.avi", width: 320, height: 240, count: count, fps: fps)
            portraitVideo = try VideoTestFrames.writeVideo(in: folder, name: "portrait.avi", width: 240, height: 320, count: count, fps: fps)
        } catch {
            XCTFail("cannot write the test videos: \(error)")
        }
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    // MARK: - Decoding and frame selection

    /// FFV1 is lossless, and asking for frame k gives exactly frame k, in any order.
    func testDecodeFrameSelectsExactlyThatFrame() throws {
        for k in [3, 0, 4, 1, 2] {
            let decoded = try VideoReader.decodeFrame(path: Self.landscapeVideo, index: k)
            XCTAssertEqual(decoded.image, VideoTestFrames.frame(k, width: 320, height: 240), "frame \(k)")
            let position = try XCTUnwrap(decoded.position, "frame \(k) has no position")
            XCTAssertEqual(position, Double(k) / Self.fps, accuracy: 0.5 / Self.fps, "position of frame \(k)")
        }
    }

    func testFrameIndexAtSeconds() {
        func index(_ t: Double, loop: Bool = true) -> Int {
            VideoReader.frameIndex(atSeconds: t, framesPerSecond: 25, frameCount: 5, loop: loop)
        }
        XCTAssertEqual(index(0), 0)
        XCTAssertEqual(index(0.039), 0)
        XCTAssertEqual(index(0.04), 1)
        XCTAssertEqual(index(0.12), 3)
        XCTAssertEqual(index(0.2), 0, "wraps after 5 frames when looping")
        XCTAssertEqual(index(0.2, loop: false), 5)
        XCTAssertEqual(index(0.33), 3)
        XCTAssertEqual(VideoReader.frameIndex(atSeconds: 0.1, framesPerSecond: 30, frameCount: nil, loop: true), 3)
    }

    func testMissingFrameNamesFileAndCount() {
        XCTAssertThrowsError(try VideoReader.decodeFrame(path: Self.landscapeVideo, index: 9)) { error in
            XCTAssertTrue("\(error)".contains(Self.landscapeVideo) && "\(error)".contains("no frame 9"), "\(error)")
        }
    }

    // MARK: - Crops, pixel by pixel

    /// Renders frame `k` of `video` as a snapshot does and checks it is the frame's centre crop
    /// exactly (viewport and crop are the same size, so no scaling), then checks named features.
    private func assertSnapshotCrop(video: String, frameWidth: Int, frameHeight: Int, k: Int, width: Int, height: Int,
                                    cropX: Int, cropY: Int, file: StaticString = #filePath, line: UInt = #line) throws -> RGBImage {
        let background = try VideoReader.decodeFrame(path: video, index: k).image
        let image = try RenderHarness.render(nil, width: width, height: height, background: background,
                                             generation: 1000 * k + width + 7 * height)
        let crop = BackgroundCrop(frameWidth: frameWidth, frameHeight: frameHeight, viewportWidth: width, viewportHeight: height)
        XCTAssertEqual([crop.x, crop.y, crop.width, crop.height], [cropX, cropY, width, height], "crop", file: file, line: line)
        let source = VideoTestFrames.frame(k, width: frameWidth, height: frameHeight)
        XCTAssertEqual(image, source.cropped(x: cropX, y: cropY, width: width, height: height), "pixels", file: file, line: line)

        // Upright and unmirrored: the arrow's tip is above its shaft, the marker left of the shaft.
        let g = VideoTestFrames.arrowGeometry(width: frameWidth, height: frameHeight)
        let m = VideoTestFrames.markerRect(width: frameWidth, height: frameHeight)
        let cx = g.centreX - cropX
        assertPixel(image, cx, g.tipY - cropY + 1, VideoTestFrames.arrow, "arrow tip", file: file, line: line)
        assertPixel(image, cx, g.shaftBottomY - cropY - 1, VideoTestFrames.arrow, "arrow shaft", file: file, line: line)
        assertPixel(image, cx - 10, g.tipY - cropY + 2, VideoTestFrames.fill(k), "beside the tip", file: file, line: line)
        assertPixel(image, m.x - cropX + 1, m.y - cropY + 1, VideoTestFrames.marker, "marker", file: file, line: line)
        let mirroredX = 2 * g.centreX - (m.x + 1) - cropX
        assertPixel(image, mirroredX, m.y - cropY + 1, VideoTestFrames.fill(k), "where a mirror would put the marker", file: file, line: line)
        return image
    }

    /// A 4:3 frame in a 16:9 window: the frame is taller than the viewport, so top and bottom go.
    func testLandscapeViewportTallerFrameLosesTopAndBottom() throws {
        let image = try assertSnapshotCrop(video: Self.landscapeVideo, frameWidth: 320, frameHeight: 240, k: 2,
                                           width: 320, height: 180, cropX: 0, cropY: 30)
        // Left and right borders survive, in their colours: not mirrored.
        assertPixel(image, 2, 90, VideoTestFrames.left, "left border")
        assertPixel(image, 317, 90, VideoTestFrames.right, "right border")
    }

    /// A 4:3 frame in a 3:4 window: the frame is wider, so left and right go.
    func testPortraitViewportWiderFrameLosesLeftAndRight() throws {
        let image = try assertSnapshotCrop(video: Self.landscapeVideo, frameWidth: 320, frameHeight: 240, k: 4,
                                           width: 180, height: 240, cropX: 70, cropY: 0)
        // Top and bottom borders survive, in their colours: not flipped.
        assertPixel(image, 90, 2, VideoTestFrames.top, "top border")
        assertPixel(image, 90, 237, VideoTestFrames.bottom, "bottom border")
    }

    /// A 3:4 frame in a 16:9 window loses top and bottom; 92.5 rows each way, the odd one off the bottom.
    func testLandscapeViewportOfPortraitFrame() throws {
        _ = try assertSnapshotCrop(video: Self.portraitVideo, frameWidth: 240, frameHeight: 320, k: 1,
                                   width: 240, height: 135, cropX: 0, cropY: 92)
    }

    /// A 3:4 frame in a 9:16 window: the frame is wider, so left and right go.
    func testPortraitViewportOfPortraitFrame() throws {
        let image = try assertSnapshotCrop(video: Self.portraitVideo, frameWidth: 240, frameHeight: 320, k: 3,
                                           width: 180, height: 320, cropX: 30, cropY: 0)
        assertPixel(image, 90, 2, VideoTestFrames.top, "top border")
        assertPixel(image, 90, 317, VideoTestFrames.bottom, "bottom border")
    }

    /// A frame smaller than the viewport is scaled up with linear filtering: a black/white pair of
    /// pixels becomes a ramp between the two texel centres, flat outside them, never a hard step.
    func testSmallFrameIsScaledUpWithLinearFiltering() throws {
        let frame = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255])
        let image = try RenderHarness.render(nil, width: 200, height: 100, background: frame, generation: 424_242)
        XCTAssertEqual(BackgroundCrop(frameWidth: 2, frameHeight: 1, viewportWidth: 200, viewportHeight: 100).textureWidth, 2)
        let row = (0..<200).map { Int(image.pixel(x: $0, y: 50).r) }
        XCTAssertEqual(row[10], 0, "left of the first texel centre")
        XCTAssertEqual(row[190], 255, "right of the second texel centre")
        XCTAssertEqual(Double(row[100]), 127.5, accuracy: 3, "half-way between the texel centres")
        XCTAssertEqual(Double(row[75]), 63.75, accuracy: 4, "a quarter of the way")
        XCTAssertEqual(row, row.sorted(), "a monotonic ramp")
        XCTAssertGreaterThan(Set(row).count, 90, "many intermediate values, not a step")
        for x in [10, 100, 190] { XCTAssertEqual(image.pixel(x: x, y: 5).r, image.pixel(x: x, y: 95).r, "rows agree") }
    }

    /// The table in the README: crop and texture for common webcams in landscape and portrait windows.
    func testWebcamCropsAndTextureSizes() {
        func entry(_ fw: Int, _ fh: Int, _ vw: Int, _ vh: Int) -> [Int] {
            let c = BackgroundCrop(frameWidth: fw, frameHeight: fh, viewportWidth: vw, viewportHeight: vh)
            return [c.width, c.height, c.x, c.y, c.textureWidth, c.textureHeight]
        }
        XCTAssertEqual(entry(640, 480, 1280, 720), [640, 360, 0, 60, 1024, 512])
        XCTAssertEqual(entry(1280, 720, 1280, 720), [1280, 720, 0, 0, 2048, 1024])
        XCTAssertEqual(entry(1920, 1080, 1280, 720), [1920, 1080, 0, 0, 2048, 2048])
        XCTAssertEqual(entry(640, 480, 720, 1280), [270, 480, 185, 0, 512, 512])
        XCTAssertEqual(entry(1280, 720, 720, 1280), [405, 720, 437, 0, 512, 1024])
        XCTAssertEqual(entry(1920, 1080, 720, 1280), [608, 1080, 656, 0, 1024, 2048])
    }

    // MARK: - Composite goldens

    /// Frame 3 of the 4:3 video, scaled to the window, with the die over it, at two sizes.
    func testCompositeGoldens() throws {
        let background = try VideoReader.decodeFrame(path: Self.landscapeVideo, index: 3).image
        let attitude = Quaternion(rollDegrees: 20, pitchDegrees: -15, yawDegrees: 30)
        for (width, height) in [(640, 480), (360, 640)] {
            let image = try RenderHarness.render(attitude, width: width, height: height, background: background,
                                                 generation: 77_000 + width)
            try Golden.images.assertMatches(image, named: "video-frame3-die-\(width)x\(height)")
            // The corners are background (frame 3's fill or borders), the centre is the die, not the frame.
            XCTAssertFalse(image.pixel(x: width / 2, y: height / 2) == VideoTestFrames.fill(3), "die at the centre")
        }
    }

    // MARK: - Streaming through the capture thread

    /// Frames of one size streamed from the capture thread never reallocate the texture; a window
    /// resize to another aspect reallocates once and recomputes the crop.
    func testStreamedFramesNeverReallocate() throws {
        _ = try RenderHarness.renderer()  // makes the shared context current
        let renderer = try SceneRenderer(assets: try Assets.locate(), readImage: RGBImage.read)
        let target = try OffscreenTarget(size: PictureSize(fixedWidth: 320, height: 180))
        target.bind()
        let source = try CaptureSource.video(path: Self.landscapeVideo, loop: true, log: { _ in })
        defer { source.stop() }
        var generations = Set<Int>()
        var indices = Set<Int>()
        let deadline = Date(timeIntervalSinceNow: 30)  // only a hang reaches it; a loaded machine only takes longer
        while (indices.count < Self.count || generations.count <= Self.count) && Date() < deadline {
            if let frame = source.latest() {
                renderer.setBackground(frame.image, generation: frame.generation, viewport: PictureSize(fixedWidth: 320, height: 180))
                renderer.draw(SceneState(worldFromDevice: nil), size: PictureSize(fixedWidth: 320, height: 180))
                generations.insert(frame.generation)
                if let index = frame.frameIndex { indices.insert(index) }
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        XCTAssertEqual(indices, Set(0..<Self.count), "every frame was shown")
        XCTAssertGreaterThan(generations.count, Self.count, "the video looped")
        XCTAssertEqual(renderer.backgroundAllocations, 1)
        XCTAssertEqual(renderer.backgroundCrop.map { [$0.textureWidth, $0.textureHeight] }, [512, 256])

        let portrait = try OffscreenTarget(size: PictureSize(fixedWidth: 180, height: 240))
        portrait.bind()
        for _ in 0..<3 {
            guard let frame = source.latest() else { continue }
            renderer.setBackground(frame.image, generation: frame.generation, viewport: PictureSize(fixedWidth: 180, height: 240))
            renderer.draw(SceneState(worldFromDevice: nil), size: PictureSize(fixedWidth: 180, height: 240))
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(renderer.backgroundAllocations, 2, "one more for the new crop size, then none")
        XCTAssertEqual(renderer.backgroundCrop.map { [$0.x, $0.y, $0.width, $0.height] }, [70, 0, 180, 240])
    }
}
