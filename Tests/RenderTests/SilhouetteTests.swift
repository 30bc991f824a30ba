import AttitudeMath
import Imaging
import Render
import TestSupport
import XCTest

/// Checks rendered pictures against an independent expectation: where the die's corners must fall
/// under Eq. VII and a 60° vertical perspective, computed here in double precision with the
/// quaternion alone (no Matrix4, no Pipeline), so a wrong golden cannot pass.
final class SilhouetteTests: XCTestCase {
    /// Pixel corners of the projected cube, in pixel units with (0, 0) at the image's top-left corner.
    /// `halfExtents` are the box's half sizes along the model's X, Y and Z: the die's by default.
    static func projectedCorners(_ worldFromDevice: Quaternion, width: Int, height: Int,
                                 halfExtents: SIMD3<Double> = SIMD3(0.5, 0.5, 0.5)) -> [SIMD2<Double>] {
        let f = 1 / tan(Double.pi / 6)  // 60° vertical field of view
        let aspect = Double(width) / Double(height)
        var corners: [SIMD2<Double>] = []
        let h = halfExtents
        for x in [-h.x, h.x] { for y in [-h.y, h.y] { for z in [-h.z, h.z] {
            // The view sits at d = (0, 0, 4) in the device frame; a world point seen from it is
            // R^T·p - d, with R rotating device into world.
            let inView = worldFromDevice.conjugate.rotate(SIMD3(x, y, z)) - SIMD3(0, 0, 4)
            let ndcX = f / aspect * inView.x / -inView.z
            let ndcY = f * inView.y / -inView.z
            corners.append(SIMD2((ndcX + 1) / 2 * Double(width), (1 - ndcY) / 2 * Double(height)))
        }}}
        return corners
    }

    /// The convex hull, counter-clockwise in a y-down image (monotone chain).
    static func convexHull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        func turn(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SIMD2<Double>] = [], upper: [SIMD2<Double>] = []
        for p in sorted {
            while lower.count >= 2 && turn(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && turn(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Signed distance from a point to a convex polygon's boundary: positive inside.
    static func insideDistance(_ p: SIMD2<Double>, _ hull: [SIMD2<Double>]) -> Double {
        var distance = Double.infinity
        for i in hull.indices {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let edge = b - a
            let length = (edge * edge).sum().squareRoot()
            let side = (edge.x * (p.y - a.y) - edge.y * (p.x - a.x)) / length
            distance = min(distance, side)
        }
        return distance
    }

    /// Against a projected silhouette (`hull`, pixel centres at +0.5): the pixels more than 1.5 px
    /// inside it, those of them that do not show the model (the background colour, or what `showsModel`
    /// rejects), and the pixels more than 1.5 px outside it that are not the background colour.
    static func silhouetteCounts(_ image: RGBImage, hull: [SIMD2<Double>], background: RGBColor = .defaultBackground,
                                 showsModel: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool = { _ in true })
        -> (inside: Int, wrongInside: Int, wrongOutside: Int) {
        var wrongInside = 0, wrongOutside = 0, inside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let d = insideDistance(SIMD2(Double(x) + 0.5, Double(y) + 0.5), hull)
                let p = image.pixel(x: x, y: y)
                let isBackground = p.r == background.r && p.g == background.g && p.b == background.b
                if d > 1.5 {
                    inside += 1
                    if isBackground || !showsModel(p) { wrongInside += 1 }
                }
                if d < -1.5 && !isBackground { wrongOutside += 1 }
            }
        }
        return (inside, wrongInside, wrongOutside)
    }

    /// Every pixel more than 1.5 px inside the silhouette must show the die and every pixel more
    /// than 1.5 px outside must show the background colour.
    private func assertSilhouette(_ q: Quaternion, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try RenderHarness.render(q, width: width, height: height)
        let hull = Self.convexHull(Self.projectedCorners(q, width: width, height: height))
        let (inside, wrongInside, wrongOutside) = Self.silhouetteCounts(image, hull: hull)
        XCTAssertGreaterThan(inside, 100, "the die should cover some pixels", file: file, line: line)
        XCTAssertEqual(wrongInside, 0, "pixels inside the expected silhouette showing background", file: file, line: line)
        XCTAssertEqual(wrongOutside, 0, "pixels outside the expected silhouette showing the die", file: file, line: line)
    }

    func testSilhouettesOfManyAttitudes() throws {
        let attitudes: [Quaternion] = [.identity, Quaternion(axis: [1, 0, 0], angle: .pi / 2),
                                       Quaternion(axis: [0, 1, 0], angle: .pi / 2), Quaternion(axis: [0, 0, 1], angle: .pi / 2)]
            + Array(RandomAttitudes(seed: 7, count: 8))
        for (index, q) in attitudes.enumerated() {
            let (width, height) = index % 2 == 0 ? (640, 480) : (300, 500)
            try assertSilhouette(q, width: width, height: height)
        }
    }

    /// At the identity the camera looks straight down at the "1" face: its single red pip is at the
    /// centre of the picture and the face is square, 2·0.5/3.5 of the half-height in NDC.
    func testIdentityLooksDownAtTheOne() throws {
        let image = try RenderHarness.render(.identity, width: 640, height: 480)
        let centre = image.pixel(x: 320, y: 240)
        XCTAssertGreaterThan(Int(centre.r), 150)
        XCTAssertLessThan(Int(centre.g), 80)
        XCTAssertLessThan(Int(centre.b), 80)
        // Rows and columns covered by the die along the centre lines.
        let background = RGBColor.defaultBackground
        func isDie(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return !(p.r == background.r && p.g == background.g && p.b == background.b)
        }
        let columns = (0..<640).filter { isDie($0, 240) }.count
        let rows = (0..<480).filter { isDie(320, $0) }.count
        let expected = 0.5 / 3.5 / tan(Double.pi / 6) * 480  // full side in pixels
        XCTAssertEqual(Double(columns), expected, accuracy: 2)
        XCTAssertEqual(Double(rows), expected, accuracy: 2)
    }

    /// The die stays fixed in the world: turning the device +90° about its own Y axis puts the view
    /// on the world's +X side (R·d = (4, 0, 0)), looking at the "2" face. Screen right is then world
    /// -Z and screen up world +Y. The "2" face's pips sit at (Y, Z) = (-0.25, +0.25) and
    /// (+0.25, -0.25) on it (models/die.obj), so on screen they fall bottom-left and top-right of
    /// the centre, 0.25 / 3.5 of the focal length away, and the other diagonal stays ivory.
    func testTurningShowsTheExpectedFaceTheRightWayUp() throws {
        let q = Quaternion(axis: [0, 1, 0], angle: .pi / 2)
        let image = try RenderHarness.render(q, width: 640, height: 480)
        let offset = Int((0.25 / 3.5 / tan(Double.pi / 6) * 240).rounded())
        func isPip(_ x: Int, _ y: Int) -> Bool { let p = image.pixel(x: x, y: y); return p.r < 90 && p.g < 90 }
        func isIvory(_ x: Int, _ y: Int) -> Bool { let p = image.pixel(x: x, y: y); return p.r > 150 && p.g > 150 && p.b > 120 }
        XCTAssertTrue(isIvory(320, 240), "the 2 has no centre pip")
        XCTAssertTrue(isPip(320 + offset, 240 - offset), "top-right pip")
        XCTAssertTrue(isPip(320 - offset, 240 + offset), "bottom-left pip")
        XCTAssertTrue(isIvory(320 - offset, 240 - offset), "no top-left pip")
        XCTAssertTrue(isIvory(320 + offset, 240 + offset), "no bottom-right pip")
    }
}
