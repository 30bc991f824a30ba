import AttitudeMath
import Foundation

/// The last few seconds of a live attitude stream, so the attitude at a moment just past can be
/// drawn: `run --imud --time-offset S` with S < 0 draws each camera frame with the attitude that
/// arrived S seconds before it. One thread appends (the imud client's), another reads (the renderer).
// @unchecked Sendable: `samples` is read and written under `lock` only.
public final class AttitudeHistory: @unchecked Sendable {
    /// Seconds of samples kept behind the newest one.
    public let span: Double
    private let lock = NSLock()
    /// (time in seconds, world-from-device), oldest first, times non-decreasing.
    private var samples: [(time: Double, worldFromDevice: Quaternion)] = []
    /// Index of the oldest sample still in use: dropping from the front is deferred, so an append is O(1) amortised.
    private var first = 0

    public init(span: Double) {
        self.span = span
    }

    /// Adds the attitude that arrived at `time`. A sample older than the newest one (a clock that went
    /// backwards) replaces nothing and is ignored.
    public func append(time: Double, worldFromDevice: Quaternion) {
        lock.lock()
        defer { lock.unlock() }
        if let last = samples.last, time < last.time { return }
        samples.append((time, worldFromDevice))
        while first < samples.count - 1 && samples[first + 1].time <= time - span { first += 1 }
        if first > 1024 && first > samples.count / 2 {
            samples.removeFirst(first)
            first = 0
        }
    }

    /// The attitude at `time`: interpolated (slerp) between the two samples around it, the newest one
    /// after the newest sample. `beforeHistory` is true when `time` is earlier than every sample kept
    /// (the oldest one is returned): the stream has not run long enough, or `time` is more than `span` ago.
    public func attitude(at time: Double) -> (worldFromDevice: Quaternion, beforeHistory: Bool)? {
        lock.lock()
        defer { lock.unlock() }
        guard first < samples.count else { return nil }
        let kept = first..<samples.count
        let q = TimeSeries.attitude(at: time, in: kept, time: { samples[$0].time }, attitude: { samples[$0].worldFromDevice })
        return (q, time < samples[first].time)
    }

    /// Samples kept now.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return samples.count - first
    }
}
