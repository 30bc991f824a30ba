import Foundation

// MARK: - Which offset an attitude source takes

extension TimeOffset {
    /// Seconds: the largest live offset (`run --imud`). The attitudes and camera frames it holds back are kept in memory.
    public static let largestLiveSeconds = 1.0

    /// Checks an offset of `seconds` given for an attitude source timed by `clock`; nil is a source with no clock to
    /// shift (a fixed attitude, or one packet of imud drawn once). A log's offset has no limit here beyond the file's
    /// (`Rig.largestTimeOffsetSeconds`); a live one stays within ±`largestLiveSeconds`.
    public static func check(given seconds: Double, sourceClock clock: Clock?) throws(TimeOffsetError) {
        guard let clock else { throw .noClock }
        if clock == .live, abs(seconds) > largestLiveSeconds { throw .beyondLiveLimit(seconds: seconds) }
    }
}

/// An offset given for a source that cannot take it; the command line says it with its options' names.
public enum TimeOffsetError: Error, Equatable, CustomStringConvertible {
    /// The source has no clock to shift.
    case noClock
    /// A live offset past ±`TimeOffset.largestLiveSeconds`.
    case beyondLiveLimit(seconds: Double)

    public var description: String {
        switch self {
        case .noClock:
            return "a fixed attitude has no clock to shift"
        case .beyondLiveLimit:
            return String(format: "a live offset must be within ±%g s (the attitudes and camera frames it holds back are kept in memory)",
                          TimeOffset.largestLiveSeconds)
        }
    }
}
