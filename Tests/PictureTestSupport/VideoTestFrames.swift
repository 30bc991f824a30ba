import CommandTestSupport
import Foundation
import Imaging
import Pixels
import XCTest

/// Test frames with known geometry, and lossless videos made of them in a temporary folder.
///
/// Frame k of a W x H video: a fill colour of its own, borders 8 px wide (top red, bottom blue,
/// left green, right yellow; top and bottom run the full width), a white arrow pointing up at the
/// centre, and a magenta square left of the arrow's shaft, so a flip or a mirror changes pixels
/// that a test names.
public enum VideoTestFrames {
    public static let border = 8
    public static let top: (UInt8, UInt8, UInt8) = (255, 0, 0)
    public static let bottom: (UInt8, UInt8, UInt8) = (0, 0, 255)
    public static let left: (UInt8, UInt8, UInt8) = (0, 255, 0)
    public static let right: (UInt8, UInt8, UInt8) = (255, 255, 0)
    public static let arrow: (UInt8, UInt8, UInt8) = (255, 255, 255)
    public static let marker: (UInt8, UInt8, UInt8) = (255, 0, 255)

    /// The fill colour of frame k: each of the first 16 frames differs in every channel.
    public static func fill(_ k: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(20 + 13 * k), UInt8(200 - 11 * k), UInt8(60 + 7 * k))
    }

    /// The arrow's geometry in frame pixels: head tip row, head base row, shaft bottom row, centre column.
    public static func arrowGeometry(width: Int, height: Int) -> (tipY: Int, baseY: Int, shaftBottomY: Int, centreX: Int, shaftHalfWidth: Int) {
        let cx = width / 2, cy = height / 2
        let size = min(width, height) / 3
        return (cy - size / 2, cy, cy + size / 2, cx, max(2, size / 10))
    }

    /// The marker square's top-left corner and side.
    public static func markerRect(width: Int, height: Int) -> (x: Int, y: Int, side: Int) {
        let g = arrowGeometry(width: width, height: height)
        let side = max(4, min(width, height) / 16)
        return (g.centreX - g.shaftHalfWidth - 3 * side, g.baseY + side, side)
    }

    public static func frame(_ k: Int, width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height, fill: fill(k))
        func paint(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
            let i = (y * width + x) * 3
            image.pixels[i] = c.0; image.pixels[i + 1] = c.1; image.pixels[i + 2] = c.2
        }
        for y in 0..<height {
            for x in 0..<width {
                if y < border { paint(x, y, top) }
                else if y >= height - border { paint(x, y, bottom) }
                else if x < border { paint(x, y, left) }
                else if x >= width - border { paint(x, y, right) }
            }
        }
        let g = arrowGeometry(width: width, height: height)
        for y in g.tipY..<g.baseY {
            let half = (y - g.tipY) * 2 / 3  // widens downwards from the tip
            for x in (g.centreX - half)...(g.centreX + half) { paint(x, y, arrow) }
        }
        for y in g.baseY..<g.shaftBottomY {
            for x in (g.centreX - g.shaftHalfWidth)...(g.centreX + g.shaftHalfWidth) { paint(x, y, arrow) }
        }
        let m = markerRect(width: width, height: height)
        for y in m.y..<(m.y + m.side) { for x in m.x..<(m.x + m.side) { paint(x, y, marker) } }
        return image
    }

    /// Writes `count` frames as a lossless FFV1 .avi and returns its path.
    public static func writeVideo(in folder: URL, name: String, width: Int, height: Int, count: Int, fps: Double) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let writer = try VideoWriter(path: path, codec: "FFV1", fps: fps, size: PictureSize(fixedWidth: width, height: height))
        for k in 0..<count { try writer.write(frame(k, width: width, height: height)) }
        writer.close()
        return path
    }

    /// A variable-rate clip: 24 frames of one colour each, frame n at 40 n ms plus 15 ms for odd n
    /// (periods of 55 and 25 ms, 25 fps on average), lossless FFV1 in Matroska, written by ffmpeg.
    /// Returns its path and its frames as `VideoFile` reads them.
    public static func writeVariableRateVideo(in folder: URL, name: String = "vfr.mkv") throws -> (path: String, frames: [VideoFrame]) {
        let clip = folder.appendingPathComponent(name).path
        try FFmpeg.run([
            "-f", "lavfi", "-i", "color=c=black:s=64x48:r=25", "-frames:v", "24",
            "-vf", "geq=r=N*10:g=255-N*10:b=128,settb=1/1000,setpts=40*N+15*mod(N\\,2)",
            "-fps_mode", "passthrough", "-enc_time_base:v", "1:1000", "-c:v", "ffv1", clip,
        ])
        let file = try VideoFile(path: clip)
        var frames: [VideoFrame] = []
        while let frame = try file.next() { frames.append(frame) }
        XCTAssertEqual(frames.count, 24)
        return (clip, frames)
    }

    /// A fresh temporary folder for one test class.
    public static func temporaryFolder(_ label: String) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("steady-dice-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Asserts that pixel (x, y) of `image` is exactly `colour`.
public func assertPixel(_ image: RGBImage, _ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8), _ what: String,
                 file: StaticString = #filePath, line: UInt = #line) {
    let p = image.pixel(x: x, y: y)
    XCTAssertTrue(p == colour, "\(what) at (\(x), \(y)): got \(p), want \(colour)", file: file, line: line)
}
