import Imaging
import PictureTestSupport
import Pixels
import Render
import XCTest

/// Backgrounds from hostile sizes: a picture larger than the largest GL texture (HostileBackgroundCommandTests
/// in CommandLineTests gives the commands video times and frames past any video).
final class HostileBackgroundTests: XCTestCase {
    /// A background wider than GL_MAX_TEXTURE_SIZE is halved until it fits, and drawn in its colour, not black.
    func testBackgroundLargerThanTheLargestTextureIsScaledDown() throws {
        _ = try RenderHarness.renderer()
        let limit = SceneRenderer.maximumTextureSize
        XCTAssertGreaterThan(limit, 0)
        // The texture holds the crop to the viewport's aspect, so the crop itself must pass the limit:
        // a 1024:1 viewport over a 1024:1 picture 17 rows high is a crop of 17408x17.
        let wide = RGBImage(width: 1024 * 17, height: 17, fill: (200, 120, 40))
        XCTAssertGreaterThan(wide.width, limit, "the picture must be wider than this driver's largest texture")
        let frame = try RenderHarness.render(nil, width: 1024, height: 1, background: wide, generation: 41)
        for (x, y) in [(0, 0), (512, 0), (1023, 0)] {
            let p = frame.pixel(x: x, y: y)
            XCTAssertEqual(Int(p.r), 200, accuracy: 2); XCTAssertEqual(Int(p.g), 120, accuracy: 2)
            XCTAssertEqual(Int(p.b), 40, accuracy: 2)
        }
    }
}
