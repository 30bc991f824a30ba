/// How a picture fills a window of another aspect: the largest centred crop of the window's aspect,
/// scaled to fill the window. Keeps the whole height and cuts equal strips off left and right when
/// the picture is wider than the window; otherwise keeps the whole width and cuts top and bottom.
/// When the strips cannot be equal, the odd pixel comes off the right or bottom edge.
public struct ImageCrop: Equatable, Sendable {
    /// The crop rectangle in picture pixels, from the picture's top-left corner.
    public let x: Int, y: Int, width: Int, height: Int

    public init(frameWidth: Int, frameHeight: Int, viewportWidth: Int, viewportHeight: Int) {
        precondition(frameWidth > 0 && frameHeight > 0 && viewportWidth > 0 && viewportHeight > 0)
        if frameWidth * viewportHeight > viewportWidth * frameHeight {
            height = frameHeight
            width = max(1, min(frameWidth, Int((Double(frameHeight * viewportWidth) / Double(viewportHeight)).rounded())))
        } else {
            width = frameWidth
            height = max(1, min(frameHeight, Int((Double(frameWidth * viewportHeight) / Double(viewportWidth)).rounded())))
        }
        x = (frameWidth - width) / 2
        y = (frameHeight - height) / 2
    }
}
