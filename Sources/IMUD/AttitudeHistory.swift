import AttitudeMath
import Foundation
import Workers

/// The last few seconds of a live attitude stream, so the attitude at a moment just past can be
/// drawn: `run --imud --time-offset S` with S < 0 draws each camera frame with the attitude that
/// arrived S seconds before it. One thread appends (the imud client's), another reads (the renderer).
public final class AttitudeHistory: Sendable {
    private struct Kept {
        /// (time in seconds, world-from-device), oldest first, times non-decreasing.
        var samples: [(time: Double, worldFromDevice: Quaternion)] = []
        /// Index of the oldest sample still in use: dropping from the front is deferred, so an append is O(1) amortised.
        var first = 0
    }

    /// Seconds of samples kept behind the newest one.
    public let span: Double
    private let kept = Locked(Kept())

    public init(span: Double) {
        self.span = span
    }

    /// Adds the attitude that arrived at `time`. A sample older than the newest one (a clock that went
    /// backwards) replaces nothing and is ignored.
    public func append(time: Double, worldFromDevice: Quaternion) {
        kept.withLock { kept in
            if let last = kept.samples.last, time < last.time { return }
            kept.samples.append((time, worldFromDevice))
            while kept.first < kept.samples.count - 1 && kept.samples[kept.first + 1].time <= time - span { kept.first += 1 }
            if kept.first > 1024 && kept.first > kept.samples.count / 2 {
                kept.samples.removeFirst(kept.first)
                kept.first = 0
            }
        }
    }

    /// The attitude at `time`: interpolated (slerp) between the two samples around it, the newest one
    /// after the newest sample. `beforeHistory` is true when `time` is earlier than every sample kept
    /// (the oldest one is returned): the stream has not run long enough, or `time` is more than `span` ago.
    public func attitude(at time: Double) -> (worldFromDevice: Quaternion, beforeHistory: Bool)? {
        kept.withLock { kept in
            let samples = kept.samples
            guard kept.first < samples.count else { return nil }
            let q = TimeSeries.attitude(at: time, in: kept.first..<samples.count, time: { samples[$0].time },
                                        attitude: { samples[$0].worldFromDevice })
            return (q, time < samples[kept.first].time)
        }
    }

    /// Samples kept now.
    public var count: Int { kept.withLock { $0.samples.count - $0.first } }
}
