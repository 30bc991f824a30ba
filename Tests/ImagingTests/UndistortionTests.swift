import Camera
import Imaging
import Pixels
import XCTest

/// `Undistorter`: each ray lands, undistorted, where the camera's pinhole puts it.
final class UndistortionTests: XCTestCase {
    /// OpenCV's map builders ignore the source camera's skew: undistortion must still put each ray where K says. A
    /// dot drawn where the lens camera (skew and all) projects a ray lands, undistorted, where the pinhole projects it.
    func testUndistortionHonoursTheSkew() throws {
        for lens in [Lens.radial([-0.2, 0.05, 0, 0, 0]), Lens.fisheye([0.05, 0.01, 0, 0])] {
            let pinhole = PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, skew: 40, size: PictureSize(fixedWidth: 320, height: 240))
            let camera = LensCamera(pinhole: pinhole, lens: lens)
            let ray = SIMD3(0.2, 0.25, 1.0)
            let taken = try XCTUnwrap(camera.project(ray))
            var pixels = [UInt8](repeating: 0, count: 320 * 240 * 3)
            for dy in -1...1 {
                for dx in -1...1 {
                    let (x, y) = (Int(taken.x.rounded()) + dx, Int(taken.y.rounded()) + dy)
                    for c in 0..<3 { pixels[(y * 320 + x) * 3 + c] = 255 }
                }
            }
            let undistorted = try Undistorter(camera: camera).apply(RGBImage(width: 320, height: 240, pixels: pixels), source: "dot")
            // The dot's centre of brightness.
            var (sum, sx, sy) = (0.0, 0.0, 0.0)
            for y in 0..<240 {
                for x in 0..<320 {
                    let v = Double(undistorted.pixels[(y * 320 + x) * 3])
                    sum += v; sx += v * Double(x); sy += v * Double(y)
                }
            }
            let expected = pinhole.pixel(normalized: SIMD2(ray.x / ray.z, ray.y / ray.z))
            let found = SIMD2(sx / sum, sy / sum)
            // The dot was drawn at the rounded pixel: half a pixel, and the map's fixed point, are the tolerance.
            XCTAssertEqual(found.x, expected.x + (taken.x.rounded() - taken.x), accuracy: 0.75, "\(lens)")
            XCTAssertEqual(found.y, expected.y + (taken.y.rounded() - taken.y), accuracy: 0.75, "\(lens)")
        }
    }
}
