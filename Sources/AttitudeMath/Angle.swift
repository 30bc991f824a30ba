/// Degrees to radians and back: angles in files, options and messages are degrees, the math's are radians.
///
/// The order of operations is fixed, `degrees * .pi / 180` and `radians * 180 / .pi`, since pictures and calibrations
/// are compared to the bit and `.pi / 180 * degrees` is not always the same double. A unit's factor (a gyroscope's
/// degrees per second as a scale) is the conversion of 1: `radians(fromDegrees: 1)` is exactly `.pi / 180`.
public enum Angle {
    /// The angle `degrees` in radians.
    @inlinable
    public static func radians<Value: FloatingPoint>(fromDegrees degrees: Value) -> Value { degrees * .pi / 180 }

    /// The angle `radians` in degrees.
    @inlinable
    public static func degrees<Value: FloatingPoint>(fromRadians radians: Value) -> Value { radians * 180 / .pi }

    /// `degrees` from -540° to 540° brought within ±180° by one turn (a longitude east or west of the antimeridian, a
    /// difference of two bearings); ±180° itself is kept.
    @inlinable
    public static func wrappedTo180(degrees: Double) -> Double {
        degrees > 180 ? degrees - 360 : degrees < -180 ? degrees + 360 : degrees
    }

    /// Each of the angles `degrees` in radians (a rotation vector or an angular rate, in any frame; the frame is kept).
    @inlinable
    public static func radians<Vector: SIMD>(fromDegrees degrees: Vector) -> Vector where Vector.Scalar: FloatingPoint {
        degrees * .pi / 180
    }

    /// Each of the angles `radians` in degrees (a rotation vector or an angular rate, in any frame; the frame is kept).
    @inlinable
    public static func degrees<Vector: SIMD>(fromRadians radians: Vector) -> Vector where Vector.Scalar: FloatingPoint {
        radians * 180 / .pi
    }
}
