import AttitudeMath
import Camera
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// The die seen through a given camera (`--fov`, `--intrinsics`) and anchored in the world, against an
/// independent projection of its corners in double precision: the crop, the scale and the pinhole
/// are worked out here from the conventions, not taken from the Camera module.
final class CameraSilhouetteTests: XCTestCase {
    /// A calibrated camera in the test's own terms.
    struct Intrinsics { var fx, fy, cx, cy: Double; var width, height: Int }

    /// The calibrated picture cropped about its centre to the window's aspect and scaled to fill it:
    /// u' + 0.5 = s·(u + 0.5 - x0). Only for sizes where the crop is whole pixels on both sides.
    static func windowIntrinsics(_ k: Intrinsics, width: Int, height: Int) -> Intrinsics {
        let pictureAspect = Double(k.width) / Double(k.height), windowAspect = Double(width) / Double(height)
        let cropWidth = pictureAspect > windowAspect ? Double(k.height) * windowAspect : Double(k.width)
        let cropHeight = pictureAspect > windowAspect ? Double(k.height) : Double(k.width) / windowAspect
        let x0 = ((Double(k.width) - cropWidth) / 2).rounded(.down), y0 = ((Double(k.height) - cropHeight) / 2).rounded(.down)
        let sx = Double(width) / cropWidth, sy = Double(height) / cropHeight
        return Intrinsics(fx: k.fx * sx, fy: k.fy * sy, cx: sx * (k.cx + 0.5 - x0) - 0.5, cy: sy * (k.cy + 0.5 - y0) - 0.5,
                          width: width, height: height)
    }

    /// The die's corners in OpenCV pixel coordinates, or nil when one is not in front of the camera.
    /// `centre` is the die's centre in W when anchored; otherwise the articles' view 4 units behind D.
    static func corners(_ q: Quaternion, _ k: Intrinsics, anchorCentre centre: SIMD3<Double>?) -> [SIMD2<Double>]? {
        var out: [SIMD2<Double>] = []
        for x in [-0.5, 0.5] { for y in [-0.5, 0.5] { for z in [-0.5, 0.5] {
            let corner = SIMD3(x, y, z)
            let inDevice = centre.map { q.conjugate.rotate($0 + corner) } ?? (q.conjugate.rotate(corner) - SIMD3(0, 0, 4))
            // OpenCV camera frame: X = x_D, Y = -y_D, Z = -z_D.
            let (X, Y, Z) = (inDevice.x, -inDevice.y, -inDevice.z)
            guard Z > 0.1 else { return nil }
            out.append(SIMD2(k.fx * X / Z + k.cx, k.fy * Y / Z + k.cy))
        }}}
        return out
    }

