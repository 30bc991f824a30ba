import AttitudeMath

/// A stretch of a clip and the picture's own turn over it: how the rays of fixed points turned from its first frame to
/// its last (in the camera's frame C at the first), from the essential matrix of the points tracked through it. Over
/// seconds a moving camera has moved far enough that the essential matrix tells its move from its turn, which a frame
/// pair cannot.
public struct PictureSpan: Sendable {
    public var firstFrame: Int, lastFrame: Int
    /// The rays' turn, v_last = turn·v_first for a point far away.
    public var turn: Quaternion
    /// How many points the turn and a move explain.
    public var points: Int

    /// The fewest spans `SpanBias` and `SpanHold` fit: fewer leave their scatter, and so a wrong span and the error, unseen.
    public static let fewestForAFit = 4

    public init(firstFrame: Int, lastFrame: Int, turn: Quaternion, points: Int) {
        self.firstFrame = firstFrame; self.lastFrame = lastFrame; self.turn = turn; self.points = points
    }
}
