import AttitudeMath
import Foundation
import MonotonicTime
import Pixels
import Workers

/// One frame as the capture thread delivered it, with the times a later stage needs to line it up
/// with attitude samples.
public struct CapturedFrame: Sendable {
    public let image: RGBImage
    /// 1 for the first frame posted to a mailbox, then one more per frame: a renderer uploads again
    /// only when this changes.
    public let generation: Int
    /// The frame's time, seconds of `MonotonicClock` (CLOCK_MONOTONIC): the camera driver's own timestamp
    /// when it counts that clock (`CaptureSource.frameClock` says which), else `arrivalTime`.
    public let captureTime: Double
    /// When the capture thread received the frame, seconds of `MonotonicClock`.
    public let arrivalTime: Double
    /// The frame's position in its stream in seconds, when the backend knows it (files; some cameras).
    public let streamPosition: Double?
    /// The frame's index in a video file (0 first), nil for cameras.
    public let frameIndex: Int?

    public init(image: RGBImage, generation: Int, captureTime: Double, arrivalTime: Double? = nil, streamPosition: Double?,
                frameIndex: Int?) {
        self.image = image
        self.generation = generation
        self.captureTime = captureTime
        self.arrivalTime = arrivalTime ?? captureTime
        self.streamPosition = streamPosition
        self.frameIndex = frameIndex
    }
}

/// A one-slot mailbox between a capture thread and the renderer. Posting replaces whatever is in the
/// slot, so a slow reader sees the newest frame and old frames are dropped, never queued. Neither
/// side waits for the other beyond a short lock around a reference swap.
public final class FrameMailbox: Sendable {
    private struct State {
        var slot: CapturedFrame?
        var generation = 0
        var slotTaken = true
        var dropped = 0
    }

    private let state = Locked(State())

    public init() {}

    /// Puts a frame in the slot, replacing the previous one, and returns the frame as stored.
    @discardableResult
    public func post(_ image: RGBImage, captureTime: Double, arrivalTime: Double? = nil, streamPosition: Double? = nil,
                     frameIndex: Int? = nil) -> CapturedFrame {
        state.withLock { state in
            state.generation += 1
            if !state.slotTaken { state.dropped += 1 }
            let frame = CapturedFrame(image: image, generation: state.generation, captureTime: captureTime, arrivalTime: arrivalTime,
                                      streamPosition: streamPosition, frameIndex: frameIndex)
            state.slot = frame
            state.slotTaken = false
            return frame
        }
    }

    /// The newest frame, or nil before the first. The frame stays in the slot: asking again without a
    /// new post returns the same frame with the same generation.
    public func latest() -> CapturedFrame? {
        state.withLock { state in
            state.slotTaken = true
            return state.slot
        }
    }

    /// Frames that were replaced before anyone read them.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// The generation of the newest frame (0 before the first).
    public var latestGeneration: Int { state.withLock { $0.generation } }
}
