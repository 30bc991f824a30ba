import Pixels

/// One decoded video or camera frame.
public struct VideoFrame: Sendable {
    public let image: RGBImage
    /// Position in the stream in seconds when the backend knows it, else nil.
    public let position: Double?

    /// A frame from any source (tests make fake cameras with this).
    public init(image: RGBImage, position: Double?) {
        self.image = image
        self.position = position
    }
}
