import Foundation
import Imaging
import Pixels
import SteadyDiceKit
import TestSupport
import XCTest

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
