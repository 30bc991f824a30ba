import AttitudeMath

/// A vector with each component uniform in [-2, 2], from the seeded generator.
func randomVector(using generator: inout SplitMix64) -> SIMD3<Double> {
    SIMD3(Double.random(in: -2...2, using: &generator),
          Double.random(in: -2...2, using: &generator),
          Double.random(in: -2...2, using: &generator))
}

/// Rows times a column vector, written out here so tests do not lean on the code under test.
func multiply(_ rows: [[Double]], _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
          rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
          rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z)
}

/// The product of two 3x3 matrices given as rows, written out likewise.
func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
}
