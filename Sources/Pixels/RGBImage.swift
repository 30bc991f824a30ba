
/// A packed 8-bit RGB image, rows top first (the order OpenCV and PNG files use). A value: no file is read or written
/// here (`Imaging` reads and writes image files), so that a module drawing pictures need not link OpenCV.
public struct RGBImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// The picture's size; nil when a side is outside `PictureSize.sides`: an empty stand-in, or a decoded picture wider
    /// or taller than `PictureSize.largestSide` (a panorama is halved to fit the driver before it is drawn).
    public var size: PictureSize? { try? PictureSize(width: width, height: height) }
    /// `width * height * 3` bytes, row by row from the top, R G B per pixel.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "RGBImage size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = fill.0; pixels[i + 1] = fill.1; pixels[i + 2] = fill.2
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at column x, row y (row 0 at the top).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }

    /// A rectangle of this image, `x`, `y` from the top-left corner.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBImage {
        precondition(x >= 0 && y >= 0 && x + w <= width && y + h <= height, "crop outside the image")
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for row in 0..<h {
            let src = ((y + row) * width + x) * 3
            out.replaceSubrange(row * w * 3..<(row + 1) * w * 3, with: pixels[src..<src + w * 3])
        }
        return RGBImage(width: w, height: h, pixels: out)
    }
}
