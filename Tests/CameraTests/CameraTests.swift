import AttitudeMath
import Camera
import Pixels
import TestSupport
import XCTest

final class PinholeCameraTests: XCTestCase {
    /// A 60° camera's projection is gluPerspective's (the articles' picture).
    func testSixtyDegreesIsTheArticlesPerspective() {
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 640, height: 480))
        XCTAssertEqual(camera.fy, 240 / tan(Double.pi / 6), accuracy: 1e-9)
        XCTAssertEqual(camera.fx, camera.fy)
        XCTAssertEqual(PinholeCamera.focalLength(verticalFieldOfViewDegrees: 60, height: 480), camera.fy)
        XCTAssertEqual(PinholeCamera.focalLength(verticalFieldOfViewDegrees: 90, height: 480), 240, accuracy: 1e-12)
        XCTAssertEqual(camera.cx, 319.5)
        XCTAssertEqual(camera.cy, 239.5)
        let ours = camera.projectionMatrix(), seed = DieView.projection(verticalFieldOfViewDegrees: 60, aspect: Float(640) / Float(480))
        for i in 0..<16 { XCTAssertEqual(ours.storage[i], seed.storage[i], accuracy: 1e-5, "element \(i)") }
    }

    /// The projection matrix puts a point where u = fx·X/Z + cx, v = fy·Y/Z + cy puts it, for
    /// off-centre principal points, in OpenCV pixel coordinates (window edges at -0.5 and W - 0.5).
    func testProjectionMatrixAgreesWithThePinhole() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let w = Int.random(in: 50...1500, using: &random), h = Int.random(in: 50...1500, using: &random)
            let camera = PinholeCamera(fx: .random(in: 100...2000, using: &random), fy: .random(in: 100...2000, using: &random),
                                       cx: .random(in: 0...Double(w), using: &random), cy: .random(in: 0...Double(h), using: &random),
                                       size: PictureSize(fixedWidth: w, height: h))
            let p = SIMD3(Double.random(in: -3...3, using: &random), .random(in: -3...3, using: &random), -.random(in: 0.5...50, using: &random))
            let clip = camera.projectionMatrix().apply(SIMD4(Float(p.x), Float(p.y), Float(p.z), 1))
            let ndc = SIMD2(Double(clip.x / clip.w), Double(clip.y / clip.w))
            let fromGL = SIMD2((ndc.x + 1) / 2 * Double(w) - 0.5, (1 - ndc.y) / 2 * Double(h) - 0.5)
            let expected = camera.project(device: p)!
            XCTAssertEqual(fromGL.x, expected.x, accuracy: 2e-3 * max(1, abs(expected.x) / 1000))
            XCTAssertEqual(fromGL.y, expected.y, accuracy: 2e-3 * max(1, abs(expected.y) / 1000))
        }
    }

    /// Fuzz finding 7: a camera matrix with a skew s (a real phone clip's authors give -0.70) is a valid OpenCV matrix,
    /// K = [fx s cx; 0 fy cy; 0 0 1]: a point projects to u = fx·X/Z + s·Y/Z + cx, v = fy·Y/Z + cy, by the camera, by
    /// its OpenGL projection matrix, and for the crop to a window; a pixel's ray goes back through the point.
    func testASkewedCameraProjectsWhereKSays() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let w = Int.random(in: 50...1500, using: &random), h = Int.random(in: 50...1500, using: &random)
            let (fx, fy) = (Double.random(in: 100...2000, using: &random), Double.random(in: 100...2000, using: &random))
            let (cx, cy) = (Double.random(in: 0...Double(w), using: &random), Double.random(in: 0...Double(h), using: &random))
            let skew = Double.random(in: -50...50, using: &random)
            let camera = PinholeCamera(fx: fx, fy: fy, cx: cx, cy: cy, skew: skew, size: PictureSize(fixedWidth: w, height: h))
            let p = SIMD3(Double.random(in: -3...3, using: &random), .random(in: -3...3, using: &random), -.random(in: 0.5...50, using: &random))
            // K times the point in OpenCV's camera frame C (X = x_D, Y = -y_D, Z = -z_D), written out.
            let (X, Y, Z) = (p.x, -p.y, -p.z)
            let expected = SIMD2(fx * X / Z + skew * Y / Z + cx, fy * Y / Z + cy)
            let projected = camera.project(device: p)!
            XCTAssertEqual(projected.x, expected.x, accuracy: 1e-9 * max(1, abs(expected.x)))
            XCTAssertEqual(projected.y, expected.y, accuracy: 1e-9 * max(1, abs(expected.y)))
            XCTAssertEqual(camera.matrixRows, [fx, skew, cx, 0, fy, cy, 0, 0, 1])
            let clip = camera.projectionMatrix().apply(SIMD4(Float(p.x), Float(p.y), Float(p.z), 1))
            let ndc = SIMD2(Double(clip.x / clip.w), Double(clip.y / clip.w))
            let fromGL = SIMD2((ndc.x + 1) / 2 * Double(w) - 0.5, (1 - ndc.y) / 2 * Double(h) - 0.5)
            XCTAssertEqual(fromGL.x, expected.x, accuracy: 2e-3 * max(1, abs(expected.x) / 1000))
            XCTAssertEqual(fromGL.y, expected.y, accuracy: 2e-3 * max(1, abs(expected.y) / 1000))
            let ray = camera.ray(pixel: expected)
            XCTAssertEqual(ray.x / ray.z, X / Z, accuracy: 1e-9 * max(1, abs(X / Z)))
            XCTAssertEqual(ray.y / ray.z, Y / Z, accuracy: 1e-9 * max(1, abs(Y / Z)))
            let d = camera.deviceRay(u: expected.x, v: expected.y)
            XCTAssertEqual(d.x / -d.z, p.x / -p.z, accuracy: 1e-9 * max(1, abs(p.x / p.z)))
            XCTAssertEqual(d.y / -d.z, p.y / -p.z, accuracy: 1e-9 * max(1, abs(p.y / p.z)))
            // In a window of another aspect the pixel moves as the picture does: u' + 0.5 = s·(u + 0.5 - x0).
            let window = camera.fitted(to: PictureSize(fixedWidth: 640, height: 480))
            let crop = ImageCrop(frameWidth: w, frameHeight: h, viewportWidth: 640, viewportHeight: 480)
            let (sx, sy) = (640 / Double(crop.width), 480 / Double(crop.height))
            let moved = window.project(device: p)!
            XCTAssertEqual(moved.x, sx * (expected.x + 0.5 - Double(crop.x)) - 0.5, accuracy: 1e-6 * max(1, abs(moved.x)))
            XCTAssertEqual(moved.y, sy * (expected.y + 0.5 - Double(crop.y)) - 0.5, accuracy: 1e-6 * max(1, abs(moved.y)))
        }
    }

    /// Cropping keeps the picture's centre strip and scales it edges onto edges: a 1280x720 calibration
    /// in a 640x480 window loses 160 columns each side and is scaled by 480/720 both ways.
    func testFittingCropsLeftRightAndTopBottom() {
        let wide = PinholeCamera(fx: 1000, fy: 1010, cx: 650.25, cy: 350.5, size: PictureSize(fixedWidth: 1280, height: 720))
        let a = wide.fitted(to: PictureSize(fixedWidth: 640, height: 480))
        // Crop 960x720 at x0 = 160; s = 2/3 both ways.
        XCTAssertEqual(a.fx, 1000 * 2 / 3, accuracy: 1e-9)
        XCTAssertEqual(a.fy, 1010 * 2 / 3, accuracy: 1e-9)
        XCTAssertEqual(a.cx + 0.5, 2.0 / 3 * (650.25 + 0.5 - 160), accuracy: 1e-9)
        XCTAssertEqual(a.cy + 0.5, 2.0 / 3 * (350.5 + 0.5), accuracy: 1e-9)
        // A tall window: crop 405x720 at x0 = 437, s = 720/405 across, 1280/720 down.
        let b = wide.fitted(to: PictureSize(fixedWidth: 720, height: 1280))
        XCTAssertEqual(b.fx, 1000 * 720 / 405, accuracy: 1e-9)
        XCTAssertEqual(b.cx + 0.5, 720.0 / 405 * (650.25 + 0.5 - 437), accuracy: 1e-9)
        // A 4:3 calibration in a 16:9 window: crop top and bottom.
        let square = PinholeCamera(fx: 500, fy: 500, cx: 330, cy: 250, size: PictureSize(fixedWidth: 640, height: 480))
        let c = square.fitted(to: PictureSize(fixedWidth: 1280, height: 720))
        XCTAssertEqual(c.fx, 1000, accuracy: 1e-9)
        XCTAssertEqual(c.cy + 0.5, 2 * (250.5 - 60), accuracy: 1e-9)
        // The picture's edges land on the window's: pixel edge -0.5 + x0 maps to -0.5.
        XCTAssertEqual(2.0 / 3 * (160 - 0.5 + 0.5 - 160) - 0.5, -0.5)
    }

    /// A ray through a pixel projects back onto that pixel.
    func testRaysProjectBack() {
        let camera = PinholeCamera(fx: 800, fy: 820, cx: 300.3, cy: 260.7, size: PictureSize(fixedWidth: 640, height: 480))
        for (u, v) in [(0.0, 0.0), (639.0, 479.0), (123.4, 400.2)] {
            let p = camera.project(device: camera.deviceRay(u: u, v: v) * 7)!
            XCTAssertEqual(p.x, u, accuracy: 1e-9)
            XCTAssertEqual(p.y, v, accuracy: 1e-9)
        }
        XCTAssertNil(camera.project(device: SIMD3(0, 0, 1)), "behind the camera")
    }
}

