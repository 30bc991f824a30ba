import ArgumentParser
import Foundation
import CommandLineSupport
import LogLoading
import Pixels
import Plot
import SafeText
import SteadyDiceAssets

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw attitude over time: Euler angles of one or several logs, or their tilt and heading errors against a reference.",
        discussion: """
            LOG is anything the tools read: a steady-dice attitude log, a producer's orientation file, a raw IMU \
            log (fused on the way) or a recording folder. Times are on the logs' shared clock, from the earliest \
            start. With --reference, prints each log's median errors.
            """)

    @Argument(help: "Logs to draw, one line each (at most 5).", transform: { Examples.path(for: $0) })
    var logs: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("Draw the tilt and heading errors of each LOG against this log instead of Euler angles.",
                                                        valueName: "log"), transform: { Examples.path(for: $0) })
    var reference: String?

    @Option(name: .shortAndLong, parsing: .unconditional, help: ArgumentHelp("The picture to write, .png or .svg.", valueName: "file"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Picture size in pixels (SVG: points).", valueName: "WxH"))
    var size = CairoPlot.defaultSize

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var messages: MessageOptions

    func validate() throws {
        guard !logs.isEmpty else { throw ValidationError("give at least one LOG") }
        guard logs.count <= seriesColours.count else {
            throw ValidationError("at most \(seriesColours.count) logs in one plot (got \(logs.count))")
        }
        _ = try plotFormat(of: output, option: "--output")
        try size.checkPlotSize(option: "--size")
    }

    func run() throws {
        let load = { (path: String) throws -> AttitudePlots.NamedLog in
            let log = try loadAnyAttitudeLog(path: path, magnetometer: magnetometer.correction, platform: recording.platform)
            return AttitudePlots.NamedLog(name: (path as NSString).lastPathComponent, log: log)
        }
        let named = try logs.map(load)
        let figure: Figure
        if let reference {
            let result = AttitudePlots.errors(named, reference: try load(reference), title: "attitude error")
            figure = result.figure
            if let note = result.headingNote { Messages.logger.notice("heading error not drawn: \(note)") }
            for line in try result.summaries.map({ try $0.line(reference: reference) }) { print(line) }
        } else {
            figure = AttitudePlots.euler(named, title: "attitude (Euler angles, Core Motion's convention)")
        }
        try writePlot(figure, to: output, option: "--output", size: size, inputs: logs + [reference])
        Messages.logger.info("wrote \(output)")
    }
}
