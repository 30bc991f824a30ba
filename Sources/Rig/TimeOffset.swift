import Foundation

/// Log time = video time + `seconds`: the video frame at video time t shows the attitude at log time t + seconds.
public struct TimeOffset: Sendable, Equatable {
    /// What the two times count.
    public enum Clock: String, Sendable {
        /// A clip and a log, each counting from its own start (`time_offset_clock: clip`).
        case clip
        /// A live rig's one clock (`calibrate` on a `record` folder): the frame timed t (CLOCK_MONOTONIC) shows the
        /// attitude imud delivered at t + seconds (`time_offset_clock: live`).
        case live
    }

    /// Which instant of a frame video time t stands for.
    public enum Instant: String, Sendable {
        /// The frame as one instant (a global shutter, or no readout known).
        case frame
        /// The middle row's, with a rolling shutter's readout (`time_offset_refers_to: middle_row`).
        case middleRow = "middle_row"
    }

    public var seconds: Double
    public var clock: Clock
    public var refersTo: Instant

    public init(seconds: Double, clock: Clock = .clip, refersTo: Instant = .frame) {
        self.seconds = seconds; self.clock = clock; self.refersTo = refersTo
    }

    /// The seconds this offset shifts attitudes timed by `clock`, nil when it pairs the other clock: the one rule for
    /// which offset applies. A clip's pairs a clip (or a video) with its log, not live imud with a camera; a live rig's
    /// pairs the arrival times of one process, not a clip with a log.
    public func seconds(pairing clock: Clock) -> Double? { self.clock == clock ? seconds : nil }
}

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
