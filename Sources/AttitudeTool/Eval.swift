import ArgumentParser
import AttitudeMath
import SafeText
import Foundation
import Fusion
import CommandLineSupport
import Composition
import FusionJobs
import Plot
import RawLog
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Also draw each trial's tilt and heading error (9d) over time into this .png or .svg.",
                                                        valueName: "file"))
    var plot: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The plot's size in pixels (SVG: points).", valueName: "WxH"))
    var plotSize = PlotSize(width: 900, height: 600)

    @OptionGroup var estimator: EstimatorOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    func validate() throws {
        try magnetometer.check(mode: mode)
        if let plot, PlotFormat(path: plot) == nil { throw ValidationError("--plot \(MessageText.quoted(plot)): must end in .png or .svg") }
        if let plot, inputs.count > seriesColours.count {
            throw ValidationError("--plot \(MessageText.quoted(plot)) draws at most \(seriesColours.count) trials (got \(inputs.count))")
        }
        try plotSize.check(option: "--plot-size")
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let parameters = try estimator.parameters()
        var results: [TrialResult] = []
        var tiltSeries: [Series] = [], headingSeries: [Series] = []
        var evaluatedMode = mode
        for (n, path) in inputs.enumerated() {
            Messages.logger.info("[\(n + 1)/\(inputs.count)] \(BroadEvaluation.trialName(of: path))")
            let raw = try RawLogReader.read(path: path, platform: recording.platform)
            reportReading(raw)
            let (log, calibration) = try magnetometer.correction.apply(to: raw)
            if let calibration { Messages.logger.info("\(BroadEvaluation.trialName(of: log.path)): \(calibration)") }
            let errors = ErrorSeriesRecorder(start: log.time.first ?? 0)
            // One mode for the whole table: given, or the first log's as `fuse` picks it.
            let chosen = evaluatedMode ?? RawLogFusion.naturalMode(of: log)
            if evaluatedMode == nil {
                let name = BroadEvaluation.trialName(of: log.path)
                Messages.logger.info("evaluating \(chosen == .nineD ? "9D" : "6D") (\(name) \(chosen == .nineD ? "has" : "has no") usable magnetometer; --mode chooses)")
            }
            evaluatedMode = chosen
            let result = try BroadEvaluation.evaluate(log: log, mode: chosen, parameters: parameters, record: plot == nil ? nil : errors.record)
            results.append(result)
            tiltSeries.append(errors.tiltSeries(name: result.name))
            headingSeries.append(errors.headingSeries(name: result.name))
        }
        let mode = evaluatedMode ?? .nineD
        let nine = mode == .nineD
        let report = EvaluationReport(mode: mode, results: results)
        if let plot {
            var panels = [Panel(yLabel: "tilt error (°)", series: tiltSeries)]
            if nine { panels.append(Panel(yLabel: "heading error (°)", series: headingSeries)) }
            let figure = Figure(title: "estimator (\(mode.rawValue)) against the reference", xLabel: "time from the trial's start (s)", panels: panels)
            try writePlot(figure, to: plot, option: "--plot", size: plotSize, inputs: inputs)
            Messages.logger.info("wrote \(plot)")
        }
        if json {
            print(try report.json())
            return
        }
        report.tableLines.forEach { print($0) }
    }
}
