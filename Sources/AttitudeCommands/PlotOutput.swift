import ArgumentParser
import CommandLineSupport
import FileAccess
import Foundation
import Plot
import SafeText

/// Draws `figure` into `path` (PNG or SVG by its extension), all or nothing.
public func writePlot(_ figure: Figure, to path: String, option: String, size: Size, inputs: [String?]) throws {
    let outputs = OutputFiles(inputs: inputs)
    let staged = try outputs.stage(path, option: option)
    try staged.write(try plotBytes(figure, for: path, option: option, size: size))
    try outputs.commit()
}

/// The picture of `figure` in the format `path`'s extension names.
public func plotBytes(_ figure: Figure, for path: String, option: String, size: Size) throws -> Data {
    guard let format = PlotFormat(path: path) else {
        throw ValidationError("\(option) \(MessageText.quoted(path)): must end in .png or .svg")
    }
    return try CairoPlot.render(figure, width: size.width, height: size.height, format: format)
}

extension Size {
    /// Refuses a plot's size (`WxH`) Cairo is not asked to draw, naming `option`.
    public func checkPlotSize(option: String) throws {
        guard (200...8192).contains(width), (150...8192).contains(height) else {
            throw ValidationError("\(option) \(width)x\(height): width 200 to 8192, height 150 to 8192")
        }
    }
}

