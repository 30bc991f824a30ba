import AttitudeMath
import Camera
import Foundation
import Pixels

/// A camera and a lens of every model and coefficient count OpenCV writes, and seeded rays through them: what the
/// lens's own tests (CameraTests) and its comparison with OpenCV (ImagingTests) both run over.
public enum LensSamples {
    public static let pinhole = PinholeCamera(fx: 410, fy: 405, cx: 322.5, cy: 238.25, size: PictureSize(fixedWidth: 640, height: 480))
    public static let lenses: [(String, Lens)] = [
        ("radial, 5 coefficients", .radial([-0.28, 0.08, 0.0012, -0.0007, -0.012])),
        ("radial, 4 coefficients", .radial([0.1, -0.05, 0, 0.002])),
        ("rational, 8 coefficients", .radial([0.3, -0.1, 0.001, 0.002, 0.01, 0.25, -0.05, 0.02])),
        ("thin prism, 12 coefficients", .radial([-0.2, 0.05, 0.001, 0.0005, 0, 0, 0, 0, 0.002, -0.001, 0.0015, 0.0005])),
        ("fisheye", .fisheye(SIMD4(0.05, -0.012, 0.002, -0.0003))),
    ]

    /// Rays spread over a cone of `halfAngle` degrees about the axis, seeded.
    public static func rays(halfAngle: Double, count: Int = 400) -> [SIMD3<Double>] {
        var random = SplitMix64(seed: 5)
        return (0..<count).map { _ in
            let theta = Angle.radians(fromDegrees: Double(random.next() % 100_000) / 100_000 * halfAngle)
            let phi = Double(random.next() % 100_000) / 100_000 * 2 * .pi
            return SIMD3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta)) * (0.5 + Double(random.next() % 1000) / 100)
        }
    }
}
