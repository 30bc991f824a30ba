import AttitudeMath
import Camera
import CommandTestSupport
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// The panorama background against a CPU sampling of the same picture along the same rays, worked
/// out here from the conventions: b = atan2(-y, x), e = atan2(z, hypot(x, y)), texel (i, j) centred at
/// b = (i + 0.5)·360/Wp - 180, e = 90 - (j + 0.5)·180/Hp; bilinear, columns wrapping, rows clamped.
final class PanoramaTests: XCTestCase {
    /// A renderer of its own, so the shared one never carries a panorama into other tests.
    static func render(_ q: Quaternion, panorama: RGBImage, camera: PinholeCamera?, anchor: Anchor? = nil,
                       width: Int, height: Int) throws -> RGBImage {
        _ = try RenderHarness.renderer()  // makes the shared context current
        let renderer = try SceneRenderer(assets: try Assets.locate(), readImage: RGBImage.read)
        renderer.setPanorama(panorama)
        let target = try OffscreenTarget(size: PictureSize(fixedWidth: width, height: height))
        target.bind()
        renderer.draw(SceneState(worldFromDevice: q, camera: camera, anchor: anchor), size: PictureSize(fixedWidth: width, height: height))
        return target.readImage()
    }

    /// A panorama with detail everywhere and distinct colours across the ±180° edge.
    static func testPanorama(width: Int, height: Int) -> RGBImage {
        var random = SplitMix64(seed: 99)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in pixels.indices { pixels[i] = UInt8.random(in: 0...255, using: &random) }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The colour the CPU expects at OpenCV pixel (u, v), in double precision.
    static func sample(_ pano: RGBImage, u: Double, v: Double, fx: Double, fy: Double, cx: Double, cy: Double,
                       worldFromDevice q: Quaternion) -> SIMD3<Double> {
        let device = SIMD3((u - cx) / fx, -(v - cy) / fy, -1.0)
        let w = q.rotate(device)
        let b = Angle.degrees(fromRadians: atan2(-w.y, w.x)), e = Angle.degrees(fromRadians: atan2(w.z, (w.x * w.x + w.y * w.y).squareRoot()))
        let i = (b + 180) / 360 * Double(pano.width) - 0.5, j = (90 - e) / 180 * Double(pano.height) - 0.5
        let i0 = Int(i.rounded(.down)), j0 = Int(j.rounded(.down))
        let fi = i - Double(i0), fj = j - Double(j0)
        func texel(_ x: Int, _ y: Int) -> SIMD3<Double> {
            let xx = ((x % pano.width) + pano.width) % pano.width, yy = min(max(y, 0), pano.height - 1)
            let p = pano.pixel(x: xx, y: yy)
            return SIMD3(Double(p.r), Double(p.g), Double(p.b))
        }
        let top = texel(i0, j0) * (1 - fi) + texel(i0 + 1, j0) * fi
        let bottom = texel(i0, j0 + 1) * (1 - fi) + texel(i0 + 1, j0 + 1) * fi
        return top * (1 - fj) + bottom * fj
    }

    /// Compares every pixel; returns the worst channel difference and how many exceed `tolerance`.
    static func compare(_ image: RGBImage, _ pano: RGBImage, camera k: PinholeCamera, q: Quaternion,
                        tolerance: Double) -> (worst: Double, over: Int) {
        var worst = 0.0, over = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let expected = sample(pano, u: Double(x), v: Double(y), fx: k.fx, fy: k.fy, cx: k.cx, cy: k.cy, worldFromDevice: q)
                let p = image.pixel(x: x, y: y)
                let d = max(abs(Double(p.r) - expected.x), abs(Double(p.g) - expected.y), abs(Double(p.b) - expected.z))
                worst = max(worst, d)
                if d > tolerance { over += 1 }
            }
        }
        return (worst, over)
    }

    /// Views: level north, across the ±180° seam, straight up, straight down, tilted, through an
    /// off-centre calibrated camera. The die is anchored behind the camera, so only the panorama shows.
    func testPanoramaMatchesCPUSampling() throws {
        let pano = Self.testPanorama(width: 96, height: 48)
        let views: [(String, Quaternion, PinholeCamera)] = [
            ("north", CameraSilhouetteTests.looking(bearing: 0, elevation: 0), PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 160, height: 120))),
            ("seam", CameraSilhouetteTests.looking(bearing: 180, elevation: 10, roll: 15), PinholeCamera(verticalFieldOfViewDegrees: 80, size: PictureSize(fixedWidth: 160, height: 120))),
            ("up", CameraSilhouetteTests.looking(bearing: 30, elevation: 90), PinholeCamera(verticalFieldOfViewDegrees: 90, size: PictureSize(fixedWidth: 120, height: 120))),
            ("down", CameraSilhouetteTests.looking(bearing: -70, elevation: -90), PinholeCamera(verticalFieldOfViewDegrees: 70, size: PictureSize(fixedWidth: 130, height: 100))),
            ("calibrated", Quaternion(axis: [0.3, -0.5, 0.8], angle: 2.1),
             PinholeCamera(fx: 900, fy: 880, cx: 700, cy: 300, size: PictureSize(fixedWidth: 1280, height: 720)).fitted(to: PictureSize(fixedWidth: 150, height: 120))),
        ]
        for (name, q, camera) in views {
            // The die anchored straight behind the camera, so the picture is the panorama alone.
            let behind = PanoramaLayout.bearingElevation(q.rotate(SIMD3(0, 0, 1)))
            let hidden = Anchor(fixedBearingDegrees: behind.bearing, elevationDegrees: behind.elevation)
            let image = try Self.render(q, panorama: pano, camera: camera, anchor: hidden, width: camera.width, height: camera.height)
            let result = Self.compare(image, pano, camera: camera, q: q, tolerance: 3)
            XCTAssertEqual(result.over, 0, "\(name): \(result.over) pixels differ by more than 3 (worst \(result.worst))")
        }
    }

    /// The seam itself: a panorama whose left half is black and right half white, looked at across
    /// ±180°. The CPU sampling blends the last and first columns there, so the rendered picture may
    /// show no hard line where the texture wraps.
    func testNoSeamAcrossTheWrap() throws {
        var pixels = [UInt8](repeating: 0, count: 64 * 32 * 3)
        for y in 0..<32 { for x in 32..<64 { for c in 0..<3 { pixels[(y * 64 + x) * 3 + c] = 255 } } }
        let pano = RGBImage(width: 64, height: 32, pixels: pixels)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 20, size: PictureSize(fixedWidth: 200, height: 60))
        let q = CameraSilhouetteTests.looking(bearing: 180, elevation: 0)
        let image = try Self.render(q, panorama: pano, camera: camera, anchor: Anchor(fixedBearingDegrees: 0, elevationDegrees: 0),
                                    width: 200, height: 60)  // the die is north, behind the camera
        let result = Self.compare(image, pano, camera: camera, q: q, tolerance: 3)
        XCTAssertEqual(result.over, 0, "worst \(result.worst)")
        // Left of the middle is bearing < 180 (white side), right is past -180 (black side), with a
        // ramp between: the ramp's middle column is grey.
        XCTAssertGreaterThan(image.pixel(x: 10, y: 30).r, 250)
        XCTAssertLessThan(image.pixel(x: 190, y: 30).r, 5)
        let middle = Int(image.pixel(x: 100, y: 30).r)
        XCTAssertTrue((60...195).contains(middle), "the wrap blends the edge columns, got \(middle)")
    }

    /// Past GL_MAX_TEXTURE_SIZE a panorama is halved (2x2 means) until it fits, and the caller is told:
    /// the picture then equals the one drawn from the halved panorama given directly.
    func testPanoramaPastTheTextureLimitIsHalved() throws {
        _ = try RenderHarness.renderer()
        let limit = SceneRenderer.maximumTextureSize
        XCTAssertGreaterThanOrEqual(limit, 1024)
        var pixels = [UInt8](repeating: 0, count: 2 * limit * 4 * 3)
        for x in 0..<(2 * limit) {
            for y in 0..<4 {
                pixels[(y * 2 * limit + x) * 3] = UInt8((x / 64) % 256)
                pixels[(y * 2 * limit + x) * 3 + 1] = UInt8(y * 60)
            }
        }
        let big = RGBImage(width: 2 * limit, height: 4, pixels: pixels)
        var halved = [UInt8](repeating: 0, count: limit * 2 * 3)
        func value(_ x: Int, _ y: Int, _ c: Int) -> Int { Int(pixels[(y * 2 * limit + x) * 3 + c]) }
        for x in 0..<limit { for y in 0..<2 { for c in 0..<3 {
            let sum: Int = value(2 * x, 2 * y, c) + value(2 * x + 1, 2 * y, c) + value(2 * x, 2 * y + 1, c) + value(2 * x + 1, 2 * y + 1, c)
            halved[(y * limit + x) * 3 + c] = UInt8((sum + 2) / 4)
        }}}
        let renderer = try SceneRenderer(assets: try Assets.locate(), readImage: RGBImage.read)
        var told: (Int, Int)?
        renderer.setPanorama(big) { _, to, _ in told = to }
        XCTAssertEqual(told.map { [$0.0, $0.1] }, [limit, 2])
        let q = CameraSilhouetteTests.looking(bearing: 40, elevation: 20)
        let camera = PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 96, height: 64))
        let target = try OffscreenTarget(size: PictureSize(fixedWidth: 96, height: 64))
        target.bind()
        renderer.draw(SceneState(worldFromDevice: q, camera: camera, anchor: Anchor(fixedBearingDegrees: -140, elevationDegrees: 0)), size: PictureSize(fixedWidth: 96, height: 64))
        let drawn = target.readImage()
        let direct = try Self.render(q, panorama: RGBImage(width: limit, height: 2, pixels: halved), camera: camera,
                                     anchor: Anchor(fixedBearingDegrees: -140, elevationDegrees: 0), width: 96, height: 64)
        XCTAssertEqual(CommandHarness.differingChannels(drawn.pixels, direct.pixels, tolerance: 0), 0)
    }

    /// The compass sky with an anchored die over it, at two sizes.
    func testCompassSkyGoldens() throws {
        let sky = try RGBImage.read(path: try Assets.locate().models.appendingPathComponent("compass-sky.png").path)
        let q = CameraSilhouetteTests.looking(bearing: 10, elevation: 8, roll: -10)
        let anchor = Anchor(fixedBearingDegrees: 25, elevationDegrees: 5)
        for (w, h) in [(640, 480), (360, 640)] {
            let image = try Self.render(q, panorama: sky, camera: PinholeCamera(verticalFieldOfViewDegrees: 70, size: PictureSize(fixedWidth: w, height: h)),
                                        anchor: anchor, width: w, height: h)
            try Golden.images.assertMatches(image, named: "compass-sky-anchored-\(w)x\(h)")
        }
    }
}
