import Foundation
@_exported import SnapshotTesting
@_exported import SteadyDiceKit
import XCTest

extension Diffing where Value == RGBImage {
    /// PNG files compared as `steady-dice compare` compares them: they match when no more than
    /// `maxFraction` of the pixels differ by more than `tolerance` in any channel. A failure says how
    /// many pixels differ, the largest difference and where, and attaches the new picture and a diff
    /// picture (the recorded one dimmed, the differing pixels magenta).
    public static func steadyDice(tolerance: Int = ImageComparison.defaultTolerance, maxFraction: Double = 0) -> Diffing<RGBImage> {
        .diff(
            toData: { image in
                // An encoder that cannot write a temporary file leaves an empty reference, which then
                // reads as a 0x0 picture and fails by its size rather than passing.
                (try? image.pngData()) ?? Data()
            },
            fromData: { data in
                (try? RGBImage(imageData: data, name: "the recorded snapshot")) ?? RGBImage(width: 0, height: 0, pixels: [])
            },
            diffV2: { recorded, new in
                let comparison = ImageComparison(expected: recorded, actual: new, tolerance: tolerance, maxFraction: maxFraction)
                guard !comparison.matches else { return nil }
                var attachments: [DiffAttachment] = []
                if let png = try? new.pngData() { attachments.append(.data(png, name: "new.png")) }
                if let diff = ImageComparison.diffImage(expected: recorded, actual: new, tolerance: tolerance),
                   let png = try? diff.pngData() {
                    attachments.append(.data(png, name: "difference.png"))
                }
                return (comparison.summary(expected: "the recorded snapshot", actual: "the new picture"), attachments)
            })
    }
}

extension Snapshotting where Value == Quaternion, Format == RGBImage {
    /// The die at a device-to-world attitude, drawn offscreen by `Snapshotter` (by default what
    /// `steady-dice snapshot --background none --size WxH --attitude w,x,y,z` writes), stored as PNG.
    ///
    /// ```swift
    /// assertSnapshot(of: estimator.worldFromDevice, as: try .steadyDice(size: PictureSize(fixedWidth: 320, height: 240)))
    /// ```
    ///
    /// Throws here, before any snapshot, for settings that cannot draw (the message the command line gives).
    public static func steadyDice(size: PictureSize = PictureSize(fixedWidth: 320, height: 240), settings: DrawingSettings = DrawingSettings(),
                                  tolerance: Int = ImageComparison.defaultTolerance, maxFraction: Double = 0) throws -> Self {
        let snapshotter = try Snapshotter(size: size, settings: settings)
        return Snapshotting(pathExtension: "png", diffing: .steadyDice(tolerance: tolerance, maxFraction: maxFraction)) { q in
            do {
                return try snapshotter.image(worldFromDevice: q)
            } catch {
                // A render that fails (no EGL, a zero quaternion) fails the test with its reason; the
                // empty picture then fails the comparison by its size rather than passing.
                XCTFail("steady-dice could not draw \(q): \(error)")
                return RGBImage(width: 0, height: 0, pixels: [])
            }
        }
    }
}

extension Snapshotting where Value == AttitudeSample, Format == RGBImage {
    /// The die at an attitude log sample's attitude: `Snapshotting<Quaternion, RGBImage>.steadyDice`
    /// of its `worldFromDevice`.
    public static func steadyDice(size: PictureSize = PictureSize(fixedWidth: 320, height: 240), settings: DrawingSettings = DrawingSettings(),
                                  tolerance: Int = ImageComparison.defaultTolerance, maxFraction: Double = 0) throws -> Self {
        try Snapshotting<Quaternion, RGBImage>.steadyDice(size: size, settings: settings,
                                                          tolerance: tolerance, maxFraction: maxFraction)
            .pullback { (sample: AttitudeSample) in sample.worldFromDevice }
    }
}
