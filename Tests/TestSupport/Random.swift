import AttitudeMath

/// SplitMix64: a tiny seeded generator, so random tests draw the same numbers on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Quaternion {
    /// A unit quaternion drawn uniformly over rotations (Shoemake's method).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> Quaternion {
        let u1 = Double.random(in: 0..<1, using: &generator)
        let u2 = Double.random(in: 0..<(2 * .pi), using: &generator)
        let u3 = Double.random(in: 0..<(2 * .pi), using: &generator)
        let a = (1 - u1).squareRoot(), b = u1.squareRoot()
        return Quaternion(w: a * sin(u2), x: a * cos(u2), y: b * sin(u3), z: b * cos(u3))
    }
}

/// `count` uniformly distributed attitudes from a seed, the same on every run.
public struct RandomAttitudes: Sequence, IteratorProtocol {
    private var generator: SeededGenerator
    private var remaining: Int

    public init(seed: UInt64, count: Int) {
        generator = SeededGenerator(seed: seed)
        remaining = count
    }

    public mutating func next() -> Quaternion? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return Quaternion.random(using: &generator)
    }
}

import Foundation
