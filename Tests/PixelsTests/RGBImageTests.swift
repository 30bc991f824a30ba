import Pixels
import XCTest

/// The picture value every module passes around: rows top first, R G B per pixel.
final class RGBImageTests: XCTestCase {
    /// A 3x2 picture whose pixel (x, y) is (10x + y, 100 + x, 200 + y), to tell every pixel and channel apart.
    private func numbered() -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<3 { pixels += [UInt8(10 * x + y), UInt8(100 + x), UInt8(200 + y)] }
        }
        return RGBImage(width: 3, height: 2, pixels: pixels)
    }

    func testAPixelIsReadByColumnAndRowFromTheTop() {
        let image = numbered()
        XCTAssertTrue(image.pixel(x: 0, y: 0) == (0, 100, 200))
        XCTAssertTrue(image.pixel(x: 2, y: 1) == (21, 102, 201))
        XCTAssertTrue(image.pixel(x: 1, y: 1) == (11, 101, 201))
    }

    func testACropKeepsTheRectangleFromItsTopLeftCorner() {
        let crop = numbered().cropped(x: 1, y: 1, width: 2, height: 1)
        XCTAssertEqual(crop, RGBImage(width: 2, height: 1, pixels: [11, 101, 201, 21, 102, 201]))
        XCTAssertEqual(numbered().cropped(x: 0, y: 0, width: 3, height: 2), numbered())
    }

    func testAFillIsOneColourEverywhere() {
        let image = RGBImage(width: 4, height: 3, fill: (7, 8, 9))
        XCTAssertEqual(image.pixels.count, 36)
        for y in 0..<3 {
            for x in 0..<4 { XCTAssertTrue(image.pixel(x: x, y: y) == (7, 8, 9), "(\(x), \(y))") }
        }
    }
}
