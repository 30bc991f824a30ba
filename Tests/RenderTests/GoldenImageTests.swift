import AttitudeMath
import Imaging
import PictureTestSupport
import Render
import XCTest

/// Visual regression: the die at fixed attitudes and sizes against reviewed golden PNGs.
final class GoldenImageTests: XCTestCase {
    private func check(_ name: String, _ q: Quaternion, _ width: Int, _ height: Int) throws {
        try Golden.images.assertMatches(try RenderHarness.render(q, width: width, height: height), named: name)
    }

    func testIdentityLandscape() throws { try check("identity-640x480", .identity, 640, 480) }
    func testIdentityPortrait() throws { try check("identity-360x640", .identity, 360, 640) }
    func testNinetyAboutX() throws { try check("x90-640x480", Quaternion(axis: [1, 0, 0], angle: .pi / 2), 640, 480) }
    func testNinetyAboutY() throws { try check("y90-640x480", Quaternion(axis: [0, 1, 0], angle: .pi / 2), 640, 480) }
    func testNinetyAboutZ() throws { try check("z90-640x480", Quaternion(axis: [0, 0, 1], angle: .pi / 2), 640, 480) }
    /// The "1" face looks the same turned about Z, so this one tilts first: yaw then shows.
    func testNinetyAboutZAfterTilt() throws {
        try check("z90-x45-640x480", Quaternion(axis: [0, 0, 1], angle: .pi / 2) * Quaternion(axis: [1, 0, 0], angle: .pi / 4), 640, 480)
    }
    func testGenericLandscape() throws {
        try check("generic-a-640x480", Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), 640, 480)
    }
    /// The goldens are exact for one renderer (Mesa's llvmpipe, its LLVM and its vector width): a change of
    /// any of them is named here, before the pictures are compared, with what to do.
    func testTheGoldensRendererIsThisOne() throws {
        let running = try RenderHarness.rendererDescription()
        let recorded = try String(contentsOf: Golden.rendererFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(recorded, running, """
            the goldens were recorded with the renderer in \(Golden.rendererFile.path) and this run uses another. Re-record them \
            (STEADY_DICE_RECORD_GOLDENS=1 scripts/test --filter RenderTests; it rewrites RENDERER.txt), look at every picture \
            that changed (git diff --stat Tests/RenderTests/Goldens), check that the independent tests (SilhouetteTests, PipTests, \
            CameraSilhouetteTests) pass without re-recording, and commit the goldens with RENDERER.txt
            """)
    }

    func testGenericPortrait() throws {
        try check("generic-b-360x640", Quaternion(axis: [-0.3, 1, 0.2], angle: 2.3), 360, 640)
    }
}
