import AttitudeMath
import Camera
import CGL
import Foundation
import Imaging
import Render
import SteadyDiceKit
import XCTest

/// One headless OpenGL context and renderer for the whole test process.
enum RenderHarness {
    // nonisolated(unsafe): an OpenGL context is current on one thread only, and XCTest runs the tests
    // one at a time on that thread; these are created once (a static let is initialised exactly once)
    // and never used from another thread.
    nonisolated(unsafe) private static let shared: Result<(HeadlessContext, SceneRenderer), Error> = Result {
        let context = try HeadlessContext()
        let renderer = try SceneRenderer(assets: try Assets.locate())
        return (context, renderer)
    }

    /// A second renderer in the same context, drawing the red box.
    nonisolated(unsafe) private static let box: Result<SceneRenderer, Error> = Result {
        _ = try shared.get()
        return try SceneRenderer(assets: try Assets.locate(), model: .box)
    }

    static func renderer(_ model: SceneModel = .die) throws -> SceneRenderer {
        model == .box ? try box.get() : try shared.get().1
    }

    /// Renders one frame offscreen, exactly as `steady-dice snapshot` does.
    static func render(_ worldFromDevice: Quaternion?, width: Int, height: Int, background: RGBImage? = nil,
                       generation: Int = 0, clear: RGBColor = .defaultBackground, model: SceneModel = .die,
                       camera: PinholeCamera? = nil, anchor: Anchor? = nil, hud: HUDReadout? = nil) throws -> RGBImage {
        let renderer = try renderer(model)
        if hud != nil { try renderer.prepareHUD() }
        renderer.clearColor = clear
        let target = try OffscreenTarget(width: width, height: height)
        target.bind()
        renderer.setBackground(background, generation: generation, viewportWidth: width, viewportHeight: height)
        renderer.draw(SceneState(worldFromDevice: worldFromDevice, camera: camera, anchor: anchor, hud: hud), width: width, height: height)
        return target.readImage()
    }

    /// The shared context's GL_RENDERER and GL_VERSION, one a line: what the goldens depend on.
    static func rendererDescription() throws -> String {
        _ = try renderer()
        func string(_ name: Int32) -> String {
            guard let bytes = glGetString(GLenum(name)) else { return "(none)" }
            return String(cString: UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))
        }
        return string(GL_RENDERER) + "\n" + string(GL_VERSION)
    }
}

/// Golden images beside the tests. A missing golden, or `STEADY_DICE_RECORD_GOLDENS=1`, writes the
/// rendered image as the new golden and fails, so no baseline passes without being looked at.
///
/// llvmpipe is deterministic: on one machine image every golden is reproduced exactly, so no pixel may
/// differ by more than the channel tolerance (no free fraction; PipTests shows that one pip removed at an
/// oblique face changes a few hundred pixels, which a fraction of 0.1 % would have let through). The
/// goldens hold for the renderer named in `Goldens/RENDERER.txt`; `testTheGoldensRendererIsThisOne` fails
/// when the running Mesa differs, saying what to do.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    /// A channel may differ by this much: rounding only.
    static let channelTolerance = ImageComparison.defaultTolerance
    /// No pixel may exceed the channel tolerance: `steady-dice compare --max-fraction 0`.
    static let pixelFractionTolerance = 0.0
    /// The renderer the goldens were recorded with: GL_RENDERER and GL_VERSION, one a line.
    static let rendererFile = folder.appendingPathComponent("RENDERER.txt")

    static var recording: Bool { ProcessInfo.processInfo.environment["STEADY_DICE_RECORD_GOLDENS"] == "1" }

    /// `image` compared with golden `name`; nil when there is no golden.
    static func comparison(_ image: RGBImage, named name: String) throws -> ImageComparison? {
        let url = folder.appendingPathComponent("\(name).png")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return ImageComparison(expected: try RGBImage.read(path: url.path), actual: image, tolerance: channelTolerance,
                               maxFraction: pixelFractionTolerance)
    }

    static func assertMatches(_ image: RGBImage, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = folder.appendingPathComponent("\(name).png")
        guard !recording, let comparison = try comparison(image, named: name) else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try image.write(path: url.path)
            try (RenderHarness.rendererDescription() + "\n").write(to: rendererFile, atomically: true, encoding: .utf8)
            XCTFail("recorded a new golden \(url.path) with \(try RenderHarness.rendererDescription()): look at it, then run the tests again",
                    file: file, line: line)
            return
        }
        if !comparison.matches {
            let golden = try RGBImage.read(path: url.path)
            let temporary = URL(fileURLWithPath: NSTemporaryDirectory())
            let actualURL = temporary.appendingPathComponent("\(name)-actual.png")
            let diffURL = temporary.appendingPathComponent("\(name)-diff.png")
            try? image.write(path: actualURL.path)
            try? ImageComparison.diffImage(expected: golden, actual: image, tolerance: channelTolerance)?.write(path: diffURL.path)
            XCTFail("\(comparison.summary(expected: url.lastPathComponent, actual: "the rendered picture")); actual image written to "
                    + "\(actualURL.path), differences marked in \(diffURL.path)", file: file, line: line)
        }
    }
}
