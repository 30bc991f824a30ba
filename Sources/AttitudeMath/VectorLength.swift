extension SIMD where Scalar: FloatingPoint {
    /// The Euclidean length, √(x₀² + x₁² + …), the squares summed in order.
    @inlinable public var length: Scalar { (self * self).sum().squareRoot() }

    /// The unit vector along this one (NaN components for the zero vector).
    @inlinable public var normalized: Self { self / length }
}
