import Foundation
import Imaging
import Pixels
import SteadyDiceKit
import XCTest

/// Golden images in a folder beside the tests that draw them, compared as `steady-dice compare` compares (the same
/// `ImageComparison`). A missing golden, or `STEADY_DICE_RECORD_GOLDENS=1`, writes the picture as the new golden and
/// fails, so no baseline passes without being looked at. A failing comparison says compare's line and writes the
/// actual picture and the diff picture to the temporary folder.
public struct GoldenImages: Sendable {
    /// Where the goldens are, `NAME.png` each.
    public let folder: URL
    /// A channel may differ by this much: rounding only.
    public let channelTolerance: Int
    /// The fraction of pixels allowed over the channel tolerance (0: none, `steady-dice compare --max-fraction 0`).
    public let pixelFractionTolerance: Double
    /// What recording a golden also writes, and what it says it was recorded with (RenderTests: the renderer); nil
    /// when a golden needs nothing beside it.
    public let recordedWith: (@Sendable () throws -> String)?

    public init(folder: URL, channelTolerance: Int = ImageComparison.defaultTolerance, pixelFractionTolerance: Double = 0,
                recordedWith: (@Sendable () throws -> String)? = nil) {
        self.folder = folder
        self.channelTolerance = channelTolerance
        self.pixelFractionTolerance = pixelFractionTolerance
        self.recordedWith = recordedWith
    }

    /// True when `STEADY_DICE_RECORD_GOLDENS=1`: every golden compared is written anew (and its test fails).
    public static var recording: Bool { ProcessInfo.processInfo.environment["STEADY_DICE_RECORD_GOLDENS"] == "1" }

    /// The golden `name`'s file.
    public func url(named name: String) -> URL { folder.appendingPathComponent("\(name).png") }

    /// `image` compared with golden `name`; nil when there is no golden.
    public func comparison(_ image: RGBImage, named name: String) throws -> ImageComparison? {
        let url = url(named: name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return ImageComparison(expected: try RGBImage.read(path: url.path), actual: image, tolerance: channelTolerance,
                               maxFraction: pixelFractionTolerance)
    }

    /// `image` must match golden `name`; recorded (and failed) when there is none or `recording`.
    public func assertMatches(_ image: RGBImage, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertMatches(image, named: name, record: { try image.write(path: $0.path) }, file: file, line: line)
    }

    /// A PNG file's bytes as a library wrote them (Cairo's) must match golden `name` pixel for pixel, within the
    /// tolerances; a golden recorded from them is those bytes as they are.
    public func assertMatches(png: Data, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let decoded = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)-\(name).png")
        try png.write(to: decoded)
        defer { try? FileManager.default.removeItem(at: decoded) }
        let image = try RGBImage.read(path: decoded.path)
        try assertMatches(image, named: name, record: { try png.write(to: $0) }, file: file, line: line)
    }

    private func assertMatches(_ image: RGBImage, named name: String, record: (URL) throws -> Void,
                               file: StaticString, line: UInt) throws {
        let url = url(named: name)
        guard !Self.recording, let comparison = try comparison(image, named: name) else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try record(url)
            let with = try recordedWith.map { " with " + (try $0()) } ?? ""
            XCTFail("recorded a new golden \(url.path)\(with): look at it, then run the tests again", file: file, line: line)
            return
        }
        guard !comparison.matches else { return }
        let golden = try RGBImage.read(path: url.path)
        let temporary = FileManager.default.temporaryDirectory
        let actualURL = temporary.appendingPathComponent("\(name)-actual.png")
        let diffURL = temporary.appendingPathComponent("\(name)-diff.png")
        try? image.write(path: actualURL.path)
        try? ImageComparison.diffImage(expected: golden, actual: image, tolerance: channelTolerance)?.write(path: diffURL.path)
        XCTFail("\(comparison.summary(expected: url.lastPathComponent, actual: "the rendered picture")); actual image written to "
                + "\(actualURL.path), differences marked in \(diffURL.path)", file: file, line: line)
    }
}
