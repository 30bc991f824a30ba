/// A picture's size in pixels, each side from 1 to `largestSide`: a window, a snapshot, a video frame, an offscreen
/// target, a calibrated camera's picture. The one place that range is said; a value of this type is in it.
public struct PictureSize: Hashable, Sendable, CustomStringConvertible {
    /// The longest side a picture may have: past any camera's or screen's, and within what a GL driver allocates.
    public static let largestSide = 16384
    /// The lengths a side may have.
    public static let sides = 1...largestSide

    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// The size `width` x `height`, refused (`PictureSizeError`) when a side is outside `sides`.
    public init(width: Int, height: Int) throws(PictureSizeError) {
        guard Self.sides.contains(width), Self.sides.contains(height) else { throw PictureSizeError(width: width, height: height) }
        self.width = width
        self.height = height
    }

    /// A size written in the code (a default, a test's picture), not read from a user: a side out of range is the code's
    /// mistake, stopped by a precondition.
    public init(fixedWidth width: Int, height: Int) {
        precondition(Self.sides.contains(width) && Self.sides.contains(height), "PictureSize \(width)x\(height) out of range")
        self.width = width
        self.height = height
    }

    /// `WxH`, as the command line writes a size.
    public var description: String { "\(width)x\(height)" }
}

/// A picture size with a side outside 1 to `PictureSize.largestSide`: the user's value, so the command line's.
public struct PictureSizeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sides as given.
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String {
        "the size must be from 1x1 to \(PictureSize.largestSide)x\(PictureSize.largestSide), not \(width)x\(height)"
    }
}