    /// Renders and compares: pixels (centres at integer coordinates) more than 1.5 px inside the hull
    /// show the die, more than 1.5 px outside show the background. Returns the pixels inside.
    @discardableResult
    static func assertSilhouette(_ q: Quaternion, camera k: Intrinsics, anchor: Anchor?, file: StaticString = #filePath,
                                 line: UInt = #line) throws -> Int {
        let camera = PinholeCamera(fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, size: PictureSize(fixedWidth: k.width, height: k.height))
        let image = try RenderHarness.render(q, width: k.width, height: k.height, camera: camera, anchor: anchor)
        let background = RGBColor.defaultBackground
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return p.r == background.r && p.g == background.g && p.b == background.b
        }
        guard let corners = corners(q, k, anchorCentre: anchor?.centreInWorld) else {
            let drawn = (0..<k.height).flatMap { y in (0..<k.width).map { x in (x, y) } }.filter { !isBackground($0.0, $0.1) }.count
            XCTAssertEqual(drawn, 0, "a die behind the camera must not be drawn", file: file, line: line)
            return 0
        }
        let hull = Silhouette.convexHull(corners)
        var wrongInside = 0, wrongOutside = 0, inside = 0
        for y in 0..<k.height {
            for x in 0..<k.width {
                let d = Silhouette.insideDistance(SIMD2(Double(x), Double(y)), hull)
                if d > 1.5 { inside += 1; if isBackground(x, y) { wrongInside += 1 } }
                if d < -1.5 && !isBackground(x, y) { wrongOutside += 1 }
            }
        }
        XCTAssertEqual(wrongInside, 0, "pixels inside the expected silhouette showing background", file: file, line: line)
        XCTAssertEqual(wrongOutside, 0, "pixels outside the expected silhouette showing the die", file: file, line: line)
        return inside
    }

    func testFieldOfViewCameras() throws {
        for (index, q) in RandomAttitudes(seed: 21, count: 6).enumerated() {
            let fov = [30.0, 75, 110][index % 3]
            let (w, h) = index % 2 == 0 ? (640, 480) : (300, 500)
            let f = Double(h) / 2 / tan(fov * .pi / 360)
            let k = Intrinsics(fx: f, fy: f, cx: Double(w - 1) / 2, cy: Double(h - 1) / 2, width: w, height: h)
            XCTAssertGreaterThan(try Self.assertSilhouette(q, camera: k, anchor: nil), 50)
        }
    }

    /// Off-centre principal points, non-square pixels, calibrated pictures cropped left-right (wider
    /// than the window) and top-bottom (taller), with the die in front of the camera and anchored.
    func testCalibratedCamerasCroppedBothWays() throws {
        let wide = Intrinsics(fx: 900, fy: 910, cx: 700.3, cy: 330.8, width: 1280, height: 720)
        let narrow = Intrinsics(fx: 520, fy: 515, cx: 290.2, cy: 265.6, width: 640, height: 480)
        let cases: [(Intrinsics, Int, Int)] = [(wide, 640, 480), (wide, 360, 640), (narrow, 800, 450), (narrow, 320, 240)]
        let attitudes = Array(RandomAttitudes(seed: 5, count: 4))
        for (index, (calibrated, w, h)) in cases.enumerated() {
            let k = Self.windowIntrinsics(calibrated, width: w, height: h)
            let fitted = PinholeCamera(fx: calibrated.fx, fy: calibrated.fy, cx: calibrated.cx, cy: calibrated.cy,
                                       size: PictureSize(fixedWidth: calibrated.width, height: calibrated.height)).fitted(to: PictureSize(fixedWidth: w, height: h))
            XCTAssertEqual(fitted.fx, k.fx, accuracy: 1e-9); XCTAssertEqual(fitted.fy, k.fy, accuracy: 1e-9)
            XCTAssertEqual(fitted.cx, k.cx, accuracy: 1e-9); XCTAssertEqual(fitted.cy, k.cy, accuracy: 1e-9)
            XCTAssertGreaterThan(try Self.assertSilhouette(attitudes[index], camera: k, anchor: nil), 50)
        }
    }

    /// The attitude whose camera looks along bearing b and elevation e, the picture's top towards the sky.
    static func looking(bearing b: Double, elevation e: Double, roll: Double = 0) -> Quaternion {
        // Level and looking north: device -Z = W's +X, device +Y = W's +Z.
        let north = Quaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5)
        let turn = Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: -b))   // clockwise seen from above
        return turn * north * Quaternion(axis: [1, 0, 0], angle: Angle.radians(fromDegrees: e)) * Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: roll))
    }

    /// Anchored dice at several bearings, elevations and distances: in view, at an edge, behind.
    func testAnchoredDice() throws {
        let k = Self.windowIntrinsics(Intrinsics(fx: 600, fy: 600, cx: 330, cy: 230, width: 640, height: 480), width: 480, height: 360)
        // Each: the anchor, where the camera looks, and how many pixels at least (0: none at all).
        let cases: [(Anchor, Quaternion, Int)] = [
            (Anchor(fixedBearingDegrees: 0, elevationDegrees: 0), Self.looking(bearing: 0, elevation: 0), 1000),
            (Anchor(fixedBearingDegrees: 40, elevationDegrees: 20, distance: 6), Self.looking(bearing: 35, elevation: 15, roll: 20), 300),
            (Anchor(fixedBearingDegrees: -120, elevationDegrees: -30, distance: 2.5), Self.looking(bearing: -110, elevation: -35), 2000),
            (Anchor(fixedBearingDegrees: 179, elevationDegrees: 5), Self.looking(bearing: -178, elevation: 0), 800),  // across ±180°
            (Anchor(fixedBearingDegrees: 0, elevationDegrees: 89, distance: 3), Self.looking(bearing: 60, elevation: 80), 500),
            // At an edge: partly outside the picture.
            (Anchor(fixedBearingDegrees: 27, elevationDegrees: 0), Self.looking(bearing: 0, elevation: 0), 100),
            (Anchor(fixedBearingDegrees: 0, elevationDegrees: -22), Self.looking(bearing: 0, elevation: 0), 100),
            // Behind the camera, and beside it with a corner behind the near plane.
            (Anchor(fixedBearingDegrees: 180, elevationDegrees: 0), Self.looking(bearing: 0, elevation: 0), 0),
            (Anchor(fixedBearingDegrees: 90, elevationDegrees: 0, distance: 1.1), Self.looking(bearing: 0, elevation: 0), 0),
        ]
        for (index, (anchor, q, least)) in cases.enumerated() {
            let inside = try Self.assertSilhouette(q, camera: k, anchor: anchor)
            if least == 0 {
                XCTAssertEqual(inside, 0, "case \(index)")
            } else {
                XCTAssertGreaterThan(inside, least, "case \(index)")
            }
        }
    }
}
