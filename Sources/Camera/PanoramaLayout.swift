import AttitudeMath
import Foundation
import Pixels

/// Bearing and elevation of world directions, and the equirectangular panorama layout.
///
/// Bearing b = atan2(-y, x), clockwise from W's +X seen from above; elevation e = atan2(z, hypot(x, y)).
/// A panorama Wp x Hp spans bearing [-180°, 180°) left to right and elevation [90°, -90°] top to
/// bottom, edge to edge: texel (i, j) has its centre at b = (i + 0.5)·360/Wp - 180, e = 90 - (j + 0.5)·180/Hp.
public enum PanoramaLayout {
    /// Bearing and elevation in degrees of a world direction.
    public static func bearingElevation(_ w: SIMD3<Double>) -> (bearing: Double, elevation: Double) {
        (Angle.degrees(fromRadians: atan2(-w.y, w.x)), Angle.degrees(fromRadians: atan2(w.z, (w.x * w.x + w.y * w.y).squareRoot())))
    }

    /// The unit world direction at bearing `b` and elevation `e`, in degrees.
    public static func direction(bearing b: Double, elevation e: Double) -> SIMD3<Double> {
        let br = Angle.radians(fromDegrees: b), er = Angle.radians(fromDegrees: e)
        return SIMD3(cos(er) * cos(br), -cos(er) * sin(br), sin(er))
    }

    /// Bearing and elevation in degrees of the centre of texel (`i`, `j`) of a panorama `width` x `height`.
    public static func bearingElevation(texel i: Int, _ j: Int, width: Int, height: Int) -> (bearing: Double, elevation: Double) {
        ((Double(i) + 0.5) * 360 / Double(width) - 180, 90 - (Double(j) + 0.5) * 180 / Double(height))
    }

    /// Continuous texel coordinates (column, row; texel centres at integers) of a direction in a
    /// panorama of `size`, Wp x Hp.
    public static func texel(bearing b: Double, elevation e: Double, size: PictureSize) -> (i: Double, j: Double) {
        ((b + 180) / 360 * Double(size.width) - 0.5, (90 - e) / 180 * Double(size.height) - 0.5)
    }
}
