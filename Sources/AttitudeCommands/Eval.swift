import ArgumentParser
import Pixels
import SafeText
import Fusion
import CommandLineSupport
import FusionJobs
import Plot
import SteadyDiceAssets

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score the estimator on logs with reference columns by BROAD's metrics, the RMSE in degrees.")

    @Argument(help: "Raw CSV files (plain or .xz) with qw,qx,qy,qz and optionally moving columns.", transform: { Examples.path(for: $0) })
    var inputs: [String]

    @Option(parsing: .unconditional, help: ArgumentHelp("9d (total, heading, inclination) or 6d (inclination only). Default: as fuse "
                                                        + "picks for the first log, 9d when it has a magnetometer that measured a field, else 6d."))
    var mode: FusionMode?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    /// What `--plot` draws here.
    enum TrialErrorsPlot: PlotContent {
        static let plotHelp = "Also draw each trial's tilt and heading error (9d) over time into this .png or .svg."
    }

    @OptionGroup var plot: PlotOptions<TrialErrorsPlot>

    @OptionGroup var estimator: EstimatorOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    func validate() throws {
        try magnetometer.check(mode: mode)
        if let file = plot.file, inputs.count > seriesColours.count {
            throw ValidationError("--plot \(MessageText.quoted(file)) draws at most \(seriesColours.count) trials (got \(inputs.count))")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let job = EvaluationJob(inputs: inputs, platform: recording.platform, magnetometer: magnetometer.correction, mode: mode,
                                parameters: try estimator.parameters(), keepErrors: plot.file != nil)
        let result = try job.run(logger: Messages.logger)
        if let file = plot.file {
            try writePlot(result.figure, to: file, option: "--plot", size: plot.size, inputs: inputs)
            Messages.logger.info("wrote \(file)")
        }
        if json {
            print(try result.report.json())
            return
        }
        result.report.tableLines.forEach { print($0) }
    }
}
