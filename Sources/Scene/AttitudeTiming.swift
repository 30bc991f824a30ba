import Rig

/// What a source's attitudes are timed by, which decides how a time offset is applied (`TimeOffsetControl`).
public enum AttitudeTiming {
    /// A fixed attitude: nothing to shift.
    case none
    /// A log playing back: the offset moves the playback (a seek).
    case playback
    /// A live stream, timed by arrival: the offset picks an attitude from the history or holds the camera back.
    case live

    /// The clock whose time offset a source timed by this takes (`TimeOffset.seconds(pairing:)`): a log's playback
    /// pairs a clip with its log, a live stream this process's clocks; a fixed attitude has none to shift.
    public var offsetClock: TimeOffset.Clock? {
        switch self {
        case .none: nil
        case .playback: .clip
        case .live: .live
        }
    }
}
