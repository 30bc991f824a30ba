import AttitudeMath
import Imaging
import PictureTestSupport
import Pixels
import Render
import XCTest

/// The background is the frame centre-cropped to the viewport's aspect, upright, unmirrored, in RGB.
final class BackgroundTests: XCTestCase {
    /// A frame whose every pixel encodes its own position: R = x / 2, G = y, B = 255 - x / 2 ... all
    /// distinct per 2 columns, so a crop offset, a flip or a mirror shows as a wrong value.
    static func positionFrame(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = UInt8((x / 2) % 256)
                pixels[i + 1] = UInt8(y % 256)
                pixels[i + 2] = UInt8(255 - (x / 2) % 256)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// With the crop the same size as the viewport, every pixel is an exact copy of the frame's.
    private func assertExactCrop(frameWidth: Int, frameHeight: Int, width: Int, height: Int, x0: Int, y0: Int,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = Self.positionFrame(width: frameWidth, height: frameHeight)
        let image = try RenderHarness.render(nil, width: width, height: height, background: frame, generation: frameWidth * 7919 + frameHeight)
        XCTAssertEqual(image, frame.cropped(x: x0, y: y0, width: width, height: height), file: file, line: line)
    }

    func testWiderFrameLosesLeftAndRight() throws {
        try assertExactCrop(frameWidth: 400, frameHeight: 200, width: 200, height: 200, x0: 100, y0: 0)
    }

    func testTallerFrameLosesTopAndBottom() throws {
        try assertExactCrop(frameWidth: 200, frameHeight: 400, width: 200, height: 200, x0: 0, y0: 100)
    }

    func testPortraitViewportOfLandscapeFrame() throws {
        try assertExactCrop(frameWidth: 640, frameHeight: 240, width: 180, height: 240, x0: 230, y0: 0)
    }

    /// A frame twice the viewport's size is cropped, then scaled down: check the centres of big blocks.
    func testScaledCropKeepsOrientationAndColours() throws {
        let frameWidth = 800, frameHeight = 400
        var pixels = [UInt8](repeating: 0, count: frameWidth * frameHeight * 3)
        // Quadrants of the frame's central 400x400: red top-left, green top-right, blue bottom-left, white bottom-right.
        for y in 0..<frameHeight {
            for x in 0..<frameWidth {
                let colour: [UInt8] = x < 400 ? (y < 200 ? [255, 0, 0] : [0, 0, 255]) : (y < 200 ? [0, 255, 0] : [255, 255, 255])
                pixels.replaceSubrange((y * frameWidth + x) * 3..<(y * frameWidth + x) * 3 + 3, with: colour)
            }
        }
        let frame = RGBImage(width: frameWidth, height: frameHeight, pixels: pixels)
        let image = try RenderHarness.render(nil, width: 200, height: 200, background: frame, generation: 99)
        XCTAssertTrue(image.pixel(x: 50, y: 50) == (255, 0, 0))
        XCTAssertTrue(image.pixel(x: 150, y: 50) == (0, 255, 0))
        XCTAssertTrue(image.pixel(x: 50, y: 150) == (0, 0, 255))
        XCTAssertTrue(image.pixel(x: 150, y: 150) == (255, 255, 255))
    }

    func testCropArithmetic() {
        let webcam = BackgroundCrop(frameWidth: 640, frameHeight: 480, viewportWidth: 1280, viewportHeight: 720)
        XCTAssertEqual([webcam.x, webcam.y, webcam.width, webcam.height], [0, 60, 640, 360])
        XCTAssertEqual([webcam.textureWidth, webcam.textureHeight], [1024, 512])
        let hd = BackgroundCrop(frameWidth: 1920, frameHeight: 1080, viewportWidth: 720, viewportHeight: 1280)
        XCTAssertEqual([hd.x, hd.y, hd.width, hd.height], [656, 0, 608, 1080])
        XCTAssertEqual([hd.textureWidth, hd.textureHeight], [1024, 2048])
        XCTAssertEqual(BackgroundCrop.powerOfTwo(atLeast: 1), 1)
        XCTAssertEqual(BackgroundCrop.powerOfTwo(atLeast: 720), 1024)
        XCTAssertEqual(BackgroundCrop.powerOfTwo(atLeast: 1024), 1024)
    }

    /// A PNG written and read back through OpenCV is the same image, in RGB order.
    func testPNGRoundTrip() throws {
        let frame = Self.positionFrame(width: 37, height: 23)
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("steady-dice-roundtrip-\(getpid()).png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try frame.write(path: path)
        XCTAssertEqual(try RGBImage.read(path: path), frame)
    }

    func testMissingImageNamesTheFile() {
        XCTAssertThrowsError(try RGBImage.read(path: "/nonexistent/picture.png")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/picture.png"), "\(error)")
        }
    }
}
