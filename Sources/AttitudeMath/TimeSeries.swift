/// Look-ups in samples ordered by time: the one bisection that attitude logs, the live attitude history, the
/// gyroscope's integral, a raw log's gaps and the plots' nearest samples share. Times are in seconds; `time(i)` must
/// not decrease with `i`.
public enum TimeSeries {
    /// The neighbouring indices with time(low) <= t < time(high), by bisection over `range`. `t` must lie
    /// in [time(first index), time(last index)).
    public static func bracket(_ t: Double, in range: Range<Int>, time: (Int) -> Double) -> (low: Int, high: Int) {
        let high = firstIndex(in: range) { time($0) > t }
        return (high - 1, high)
    }

    /// The first index in `range` whose time is at or after `t`; `range.upperBound` when every time is before `t`.
    public static func firstIndex(atOrAfter t: Double, in range: Range<Int>, time: (Int) -> Double) -> Int {
        firstIndex(in: range) { time($0) >= t }
    }

    /// The first index in `range` where `isLate` holds, by bisection: `isLate` holds from some index on, and not before.
    static func firstIndex(in range: Range<Int>, where isLate: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isLate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The last index in `range` (not empty) whose time is at or before `t`; the first index when `t` is
    /// before every time.
    public static func index(atOrBefore t: Double, in range: Range<Int>, time: (Int) -> Double) -> Int {
        if t >= time(range.upperBound - 1) { return range.upperBound - 1 }
        if t < time(range.lowerBound) { return range.lowerBound }
        return bracket(t, in: range, time: time).low
    }

    /// The attitude at `t` among the samples in `range` (not empty): the first one before its time, the
    /// last one from its time on, and in between the slerp of the two around `t`. Where samples share a
    /// time, the later one holds from that instant on.
    public static func attitude(at t: Double, in range: Range<Int>, time: (Int) -> Double,
                                attitude: (Int) -> Quaternion) -> Quaternion {
        let first = range.lowerBound, last = range.upperBound - 1
        if t < time(first) { return attitude(first) }
        if t >= time(last) { return attitude(last) }
        let (low, high) = bracket(t, in: range, time: time)
        let fraction = (t - time(low)) / (time(high) - time(low))
        return Quaternion.slerp(attitude(low), attitude(high), fraction)
    }
}
