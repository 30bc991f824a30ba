import AttitudeMath
import Camera
import Pixels
import TestSupport
import XCTest

/// `Lens` against itself: every ray projected and unprojected comes back, for every model (`LensSamples`); a file's
/// coefficients make the lens they name, or are refused saying why; the central region a pinhole may stand for.
final class LensRoundTripTests: XCTestCase {
    func testEveryRayComesBack() throws {
        for (name, lens) in LensSamples.lenses {
            let camera = LensCamera(pinhole: LensSamples.pinhole, lens: lens)
            var worst = 0.0
            for point in LensSamples.rays(halfAngle: 40) {
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
        let fisheye = LensCamera(pinhole: LensSamples.pinhole, lens: .fisheye(SIMD4(0.02, 0, 0, 0)))
        let wide = SIMD3(sin(1.8), 0, cos(1.8))
        let back = try XCTUnwrap(fisheye.ray(pixel: try XCTUnwrap(fisheye.project(wide))))
        XCTAssertEqual((back * wide).sum(), 1, accuracy: 1e-12)
        XCTAssertNil(LensCamera(pinhole: LensSamples.pinhole, lens: .radial([0.1, 0, 0, 0])).project(SIMD3(0, 0, -1)))
    }

    func testFilesNameTheirModel() {
        XCTAssertEqual(try Lens.make(model: nil, coefficients: [0, 0, 0, 0, 0]).get(), .pinhole)
        XCTAssertEqual(try Lens.make(model: nil, coefficients: [0.1, 0, 0, 0]).get(), .radial([0.1, 0, 0, 0]))
        XCTAssertEqual(try Lens.make(model: "fisheye", coefficients: [0.1, 0, 0, 0]).get(), .fisheye(SIMD4(0.1, 0, 0, 0)))
        XCTAssertEqual(try Lens.make(model: "radial", coefficients: [0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).get(),
                       .radial([0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        func reason(_ result: Result<Lens, LensError>) -> String { refusal { try result.get() } }
        XCTAssertEqual(reason(Lens.make(model: "fisheye", coefficients: [0.1, 0, 0, 0, 0])),
                       "the fisheye model takes 4 coefficients (k1, k2, k3, k4), not 5")
        XCTAssertEqual(reason(Lens.make(model: "radial", coefficients: [0.1, 0, 0])),
                       "the radial model takes 4, 5, 8, 12 or 14 coefficients, not 3")
        XCTAssertEqual(reason(Lens.make(model: "radial", coefficients: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.01, 0])),
                       "a tilted sensor (τx, τy, the 13th and 14th coefficients) is not supported")
        XCTAssertEqual(reason(Lens.make(model: "kannala", coefficients: [0, 0, 0, 0])), "distortion_model 'kannala' is not one of radial, fisheye")
        XCTAssertEqual(reason(Lens.make(model: nil, coefficients: [.nan, 0, 0, 0])), "a distortion coefficient is not finite")
    }

    /// The middle of a picture within a share of its half-diagonal, in OpenCV pixels (the top-left pixel's centre at 0, 0).
    func testTheCentralRegionIsAShareOfTheHalfDiagonal() {
        let region = CentralRegion(size: PictureSize(fixedWidth: 641, height: 481))
        XCTAssertEqual(region.centre, SIMD2(320, 240))
        XCTAssertEqual(region.radius, 0.6 * 400, accuracy: 1e-12)
        XCTAssertTrue(region.contains(SIMD2(320, 240)))
        XCTAssertTrue(region.contains(SIMD2(320 + 240, 240)), "on the edge")
        XCTAssertFalse(region.contains(SIMD2(320 + 240.01, 240)))
        XCTAssertFalse(region.contains(SIMD2(0, 0)), "a corner")
        XCTAssertTrue(CentralRegion(size: PictureSize(fixedWidth: 641, height: 481), share: 1).contains(SIMD2(0, 0)))
    }
}
