import ArgumentParser
import AttitudeMath
import SafeText
import Foundation
import Fusion
import CommandLineSupport
import Composition
import Plot
import RawLog
import SteadyDiceAssets

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score the estimator on logs with reference columns by BROAD's metrics, the RMSE in degrees.")

    @Argument(help: "Raw CSV files (plain or .xz) with qw,qx,qy,qz and optionally moving columns.", transform: { Examples.path(for: $0) })
    var inputs: [String]

    @Option(parsing: .unconditional, help: "9d (total, heading, inclination) or 6d (inclination only).")
    var mode: FusionMode = .nineD

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

    struct Report: Codable {
        struct Trial: Codable {
            var name: String
            var samples: Int
            var skipped: Int
            var total: Double?
            var heading: Double?
            var inclination: Double
        }
        var mode: String
        var trials: [Trial]
        var meanTotal: Double?
        var meanHeading: Double?
        var meanInclination: Double
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let parameters = try estimator.parameters()
        var results: [TrialResult] = []
        var tiltSeries: [Series] = [], headingSeries: [Series] = []
        for (n, path) in inputs.enumerated() {
            Messages.logger.info("[\(n + 1)/\(inputs.count)] \(BroadEvaluation.trialName(of: path))")
            let raw = try RawLogReader.read(path: path, platform: recording.platform)
            reportReading(raw)
            let (log, calibration) = try magnetometer.correction.apply(to: raw)
            if let calibration { reportCalibration(calibration, of: log) }
            var x: [Double] = [], tilt: [Double] = [], heading: [Double] = []
            var lastTime: Double?
            let record: ((Double, Quaternion, Quaternion) -> Void)? = plot == nil ? nil : { t, estimate, reference in
                let e = AttitudePlots.errorAngles(estimate: estimate, reference: reference)
                // Rows skipped for half a second (not moving) leave a gap; so does a heading wrap at ±180°.
                if let lastTime, t - lastTime > 0.5 { x.append(.nan); tilt.append(.nan); heading.append(.nan) }
                lastTime = t
                if let last = heading.last, last.isFinite, abs(e.heading - last) > 180 { x.append(.nan); tilt.append(.nan); heading.append(.nan) }
                x.append(t - (log.time.first ?? 0))
                tilt.append(e.tilt)
                heading.append(e.heading)
            }
            let result = try BroadEvaluation.evaluate(log: log, mode: mode, parameters: parameters, record: record)
            results.append(result)
            tiltSeries.append(Series(name: result.name, x: x, y: tilt))
            headingSeries.append(Series(name: result.name, x: x, y: heading))
        }
        let nine = mode == .nineD
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
        let report = Report(
            mode: mode.rawValue,
            trials: results.map {
                .init(name: $0.name, samples: $0.evaluatedSamples, skipped: $0.skippedSamples,
                      total: nine ? $0.totalRMSE : nil, heading: nine ? $0.headingRMSE : nil,
                      inclination: $0.inclinationRMSE)
            },
            meanTotal: nine ? mean(results.map(\.totalRMSE)) : nil,
            meanHeading: nine ? mean(results.map(\.headingRMSE)) : nil,
            meanInclination: mean(results.map(\.inclinationRMSE)))
        if let plot {
            var panels = [Panel(yLabel: "tilt error (°)", series: tiltSeries)]
            if nine { panels.append(Panel(yLabel: "heading error (°)", series: headingSeries)) }
            let figure = Figure(title: "estimator (\(mode.rawValue)) against the reference", xLabel: "time from the trial's start (s)", panels: panels)
            try writePlot(figure, to: plot, option: "--plot", size: plotSize, inputs: inputs)
            Messages.logger.info("wrote \(plot)")
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        let d = { (x: Double?) in x.map { String(format: "%8.3f", $0) } ?? "       -" }
        let width = max(5, results.map(\.name.count).max() ?? 5)
        let pad = { (s: String) in s.padding(toLength: width, withPad: " ", startingAt: 0) }
        print("\(pad("trial"))  total°  heading°  inclin.°  (\(mode.rawValue), RMSE)")
        for t in report.trials {
            print("\(pad(t.name)) \(d(t.total))  \(d(t.heading))  \(d(t.inclination))")
        }
        print("\(pad("mean")) \(d(report.meanTotal))  \(d(report.meanHeading))  \(d(report.meanInclination))")
    }
}
