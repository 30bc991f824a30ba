/// The median of a set of numbers, and the rule the estimators share for leaving out what lies far from the rest.
/// NaN has no rank: each function here leaves it out (infinities rank as the largest and the smallest).
public enum Median {
    /// The median of `values`: the middle one, the upper of the two middle ones for an even count; nil for none. Always
    /// one of the values, which a robust scale or a rejection limit wants.
    public static func of(_ values: [Double]) -> Double? {
        let sorted = values.filter { !$0.isNaN }.sorted()
        guard !sorted.isEmpty else { return nil }
        return sorted[sorted.count / 2]
    }

    /// The mean of the two middle values for an even count, the middle one for an odd count; nil for none. For a
    /// figure reported over runs (a benchmark's), and for a rough line through as few as two values (GPMF's clock),
    /// where neither of two middle values should be favoured.
    public static func meanOfMiddles(_ values: [Double]) -> Double? {
        let sorted = values.filter { !$0.isNaN }.sorted()
        guard !sorted.isEmpty else { return nil }
        return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    /// The value below which the share `p` (0 to 1) of `values` lie, by nearest rank (the value at rank ⌊p·n⌋, the
    /// largest for p = 1); nil for none. For a spread reported beside a median (a latency's 99th percentile, a plot's
    /// range).
    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        let sorted = values.filter { !$0.isNaN }.sorted()
        guard !sorted.isEmpty else { return nil }
        return sorted[min(sorted.count - 1, max(0, Int(p * Double(sorted.count))))]
    }

    /// The median step between consecutive `times` (seconds, in order), by `of`: a log's own sampling period; nil for
    /// fewer than two times.
    public static func period(_ times: [Double]) -> Double? {
        of(zip(times.dropFirst(), times).map { $0 - $1 })
    }

    /// For each of `distances` (each 0 or more: how far a measurement lies from the rest), whether it lies within
    /// `factor` times their median, or within `floor` where that is larger (a set that agrees exactly keeps all). A NaN
    /// distance is not within.
    public static func within(_ distances: [Double], factor: Double, floor: Double) -> [Bool] {
        guard let median = of(distances) else { return distances.map { _ in false } }
        let limit = max(factor * median, floor)
        return distances.map { $0 <= limit }
    }
}
