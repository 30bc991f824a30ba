import AttitudeMath

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
    private var generator: SplitMix64
    private var remaining: Int

    public init(seed: UInt64, count: Int) {
        generator = SplitMix64(seed: seed)
        remaining = count
    }

    public mutating func next() -> Quaternion? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return Quaternion.random(using: &generator)
    }
}

import Foundation
