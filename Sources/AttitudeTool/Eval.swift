import ArgumentParser
import Foundation
import Fusion
import FusionOptions
import Messages
import RawLog

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Score the estimator on logs with reference columns by BROAD's metrics, the RMSE in degrees.")

    @Argument(help: "Raw CSV files (plain or .xz) with qw,qx,qy,qz and optionally moving columns.")
    var inputs: [String]

    @Option(parsing: .unconditional, help: "9d (total, heading, inclination) or 6d (inclination only).")
    var mode: FusionMode = .nineD

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var estimator: EstimatorOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    func validate() throws {
        try magnetometer.check(mode: mode)
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
        for (n, path) in inputs.enumerated() {
            Messages.logger.info("[\(n + 1)/\(inputs.count)] \(BroadEvaluation.trialName(of: path))")
            let raw = try RawLogReader.read(path: path, platform: recording.platform)
            reportReading(raw, tool: "attitude")
            let (log, calibration) = try magnetometer.apply(to: raw)
            if let calibration { reportCalibration(calibration, of: log) }
            results.append(try BroadEvaluation.evaluate(log: log, mode: mode, parameters: parameters))
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
