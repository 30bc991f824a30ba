import FileAccess
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// Frames written through `VideoOutput` and read back through the project's own reader (`VideoFile`): every frame, at
/// its size, each pixel as written within FFV1's lossless round trip through the encoder's pixel format; and what it
/// refuses before and while it writes.
final class VideoOutputTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "video-output" }

    /// Frame k: red across, green down, blue by frame, so a frame out of order, turned or flipped reads wrong.
    private func frame(_ k: Int, width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8(40 + 50 * k)] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The largest difference of any channel of any pixel.
    private func largestDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    func testFramesWrittenToAnMKVReadBackInOrderAtTheirSize() throws {
        let (width, height) = (64, 48)
        let outputs = OutputFiles()
        let staged = try outputs.stage(path("clip.mkv"), option: "--output")
        let output = try VideoOutput(output: staged, framesPerSecond: 10, size: PictureSize(fixedWidth: width, height: height))
        XCTAssertEqual(output.kind, .video(codec: "FFV1"))
        XCTAssertEqual(output.summary, "FFV1, lossless")
        let written = (0..<4).map { frame($0, width: width, height: height) }
        for image in written { try output.write(image) }
        XCTAssertEqual(output.count, 4)
        try output.finish()
        try outputs.commit()
        XCTAssertFalse(FileManager.default.fileExists(atPath: staged.temporaryPath), "moved into place")

        let video = try VideoFile(path: path("clip.mkv"))
        var read: [VideoFrame] = []
        while let next = try video.next() { read.append(next) }
        XCTAssertEqual(read.count, 4)
        for (k, (frame, image)) in zip(read, written).enumerated() {
            XCTAssertEqual(frame.image.width, width)
            XCTAssertEqual(frame.image.height, height)
            XCTAssertLessThanOrEqual(largestDifference(frame.image, image), 2, "frame \(k)")
            let pixel = frame.image.pixel(x: 21, y: 47)  // (21·255/63, 255, 40 + 50k) = (85, 255, …)
            XCTAssertEqual(Int(pixel.r), 85, accuracy: 2, "frame \(k)")
            XCTAssertEqual(Int(pixel.g), 255, accuracy: 2, "frame \(k)")
            XCTAssertEqual(Int(pixel.b), 40 + 50 * k, accuracy: 2, "frame \(k)")
            XCTAssertEqual(try XCTUnwrap(frame.position), Double(k) / 10, accuracy: 1e-3, "frame \(k)'s time at 10 fps")
        }
    }

    /// A name that is no kind of output, a video of odd size, a frame of another size, and a file the encoder cannot
    /// open: each an error naming the output and why.
    func testRefusalsSayWhy() throws {
        func reason(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String? {
            do {
                try body()
                XCTFail("not refused", file: file, line: line)
            } catch ImagingError.video(_, let reason) {
                return reason
            } catch {
                XCTFail("\(error)", file: file, line: line)
            }
            return nil
        }
        let outputs = OutputFiles()
        let text = try outputs.stage(path("clip.txt"), option: "--output")
        XCTAssertEqual(reason { _ = try VideoOutput(output: text, framesPerSecond: 10, size: PictureSize(fixedWidth: 64, height: 48)) },
                       "unknown kind of output: name a .mkv, .avi or .mp4 file, or a folder ending in '/'")
        let odd = try outputs.stage(path("odd.mkv"), option: "--output")
        XCTAssertTrue(reason { _ = try VideoOutput(output: odd, framesPerSecond: 10, size: PictureSize(fixedWidth: 65, height: 48)) }?
                        .hasPrefix("a video's width and height must be even, and 65x48 is not") == true)
        let fast = try outputs.stage(path("fast.mkv"), option: "--output")
        XCTAssertEqual(reason { _ = try VideoOutput(output: fast, framesPerSecond: 1001, size: PictureSize(fixedWidth: 64, height: 48)) },
                       "the frame rate must be more than 0 and at most 1000 frames per second")

        let sized = try outputs.stage(path("sized.mkv"), option: "--output")
        let output = try VideoOutput(output: sized, framesPerSecond: 10, size: PictureSize(fixedWidth: 64, height: 48))
        try output.write(frame(0, width: 64, height: 48))
        XCTAssertEqual(reason { try output.write(frame(1, width: 32, height: 24)) }, "frame 1 is 32x24, not 64x48")

        // Staged in a folder that is then taken away: the encoder cannot open its file.
        let gone = folder.appendingPathComponent("gone")
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        let orphan = try outputs.stage(gone.appendingPathComponent("clip.mkv").path, option: "--output")
        try FileManager.default.removeItem(at: gone)
        XCTAssertEqual(reason { _ = try VideoOutput(output: orphan, framesPerSecond: 10, size: PictureSize(fixedWidth: 64, height: 48)) },
                       "the FFV1, lossless encoder did not take 64x48 at 10.0 fps")
        outputs.abandon()
    }
}
