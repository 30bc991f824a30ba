import AttitudeMath
import Camera
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// `Lens` (Swift, used by calibration and drawing) against OpenCV's own `cv::projectPoints` and
/// `cv::fisheye::projectPoints`, over every lens model (`LensSamples`); the lens against itself is CameraTests'.
final class LensTests: XCTestCase {
    func testProjectionMatchesOpenCV() throws {
        for (name, lens) in LensSamples.lenses {
            let camera = LensCamera(pinhole: LensSamples.pinhole, lens: lens)
            let points = LensSamples.rays(halfAngle: 40)
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
}
