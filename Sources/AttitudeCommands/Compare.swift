import ArgumentParser
import CommandLineSupport
import Foundation
import LogLoading
import Plot
import SteadyDiceAssets

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare an attitude with a reference: median tilt and heading errors, and a plot of them over time.",
        discussion: """
            Lines the two up on their own clock (attitude fuse FOLDER writes where its t = 0 lies; attitude convert \
            keeps the producer's clock): REFERENCE is interpolated at each of LOG's samples within 20 ms of one of \
            its own. Tilt error is the angle between the two "up" directions; heading error the turn about the \
            vertical, compared only when both are in the same north-referenced frame.
            """)

    @Argument(help: "The attitude to judge: any log the tools read (an attitude log, a raw log fused on the way, a recording folder).", transform: { Examples.path(for: $0) })
    var log: String

    @Argument(help: "The attitude to judge it against, e.g. the producer's own from attitude convert.", transform: { Examples.path(for: $0) })
    var reference: String

    /// What `--plot` draws here.
    enum ErrorsPlot: PlotContent {
        static let plotHelp = "Also draw the tilt and heading errors over time into this .png or .svg."
    }

    @OptionGroup var plot: PlotOptions<ErrorsPlot>

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let load = { (path: String) throws -> AttitudePlots.NamedLog in
            AttitudePlots.NamedLog(name: (path as NSString).lastPathComponent,
                                   log: try loadAnyAttitudeLog(path: path, platform: recording.platform))
        }
        let result = AttitudePlots.errors([try load(log)], reference: try load(reference), title: "attitude error")
        let lines = try result.summaries.map { try $0.line(reference: reference) }
        if let note = result.headingNote { Messages.logger.notice("heading error not compared: \(note)") }
        if let file = plot.file {
            try writePlot(result.figure, to: file, option: "--plot", size: plot.size, inputs: [log, reference])
            Messages.logger.info("wrote \(file)")
        }
        for line in lines { print(line) }
    }
}
