import Foundation
import MonotonicTime
import Rig

/// `run`'s time offset S between the camera's clock and the attitude source's (the camera frame at
/// camera time t shows the attitude at source time t + S), and the [ and ] keys that change it.
///
/// A log applies S when playback starts (`run`'s playback start time); a change moves the playback. A live
/// source has no past to seek into, so both clocks are times in this process (`MonotonicClock`): a
/// frame's time (the driver's timestamp, or its arrival) and the attitudes' arrival. The frame timed t
/// is drawn with the attitude that arrived at t + S, from the source's history; with S > 0 the camera is
/// held back until that attitude has come: at t the newest frame timed t − S or earlier is drawn. Live
/// offsets stay within ±`liveLimit` seconds, which bounds the history and the frames held.
public struct TimeOffsetControl {
    public static let liveLimit = TimeOffset.largestLiveSeconds
    /// The [ and ] step in seconds; with Shift, `fineStep`.
    public static let step = 0.005, fineStep = 0.001

    public private(set) var seconds: Double
    public let clock: AttitudeTiming

    public init(seconds: Double, clock: AttitudeTiming) {
        self.seconds = seconds
        self.clock = clock
    }

    /// The arrival time whose attitude a live source draws at `now` with the camera frame timed `frameTime`:
    /// that time plus the offset, never later than `now`; with no frame, `now` plus the offset when it is
    /// negative. `now` for other sources.
    public func attitudeTime(now: Double, frameTime: Double? = nil) -> Double {
        guard clock == .live else { return now }
        guard let frameTime else { return now + min(seconds, 0) }
        return min(now, frameTime + seconds)
    }

    /// The newest camera frame to show at `now` must have arrived by this time.
    public func backgroundTime(now: Double) -> Double { clock == .live ? now - max(seconds, 0) : now }

    /// Changes the offset by `delta` seconds (live: kept within ±`liveLimit`) and returns the change
    /// made, which a log's playback is moved by. A fixed attitude has no clock: nothing changes.
    public mutating func nudge(by delta: Double) -> Double {
        guard clock != .none else { return 0 }
        var next = seconds + delta
        if clock == .live { next = min(Self.liveLimit, max(-Self.liveLimit, next)) }
        // Whole microseconds, so a run of steps prints and adds up exactly.
        next = (next * 1e6).rounded() / 1e6
        defer { seconds = next }
        return next - seconds
    }
}
