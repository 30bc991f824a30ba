/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seeded generator that draws the same numbers on every machine,
/// for the synthetic data (clips, noise, benchmarks) and the tests. Not for secrets.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in (0, 1), never 0 or 1 (so a logarithm of it is finite): the top 53 bits, centred in their step.
    public mutating func uniform() -> Double {
        (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992
    }
}
