import ArgumentParser
import CommandLineSupport
import Pixels

/// `--plot FILE` and `--plot-size WxH`: a plot a command draws beside its output, declared once for `eval`, `compare`
/// and `location`. `Content` says what each draws and its default size (`location`'s track is square, to scale).
public struct PlotOptions<Content: PlotContent>: ParsableArguments {
    public init() {}

    @Option(name: .customLong("plot"), parsing: .unconditional, help: ArgumentHelp(Content.plotHelp, valueName: "file"))
    public var file: String?

    @Option(name: .customLong("plot-size"), parsing: .unconditional,
            help: ArgumentHelp("The plot's size in pixels (SVG: points).", valueName: "WxH"))
    public var size: PictureSize = Content.defaultPlotSize

    /// Refuses a file that names no format, and a size Cairo is not asked to draw.
    public func validate() throws {
        if let file { _ = try plotFormat(of: file, option: "--plot") }
        try size.checkPlotSize(option: "--plot-size")
    }
}
