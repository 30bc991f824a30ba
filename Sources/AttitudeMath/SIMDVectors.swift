extension SIMD where Scalar: FloatingPoint {
    /// The Euclidean length, √(x₀² + x₁² + …), the squares summed in order.
    @inlinable public var length: Scalar { (self * self).sum().squareRoot() }

    /// The unit vector along this one (NaN components for the zero vector).
    @inlinable public var normalized: Self { self / length }

    /// The dot product, the products summed in order.
    @inlinable public func dot(_ other: Self) -> Scalar { (self * other).sum() }

    /// True when every component is finite (no NaN, no infinity).
    @inlinable public var isFinite: Bool { indices.allSatisfy { self[$0].isFinite } }
}
