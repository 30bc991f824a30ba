import ArgumentParser
import FileAccess
import Foundation
import Plot
import SafeText

/// A plot's file and size, shared by `plot` and `eval --plot`.
public struct PlotSize: ExpressibleByArgument {
    public var width: Int
    public var height: Int

    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        width = w
        height = h
    }

    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// The default as help shows it (`900x600`), not the struct's dump.
    public var defaultValueDescription: String { "\(width)x\(height)" }
}

/// Draws `figure` into `path` (PNG or SVG by its extension), all or nothing.
public func writePlot(_ figure: Figure, to path: String, option: String, size: PlotSize, inputs: [String?]) throws {
    let outputs = OutputFiles(inputs: inputs)
    let staged = try outputs.stage(path, option: option)
    try staged.write(try plotBytes(figure, for: path, option: option, size: size))
    try outputs.commit()
}

/// The picture of `figure` in the format `path`'s extension names.
public func plotBytes(_ figure: Figure, for path: String, option: String, size: PlotSize) throws -> Data {
    guard let format = PlotFormat(path: path) else {
        throw ValidationError("\(option) \(MessageText.quoted(path)): must end in .png or .svg")
    }
    return try CairoPlot.render(figure, width: size.width, height: size.height, format: format)
}

extension PlotSize {
    /// Refuses a size Cairo is not asked to draw, naming `option`.
    public func check(option: String) throws {
        guard (200...8192).contains(width), (150...8192).contains(height) else {
            throw ValidationError("\(option) \(width)x\(height): width 200 to 8192, height 150 to 8192")
        }
    }
}

