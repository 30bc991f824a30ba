import AttitudeMath
import Imaging
import PictureTestSupport
import Render
import TestSupport
import XCTest

/// Checks rendered pictures against an independent expectation: where the die's corners must fall
/// under Eq. VII and a 60° vertical perspective, computed here in double precision with the
/// quaternion alone (no Matrix4, no DieView), so a wrong golden cannot pass.
final class SilhouetteTests: XCTestCase {
    /// Every pixel more than 1.5 px inside the silhouette must show the die and every pixel more
    /// than 1.5 px outside must show the background colour.
    private func assertSilhouette(_ q: Quaternion, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try RenderHarness.render(q, width: width, height: height)
        let hull = Silhouette.convexHull(Silhouette.projectedCorners(q, width: width, height: height))
        let (inside, wrongInside, wrongOutside) = Silhouette.silhouetteCounts(image, hull: hull)
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
