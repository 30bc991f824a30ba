import Foundation
import PictureTestSupport

/// The renderer's golden images, in `Goldens/` beside the tests (PictureTestSupport's `GoldenImages`: a missing golden, or
/// `STEADY_DICE_RECORD_GOLDENS=1`, writes the rendered image as the new golden and fails).
///
/// llvmpipe is deterministic: on one machine image every golden is reproduced exactly, so no pixel may
/// differ by more than the channel tolerance (no free fraction; PipTests shows that one pip removed at an
/// oblique face changes a few hundred pixels, which a fraction of 0.1 % would have let through). The
/// goldens hold for the renderer named in `Goldens/RENDERER.txt`, which recording a golden rewrites;
/// `testTheGoldensRendererIsThisOne` fails when the running Mesa differs, saying what to do.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    /// The renderer the goldens were recorded with: GL_RENDERER and GL_VERSION, one a line.
    static let rendererFile = folder.appendingPathComponent("RENDERER.txt")
    static let images = GoldenImages(folder: folder, pixelFractionTolerance: 0) {
        let renderer = try RenderHarness.rendererDescription()
        try (renderer + "\n").write(to: rendererFile, atomically: true, encoding: .utf8)
        return renderer
    }

    /// A channel may differ by this much: rounding only.
    static var channelTolerance: Int { images.channelTolerance }
    /// No pixel may exceed the channel tolerance: `steady-dice compare --max-fraction 0`.
    static var pixelFractionTolerance: Double { images.pixelFractionTolerance }
}
