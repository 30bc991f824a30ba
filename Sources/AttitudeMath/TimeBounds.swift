import Foundation
import MonotonicTime

/// The one bound on times and waits, for every reader (logs, `imu.csv`, `frames.csv` and the other frame-time
/// files) and every time option (docs/conventions.md, "Time"). Past it a double no longer resolves what the
/// project times (camera rows, IMU samples), or a wait outlives any run: a value outside is refused, naming
/// the file and line or the option, rather than quantised into a wrong picture or waited on forever.
public enum TimeBounds {
    /// Seconds either side of 0 for any time: epoch seconds are 1.7e9 today, and at 1e10 a double still
    /// resolves 2 µs, finer than any IMU's period or camera's row time. Durations and offsets are at most
    /// this too (a difference of two times stays under 2e10 s, where a 5 ms step still moves a double).
    public static let time = 1e10
    /// Seconds a command may be asked to wait: a timeout, or a start instant ahead of now. A day.
    public static let wait = 86400.0

    /// `time` as the messages write it: `1e10`.
    static var timeText: String { String(format: "%g", time).replacingOccurrences(of: "e+", with: "e") }
    /// `wait` as the messages write it: `86400 s (a day)`.
    static var waitText: String { String(format: "%g s (a day)", wait) }

    /// Why `t` (seconds) is not a usable time, or nil when it is: finite and within ±`time`.
    public static func problem(time t: Double) -> String? {
        guard t.isFinite else { return "\(t) s is not a finite time" }
        guard abs(t) <= time else { return "\(t) s is outside ±\(timeText) s, where a double still resolves microseconds" }
        return nil
    }

    /// Why `seconds` is not a usable wait, or nil when it is: more than 0 and at most `wait`.
    public static func problem(wait seconds: Double) -> String? {
        guard seconds > 0, seconds <= wait else { return "\(seconds) s is not a wait of more than 0 s and at most \(waitText)" }
        return nil
    }

    /// Why the instant `start` (seconds on `MonotonicClock`) is not one to wait for, or nil: a usable time
    /// no further ahead of `now` than `wait` (an instant already past starts at once).
    public static func problem(startAt start: Double, now: Double = MonotonicClock.now()) -> String? {
        if let problem = problem(time: start) { return problem }
        guard start - now <= wait else {
            return String(format: "%g s is %.0f s ahead of CLOCK_MONOTONIC's %.0f s now; at most %@ ahead",
                          start, start - now, now, waitText)
        }
        return nil
    }
}