final class AnchorAndPanoramaLayoutTests: XCTestCase {
    func testAnchorCentreFollowsBearingAndElevation() {
        let east = Anchor(fixedBearingDegrees: 90, elevationDegrees: 0, distance: 2).centreInWorld
        XCTAssertEqual(east.x, 0, accuracy: 1e-12)
        XCTAssertEqual(east.y, -2, accuracy: 1e-12, "east is -Y (W's +Y is west)")
        let up = Anchor(fixedBearingDegrees: 10, elevationDegrees: 90).centreInWorld
        XCTAssertEqual(up.z, 4, accuracy: 1e-12)
        let b = PanoramaLayout.bearingElevation(Anchor(fixedBearingDegrees: -135, elevationDegrees: 20).centreInWorld)
        XCTAssertEqual(b.bearing, -135, accuracy: 1e-9)
        XCTAssertEqual(b.elevation, 20, accuracy: 1e-9)
    }

    /// The anchored model-view puts the die's centre at R^T·c in the device frame.
    func testAnchoredModelViewPutsTheCentreInView() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<50 {
            let q = Quaternion(axis: [.random(in: -1...1, using: &random), .random(in: -1...1, using: &random), 1],
                               angle: .random(in: -3...3, using: &random))
            let anchor = Anchor(fixedBearingDegrees: .random(in: -180...180, using: &random), elevationDegrees: .random(in: -90...90, using: &random),
                                distance: .random(in: 1...20, using: &random))
            let centre = anchor.modelView(worldFromDevice: q).apply(SIMD4(0, 0, 0, 1))
            let expected = q.conjugate.rotate(anchor.centreInWorld)
            XCTAssertEqual(Double(centre.x), expected.x, accuracy: 1e-4)
            XCTAssertEqual(Double(centre.y), expected.y, accuracy: 1e-4)
            XCTAssertEqual(Double(centre.z), expected.z, accuracy: 1e-4)
        }
    }

    /// Looking north (camera -Z along W's +X) the die straight ahead is in front; turned around, behind.
    func testBehindTheCameraIsNotInFront() {
        let lookNorth = Quaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5)
        // Check the construction: the device's -Z is W's +X.
        let forward = lookNorth.rotate(SIMD3(0, 0, -1))
        XCTAssertEqual(forward.x, 1, accuracy: 1e-12)
        XCTAssertTrue(Anchor(fixedBearingDegrees: 0, elevationDegrees: 0).isInFront(worldFromDevice: lookNorth))
        XCTAssertFalse(Anchor(fixedBearingDegrees: 180, elevationDegrees: 0).isInFront(worldFromDevice: lookNorth))
        XCTAssertFalse(Anchor(fixedBearingDegrees: 90, elevationDegrees: 0, distance: 1.2).isInFront(worldFromDevice: lookNorth),
                       "beside the camera: a corner reaches behind the near plane")
    }

    /// An anchor aimed at a look: from a camera looking north and level it is the anchor as it was, with a vertical or
    /// without; aimed from a look straight down (the identity, whose picture's top edge is W's +Y, bearing -90°) with a
    /// vertical, bearing 0 is where the top edge points and elevation still counts from the horizon.
    func testAnAnchorAimedAtALook() {
        let lookNorth = Quaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5)
        let anchor = Anchor(fixedBearingDegrees: 25, elevationDegrees: -10, distance: 3)
        for vertical in [true, false] {
            let aimed = anchor.aimed(from: lookNorth, vertical: vertical).centreInWorld
            for i in 0..<3 { XCTAssertEqual(aimed[i], anchor.centreInWorld[i], accuracy: 1e-12, "vertical: \(vertical)") }
        }
        let down = Anchor(fixedBearingDegrees: 0, elevationDegrees: 10).aimed(from: .identity, vertical: true).centreInWorld
        let expected = 4 * SIMD3(0, cos(Angle.radians(fromDegrees: 10.0)), sin(Angle.radians(fromDegrees: 10.0)))
        for i in 0..<3 { XCTAssertEqual(down[i], expected[i], accuracy: 1e-12, "looking down: towards the picture's top, 10° up") }
        let up = Anchor(fixedBearingDegrees: 0, elevationDegrees: 0).aimed(from: Quaternion(axis: [1, 0, 0], angle: .pi), vertical: true).centreInWorld
        for (i, value) in [0.0, 4, 0].enumerated() { XCTAssertEqual(up[i], value, accuracy: 1e-12, "looking up: towards the picture's bottom") }
    }

    func testPanoramaTexelCentres() {
        let t = PanoramaLayout.texel(bearing: 0.5 * 360 / 8 - 180, elevation: 90 - 0.5 * 180 / 4, size: PictureSize(fixedWidth: 8, height: 4))
        XCTAssertEqual(t.i, 0, accuracy: 1e-12)
        XCTAssertEqual(t.j, 0, accuracy: 1e-12)
        XCTAssertEqual(PanoramaLayout.texel(bearing: 0, elevation: 0, size: PictureSize(fixedWidth: 8, height: 4)).i, 3.5, accuracy: 1e-12, "north in the middle")
        let d = PanoramaLayout.direction(bearing: 33, elevation: -12)
        let back = PanoramaLayout.bearingElevation(d)
        XCTAssertEqual(back.bearing, 33, accuracy: 1e-9)
        XCTAssertEqual(back.elevation, -12, accuracy: 1e-9)
    }
}
