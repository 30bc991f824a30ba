import ArgumentParser
import AttitudeMath

/// `TimeBounds` on the command line: every option that gives a time, a duration or a wait is checked here,
/// so each is refused the same way, as a usage error naming the option.
public enum TimeOptions {
    /// A time or duration in seconds (`--from`, `--video-at`): finite and within ±`TimeBounds.time`.
    public static func checkTime(_ seconds: Double, option: String) throws {
        if let problem = TimeBounds.problem(time: seconds) { throw ValidationError("\(option) \(problem)") }
    }

    /// A time counted from a start, in seconds (`--from` into a log, `--video-at` into a video): 0 or more, and a time
    /// (`checkTime`).
    public static func checkTimeFromStart(_ seconds: Double, option: String) throws {
        if seconds < 0 { throw ValidationError("\(option) must be 0 or more seconds") }
        try checkTime(seconds, option: option)
    }

    /// A timeout in seconds: more than 0 and at most `TimeBounds.wait`.
    public static func checkWait(_ seconds: Double, option: String) throws {
        if let problem = TimeBounds.problem(wait: seconds) { throw ValidationError("\(option) \(problem)") }
    }

    /// A CLOCK_MONOTONIC instant to start at: 0 or more, a time, and at most `TimeBounds.wait` from now.
    public static func checkStart(_ seconds: Double, option: String) throws {
        guard seconds >= 0 else { throw ValidationError("\(option) must be a CLOCK_MONOTONIC time in seconds, 0 or more") }
        if let problem = TimeBounds.problem(startAt: seconds) { throw ValidationError("\(option) \(problem)") }
    }
}
