/// The median of a set of numbers, and the rule the estimators share for leaving out what lies far from the rest.
public enum Median {
    /// The median of `values`: the middle one, the upper of the two middle ones for an even count; nil for none.
    public static func of(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }

    /// For each of `distances` (each 0 or more: how far a measurement lies from the rest), whether it lies within
    /// `factor` times their median, or within `floor` where that is larger (a set that agrees exactly keeps all).
    public static func within(_ distances: [Double], factor: Double, floor: Double) -> [Bool] {
        guard let median = of(distances) else { return [] }
        let limit = max(factor * median, floor)
        return distances.map { $0 <= limit }
    }
}
