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
    /// Refuses a size no plot is drawn at (`CairoPlot.sizeProblem`), naming `option`.
    public func checkPlotSize(option: String) throws {
        if let problem = CairoPlot.sizeProblem(self) { throw ValidationError("\(option) \(problem)") }
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
    public static var defaultPlotSize: PictureSize { CairoPlot.defaultSize }
}
