/// Holds a live source's frames back: `run --imud --time-offset S` with S > 0 draws, at time t, the
/// camera frame captured at or before t − S, beside the attitude that arrived at t. Used on the
/// render thread only. It keeps the frames from the one shown last to the newest, so its memory
/// is what the delay covers (S × the frame rate frames).
public struct FrameDelayLine {
    /// Frames not yet superseded, oldest first, capture times non-decreasing.
    private var frames: [CapturedFrame] = []

    public init() {}

    /// Adds a frame, unless it is the newest one already held (same generation).
    public mutating func offer(_ frame: CapturedFrame) {
        if let last = frames.last, frame.generation <= last.generation { return }
        frames.append(frame)
    }

    /// The newest frame captured at or before `time`, and the older ones dropped. When every frame
    /// held is later than `time` (the delay grew, or the source has just started), the oldest one is
    /// returned with `early` true: nothing older is left to show.
    public mutating func frame(capturedBy time: Double) -> (frame: CapturedFrame, early: Bool)? {
        guard let oldest = frames.first else { return nil }
        guard oldest.captureTime <= time else { return (oldest, true) }
        let due = frames.lastIndex { $0.captureTime <= time } ?? 0
        if due > 0 { frames.removeFirst(due) }
        return (frames[0], false)
    }

    /// Frames held now.
    public var count: Int { frames.count }
}
