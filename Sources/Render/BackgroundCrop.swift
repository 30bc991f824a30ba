import Camera

/// How a background frame fills a viewport: centre-cropped to the viewport's aspect ratio, then
/// scaled (up or down) to fill it, never stretched. The crop is stored in the smallest power-of-two
/// texture that holds it. Pure arithmetic, no OpenGL, so it is testable on its own.
public struct BackgroundCrop: Equatable, Sendable {
    /// The crop rectangle in frame pixels, from the frame's top-left corner.
    public let x: Int, y: Int, width: Int, height: Int
    /// The power-of-two texture that holds the crop at texel (0, 0).
    public let textureWidth: Int, textureHeight: Int

    /// Keeps the whole frame height and cuts equal parts off left and right when the frame is wider
    /// than the viewport; otherwise keeps the whole width and cuts top and bottom. An odd leftover
    /// pixel comes off the right or bottom edge.
    /// The crop itself is `ImageCrop`'s, which the camera model fits intrinsics with.
    public init(frameWidth: Int, frameHeight: Int, viewportWidth: Int, viewportHeight: Int) {
        let crop = ImageCrop(frameWidth: frameWidth, frameHeight: frameHeight, viewportWidth: viewportWidth, viewportHeight: viewportHeight)
        (x, y, width, height) = (crop.x, crop.y, crop.width, crop.height)
        textureWidth = BackgroundCrop.powerOfTwo(atLeast: width)
        textureHeight = BackgroundCrop.powerOfTwo(atLeast: height)
    }

    /// The texture coordinate of the crop's bottom-right corner; (0, 0) is its top-left, because rows
    /// are uploaded top first.
    public var texcoordMax: SIMD2<Float> {
        SIMD2(Float(width) / Float(textureWidth), Float(height) / Float(textureHeight))
    }

    public static func powerOfTwo(atLeast n: Int) -> Int {
        var p = 1
        while p < n { p <<= 1 }
        return p
    }
}
