import Foundation

/// One attitude read three ways, as the articles (docs/conventions.md) print it: the rotation matrix, Core Motion's
/// Euler angles, and the articles' tilt. All angles in degrees.
public struct AttitudeViews: Equatable, Sendable {
    /// The rotation matrix row by row, `rows[r][c]`, with `v_W = R · v_D`.
    public let rotationRows: [[Double]]
    /// Core Motion's convention, `R = Rz(yaw) · Rx(pitch) · Ry(roll)`: roll turns about the device's Y axis, degrees.
    public let roll: Double
    /// Turn about the device's X axis, in [-90, 90] degrees.
    public let pitch: Double
    /// Turn about the vertical (W's Z), degrees.
    public let yaw: Double
    /// The articles' tilt, `asin(2(qx·qz − qw·qy))`: the elevation of the device's +X axis above the
    /// horizon, in [-90, 90] degrees; heading does not change it.
    public let tilt: Double

    public init(worldFromDevice q: Quaternion) {
        let m = q.rotationMatrixRows
        rotationRows = m
        let degrees = Angle.degrees(fromRadians: 1.0)
        // Rounding can push |r32| a hair past 1 at pitch ±90°.
        pitch = asin(max(-1, min(1, m[2][1]))) * degrees
        roll = atan2(-m[2][0], m[2][2]) * degrees
        yaw = atan2(-m[0][1], m[1][1]) * degrees
        tilt = AttitudeViews.tiltDegrees(q)
    }

    /// The articles' tilt formula on the quaternion's components, degrees. Equal for `q` and `-q`.
    public static func tiltDegrees(_ q: Quaternion) -> Double {
        Angle.degrees(fromRadians: asin(max(-1, min(1, 2 * (q.x * q.z - q.w * q.y)))))
    }
}
