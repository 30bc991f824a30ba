import AttitudeMath
import Foundation
import MonotonicTime

/// A clock over an `AttitudeLog` that follows its timestamps in real time: pause, loop, speed, seek.
///
/// Every method takes the wall-clock time `now` in seconds from any monotonic clock
/// (`MonotonicClock.now()` in an app, made-up numbers in a test); nothing reads the clock itself.
/// The state is an anchor: at wall time `anchorWallTime` the log was at `anchorLogTime`, and since then it has
/// advanced at `speed` log seconds per wall second unless paused.
public struct Playback: Sendable {
    public let log: AttitudeLog
    /// Log seconds per wall-clock second, finite and > 0.
    public private(set) var speed: Double
    /// Whether playback wraps from the end back to the start instead of stopping at the end.
    public private(set) var isLooping: Bool
    public private(set) var isPaused: Bool

    private var anchorWallTime: Double
    private var anchorLogTime: Double

    /// Starts playback at log time 0 at wall time `now`, running unless `paused`.
    public init(log: AttitudeLog, now: Double, speed: Double = 1, looping: Bool = false, paused: Bool = false) throws {
        try Self.check(speed: speed)
        self.log = log
        self.speed = speed
        self.isLooping = looping
        self.isPaused = paused
        self.anchorWallTime = now
        self.anchorLogTime = 0
    }

    // MARK: - Reading

    /// The log time in seconds at wall time `now`, in `0...log.duration`; when looping, in `0..<log.duration`.
    /// A `now` earlier than the last change reads as that change's time.
    public func currentTime(now: Double) -> Double {
        let elapsed = isPaused ? 0 : max(0, now - anchorWallTime) * speed
        return place(anchorLogTime + elapsed)
    }

    /// The attitude `worldFromDevice` at wall time `now` (seconds, the clock playback was started on).
    public func attitude(atWallTime now: Double) -> Quaternion {
        log.attitude(at: currentTime(now: now))
    }

    /// True once a non-looping playback has reached the last sample.
    public func isFinished(now: Double) -> Bool {
        !isLooping && currentTime(now: now) >= log.duration
    }

    // MARK: - Control

    public mutating func pause(now: Double) {
        guard !isPaused else { return }
        reanchor(now: now)
        isPaused = true
    }

    public mutating func resume(now: Double) {
        guard isPaused else { return }
        reanchor(now: now)
        isPaused = false
    }

    public mutating func togglePause(now: Double) {
        if isPaused { resume(now: now) } else { pause(now: now) }
    }

    /// Changes the speed from `now` on, keeping the current log time. Throws unless `speed` is finite and > 0.
    public mutating func setSpeed(_ speed: Double, now: Double) throws {
        try Self.check(speed: speed)
        reanchor(now: now)
        self.speed = speed
    }

    /// Turns looping on or off from `now` on, keeping the current log time.
    public mutating func setLooping(_ looping: Bool, now: Double) {
        reanchor(now: now)
        isLooping = looping
    }

    /// Jumps to log time `t` seconds: clamped to `0...duration`, or wrapped into the log when looping.
    /// A non-finite `t` is ignored.
    public mutating func seek(to t: Double, now: Double) {
        guard t.isFinite else { return }
        anchorWallTime = now
        anchorLogTime = place(t)
    }

    /// Moves by `offset` seconds of log time (negative goes back), clamped or wrapped as `seek(to:now:)`.
    public mutating func seek(by offset: Double, now: Double) {
        seek(to: currentTime(now: now) + offset, now: now)
    }

    // MARK: - Helpers

    private mutating func reanchor(now: Double) {
        anchorLogTime = currentTime(now: now)
        anchorWallTime = max(now, anchorWallTime)
    }

    /// Clamps a log time into the log, or wraps it when looping.
    private func place(_ t: Double) -> Double {
        let duration = log.duration
        guard duration > 0 else { return 0 }
        guard isLooping else { return min(max(t, 0), duration) }
        let wrapped = t - duration * (t / duration).rounded(.down)
        // Rounding can land exactly on `duration`; that is the start again.
        return wrapped >= duration || wrapped < 0 ? 0 : wrapped
    }

    private static func check(speed: Double) throws {
        guard isSpeed(speed) else { throw PlaybackError.invalidSpeed(speed) }
    }

    /// Whether `speed` is a playback speed (2 plays twice as fast): a positive finite number. A log played to a window
    /// and a log replayed to imud's subscribers take the same speeds.
    public static func isSpeed(_ speed: Double) -> Bool { speed.isFinite && speed > 0 }
}

/// Why a playback setting was refused.
public enum PlaybackError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    case invalidSpeed(Double)

    public var description: String {
        switch self {
        case .invalidSpeed(let speed): return "playback speed must be a finite number greater than 0, not \(speed)"
        }
    }

    public var errorDescription: String? { description }
}
