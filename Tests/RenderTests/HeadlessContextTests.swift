import CGL
import PictureTestSupport
import Pixels
import Render
import XCTest

/// Contexts that nest: one made and dropped inside the test process's own (a synthetic clip's, a benchmark's) takes
/// its GL objects with it and gives the process's context back current, with what it holds intact.
final class HeadlessContextTests: XCTestCase {
    /// Clears the bound target to `colour` and reads its middle pixel.
    private func clearAndRead(_ target: OffscreenTarget, _ colour: (Float, Float, Float)) -> (UInt8, UInt8, UInt8) {
        target.bind()
        glClearColor(colour.0, colour.1, colour.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let p = target.readImage().pixel(x: target.width / 2, y: target.height / 2)
        return (p.r, p.g, p.b)
    }

    /// A target of the process's context keeps its picture after a context made and dropped with `within`, whose
    /// own target (its names numbered from 1, as the process's are) is deleted inside it, not in the process's.
    func testANestedContextsObjectsGoWithIt() throws {
        _ = try RenderHarness.renderer()
        let size = PictureSize(fixedWidth: 8, height: 8)
        let mine = try OffscreenTarget(size: size)
        XCTAssertTrue(clearAndRead(mine, (1, 0, 0)) == (255, 0, 0))
        let nested = try HeadlessContext.within { () throws -> Bool in
            let theirs = try OffscreenTarget(size: size)
            return clearAndRead(theirs, (0, 0, 1)) == (0, 0, 255)
        }
        XCTAssertTrue(nested, "the nested context draws into its own target")
        mine.bind()
        XCTAssertEqual(glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)), GLenum(GL_FRAMEBUFFER_COMPLETE), "the process's target survives")
        let p = mine.readImage().pixel(x: 4, y: 4)
        XCTAssertTrue((p.r, p.g, p.b) == (255, 0, 0), "still red: \(p)")
        XCTAssertTrue(clearAndRead(mine, (0, 1, 0)) == (0, 255, 0), "and the process's context is current again")
    }
}
