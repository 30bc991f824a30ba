import AttitudeMath
import Camera
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
}

/// Golden images beside the tests. A missing golden, or `STEADY_DICE_RECORD_GOLDENS=1`, writes the
/// rendered image as the new golden and fails, so no baseline passes without being looked at.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    /// A channel may differ by this much (llvmpipe is deterministic; this absorbs rounding only).
    static let channelTolerance = ImageComparison.defaultTolerance
    /// At most this fraction of pixels may exceed the channel tolerance: `steady-dice compare --max-fraction 0.001`.
    static let pixelFractionTolerance = ImageComparison.goldenMaxFraction

    static func assertMatches(_ image: RGBImage, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = folder.appendingPathComponent("\(name).png")
        let record = ProcessInfo.processInfo.environment["STEADY_DICE_RECORD_GOLDENS"] == "1"
        if record || !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try image.write(path: url.path)
            XCTFail("recorded a new golden \(url.path): look at it, then run the tests again", file: file, line: line)
            return
        }
        let golden = try RGBImage.read(path: url.path)
        let comparison = ImageComparison(expected: golden, actual: image, tolerance: channelTolerance, maxFraction: pixelFractionTolerance)
        if !comparison.matches {
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
