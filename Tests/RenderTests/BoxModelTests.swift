import AttitudeMath
import Imaging
import PictureTestSupport
import Render
import TestSupport
import XCTest

/// `--model box`: the articles' red SceneKit box, 4 along X, 2 along Y, 1 along Z, drawn through Eq. VII
/// like the die. Its silhouette is checked against the eight corners projected independently.
final class BoxModelTests: XCTestCase {
    private static let halfExtents = SIMD3<Double>(2, 1, 0.5)

    private func assertSilhouette(_ q: Quaternion, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try RenderHarness.render(q, width: width, height: height, model: .box)
        let hull = Silhouette.convexHull(Silhouette.projectedCorners(q, width: width, height: height, halfExtents: Self.halfExtents))
        // Red, however lit: the red channel leads the others.
        let (inside, wrongInside, wrongOutside) = Silhouette.silhouetteCounts(image, hull: hull) { p in
            Int(p.r) >= 2 * Int(max(p.g, p.b)) + 40
        }
        XCTAssertGreaterThan(inside, 1000, "the box should cover pixels", file: file, line: line)
        XCTAssertEqual(wrongInside, 0, "pixels inside the expected silhouette not showing the red box", file: file, line: line)
        XCTAssertEqual(wrongOutside, 0, "pixels outside the expected silhouette showing the box", file: file, line: line)
    }

    func testSilhouettesOfSeveralAttitudes() throws {
        let attitudes: [Quaternion] = [.identity, Quaternion(axis: [1, 0, 0], angle: .pi / 2),
                                       Quaternion(axis: [0, 1, 0], angle: .pi / 2), Quaternion(axis: [0, 0, 1], angle: .pi / 2),
                                       Quaternion(axis: [1, 0.4, 0.9], angle: 0.9)]
            + Array(RandomAttitudes(seed: 19, count: 5))
        for (index, q) in attitudes.enumerated() {
            let (width, height) = index % 2 == 0 ? (640, 480) : (300, 500)
            try assertSilhouette(q, width: width, height: height)
        }
    }

    /// At the identity the camera looks down at the box's 4x2 face from 3.5 units: 4 wide on screen
    /// (the model's X is the screen's right) and 2 high.
    func testIdentityShowsTheFourByTwoFaceUpright() throws {
        let image = try RenderHarness.render(.identity, width: 640, height: 480, model: .box)
        let centre = image.pixel(x: 320, y: 240)
        XCTAssertGreaterThan(Int(centre.r), 200)
        XCTAssertLessThan(Int(centre.g), 30)
        XCTAssertLessThan(Int(centre.b), 30)
        let background = RGBColor.defaultBackground
        func isBox(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) != (background.r, background.g, background.b) }
        let focal = 240 / tan(Double.pi / 6)
        XCTAssertEqual(Double((0..<640).filter { isBox($0, 240) }.count), 2 * 2 / 3.5 * focal, accuracy: 2)
        XCTAssertEqual(Double((0..<480).filter { isBox(320, $0) }.count), 2 * 1 / 3.5 * focal, accuracy: 2)
    }

    func testGolden() throws {
        try Golden.images.assertMatches(try RenderHarness.render(Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), width: 640, height: 480, model: .box),
                                 named: "box-generic-a-640x480")
    }
}
