import AttitudeMath
import Camera
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// `Lens` (Swift, used by calibration and drawing) against OpenCV's own `cv::projectPoints` and
/// `cv::fisheye::projectPoints`, and against itself: every ray projected and unprojected comes back.
final class LensTests: XCTestCase {
    static let pinhole = PinholeCamera(fx: 410, fy: 405, cx: 322.5, cy: 238.25, size: PictureSize(fixedWidth: 640, height: 480))
    static let lenses: [(String, Lens)] = [
        ("radial, 5 coefficients", .radial([-0.28, 0.08, 0.0012, -0.0007, -0.012])),
        ("radial, 4 coefficients", .radial([0.1, -0.05, 0, 0.002])),
        ("rational, 8 coefficients", .radial([0.3, -0.1, 0.001, 0.002, 0.01, 0.25, -0.05, 0.02])),
        ("thin prism, 12 coefficients", .radial([-0.2, 0.05, 0.001, 0.0005, 0, 0, 0, 0, 0.002, -0.001, 0.0015, 0.0005])),
        ("fisheye", .fisheye(SIMD4(0.05, -0.012, 0.002, -0.0003))),
    ]

    /// Rays spread over a cone of `halfAngle` degrees about the axis, seeded.
    func rays(halfAngle: Double, count: Int = 400) -> [SIMD3<Double>] {
        var random = SplitMix64(seed: 5)
        return (0..<count).map { _ in
            let theta = Angle.radians(fromDegrees: Double(random.next() % 100_000) / 100_000 * halfAngle)
            let phi = Double(random.next() % 100_000) / 100_000 * 2 * .pi
            return SIMD3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta)) * (0.5 + Double(random.next() % 1000) / 100)
        }
    }

    func testProjectionMatchesOpenCV() throws {
        for (name, lens) in Self.lenses {
            let camera = LensCamera(pinhole: Self.pinhole, lens: lens)
            let points = rays(halfAngle: 40)
            let opencv = try OpenCVProjection.project(points, camera: camera)
            var worst = 0.0
            for (point, expected) in zip(points, opencv) {
                let ours = try XCTUnwrap(camera.project(point), name)
                let d = ours - expected
                worst = max(worst, d.length)
            }
            XCTAssertLessThan(worst, 1e-6, "\(name): largest difference to OpenCV \(worst) px")
        }
    }

    func testEveryRayComesBack() throws {
        for (name, lens) in Self.lenses {
            let camera = LensCamera(pinhole: Self.pinhole, lens: lens)
            var worst = 0.0
            for point in rays(halfAngle: 40) {
                let unit = point.normalized
                let pixel = try XCTUnwrap(camera.project(unit), name)
                let back = try XCTUnwrap(camera.ray(pixel: pixel), "\(name): \(pixel)")
                // The chord between unit vectors, not acos of their dot product, which cannot resolve below 2e-8.
                let d = back - unit
                worst = max(worst, d.length)
            }
            XCTAssertLessThan(worst, 1e-9, "\(name): largest angle back \(worst) rad")
        }
        // A fisheye reaches past 90° from the axis, where no pinhole does.
        let fisheye = LensCamera(pinhole: Self.pinhole, lens: .fisheye(SIMD4(0.02, 0, 0, 0)))
        let wide = SIMD3(sin(1.8), 0, cos(1.8))
        let back = try XCTUnwrap(fisheye.ray(pixel: try XCTUnwrap(fisheye.project(wide))))
        XCTAssertEqual((back * wide).sum(), 1, accuracy: 1e-12)
        XCTAssertNil(LensCamera(pinhole: Self.pinhole, lens: .radial([0.1, 0, 0, 0])).project(SIMD3(0, 0, -1)))
    }

    func testFilesNameTheirModel() {
        XCTAssertEqual(try Lens.make(model: nil, coefficients: [0, 0, 0, 0, 0]).get(), .pinhole)
        XCTAssertEqual(try Lens.make(model: nil, coefficients: [0.1, 0, 0, 0]).get(), .radial([0.1, 0, 0, 0]))
        XCTAssertEqual(try Lens.make(model: "fisheye", coefficients: [0.1, 0, 0, 0]).get(), .fisheye(SIMD4(0.1, 0, 0, 0)))
        XCTAssertEqual(try Lens.make(model: "radial", coefficients: [0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).get(),
                       .radial([0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        func reason(_ result: Result<Lens, LensError>) -> String {
            if case .failure(let error) = result { return error.description }
            return "accepted"
        }
        XCTAssertEqual(reason(Lens.make(model: "fisheye", coefficients: [0.1, 0, 0, 0, 0])),
                       "the fisheye model takes 4 coefficients (k1, k2, k3, k4), not 5")
        XCTAssertEqual(reason(Lens.make(model: "radial", coefficients: [0.1, 0, 0])),
                       "the radial model takes 4, 5, 8, 12 or 14 coefficients, not 3")
        XCTAssertEqual(reason(Lens.make(model: "radial", coefficients: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.01, 0])),
                       "a tilted sensor (τx, τy, the 13th and 14th coefficients) is not supported")
        XCTAssertEqual(reason(Lens.make(model: "kannala", coefficients: [0, 0, 0, 0])), "distortion_model 'kannala' is not one of radial, fisheye")
        XCTAssertEqual(reason(Lens.make(model: nil, coefficients: [.nan, 0, 0, 0])), "a distortion coefficient is not finite")
    }
}
