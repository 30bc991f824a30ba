import ArgumentParser
import CommandLineSupport
import FileAccess
import Foundation
import Pixels
import Plot
import SafeText

/// Draws `figure` into `path` (PNG or SVG by its extension), all or nothing.
public func writePlot(_ figure: Figure, to path: String, option: String, size: PictureSize, inputs: [String?]) throws {
    let outputs = OutputFiles(inputs: inputs)
    let staged = try outputs.stage(path, option: option)
    try staged.write(try plotBytes(figure, for: path, option: option, size: size))
    try outputs.commit()
}

/// The picture of `figure` in the format `path`'s extension names.
public func plotBytes(_ figure: Figure, for path: String, option: String, size: PictureSize) throws -> Data {
    try CairoPlot.render(figure, size: size, format: plotFormat(of: path, option: option))
}

/// The format a plot's file name asks for by its extension, or the refusal naming `option` when it asks for none.
public func plotFormat(of path: String, option: String) throws -> PlotFormat {
    guard let format = PlotFormat(path: path) else {
        throw ValidationError("\(option) \(MessageText.quoted(path)): must end in .png or .svg")
    }
    return format
}

extension PictureSize {
    /// A plot's size when the command line gives none: pixels for PNG, points for SVG.
    public static var plotDefault: PictureSize { PictureSize(fixedWidth: 900, height: 600) }

    /// Refuses a plot's size (`WxH`) Cairo is not asked to draw, naming `option`: narrower than a picture's 1 to 16384,
    /// so that axes, ticks and legends fit and a drawing stays quick.
    public func checkPlotSize(option: String) throws {
        guard (200...8192).contains(width), (150...8192).contains(height) else {
            throw ValidationError("\(option) \(width)x\(height): width 200 to 8192, height 150 to 8192")
        }
    }
}

/// What a command's `--plot` draws: its words in help, and the plot's size when `--plot-size` is not given.
public protocol PlotContent {
    /// `--plot`'s help: what is drawn into the file.
    static var plotHelp: String { get }
    /// The size when `--plot-size` is not given.
    static var defaultPlotSize: PictureSize { get }
}

extension PlotContent {
    public static var defaultPlotSize: PictureSize { .plotDefault }
}
