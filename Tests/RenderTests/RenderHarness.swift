import AttitudeMath
import Camera
import Foundation
import Imaging
import Render
import XCTest

/// One headless OpenGL context and renderer for the whole test process.
enum RenderHarness {
    private static let shared: Result<(HeadlessContext, SceneRenderer), Error> = Result {
        let context = try HeadlessContext()
        let renderer = try SceneRenderer(assets: try Assets.locate())
        return (context, renderer)
    }

    /// A second renderer in the same context, drawing the red box.
    private static let box: Result<SceneRenderer, Error> = Result {
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
    static let channelTolerance = 2
    /// At most this fraction of pixels may exceed the channel tolerance.
    static let pixelFractionTolerance = 0.001

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
        guard golden.width == image.width, golden.height == image.height else {
            XCTFail("\(name): size \(image.width)x\(image.height), golden \(golden.width)x\(golden.height)", file: file, line: line)
            return
        }
        var differing = 0
        var worst = 0
        for p in 0..<(image.width * image.height) {
            var pixelWorst = 0
            for c in 0..<3 { pixelWorst = max(pixelWorst, abs(Int(image.pixels[3 * p + c]) - Int(golden.pixels[3 * p + c]))) }
            worst = max(worst, pixelWorst)
            if pixelWorst > channelTolerance { differing += 1 }
        }
        let fraction = Double(differing) / Double(image.width * image.height)
        if fraction > pixelFractionTolerance {
            let actualURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(name)-actual.png")
            try? image.write(path: actualURL.path)
            XCTFail("\(name): \(differing) pixels (\(fraction * 100)%) differ by more than \(channelTolerance), worst \(worst); "
                    + "actual image written to \(actualURL.path)", file: file, line: line)
        }
    }
}
