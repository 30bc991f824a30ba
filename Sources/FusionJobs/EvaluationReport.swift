import Foundation
import Fusion

/// `attitude eval`'s figures: each trial's RMSE and their means, as JSON or as a table. Its keys are the file format
/// docs/fusion.md gives, in BROAD's words: `inclination` is the tilt error (`TrialResult.tiltRMSE`).
public struct EvaluationReport: Codable, Sendable {
    public struct Trial: Codable, Sendable {
        public var name: String
        public var samples: Int
        public var skipped: Int
        /// Total and heading errors exist in 9D only.
        public var total: Double?
        public var heading: Double?
        public var inclination: Double
    }
    public var mode: String
    public var trials: [Trial]
    public var meanTotal: Double?
    public var meanHeading: Double?
    public var meanInclination: Double

    public init(mode: FusionMode, results: [TrialResult]) {
        let nine = mode == .nineD
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
        self.mode = mode.rawValue
        trials = results.map {
            Trial(name: $0.name, samples: $0.evaluatedSamples, skipped: $0.skippedSamples,
                  total: nine ? $0.totalRMSE : nil, heading: nine ? $0.headingRMSE : nil, inclination: $0.tiltRMSE)
        }
        meanTotal = nine ? mean(results.map(\.totalRMSE)) : nil
        meanHeading = nine ? mean(results.map(\.headingRMSE)) : nil
        meanInclination = mean(results.map(\.tiltRMSE))
    }

    /// Pretty-printed, keys sorted.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// A header, a row per trial and the means, columns aligned; "-" where a figure does not exist.
    public var tableLines: [String] {
        let d = { (x: Double?) in x.map { String(format: "%8.3f", $0) } ?? "       -" }
        let width = max(5, trials.map(\.name.count).max() ?? 5)
        let pad = { (s: String) in s.padding(toLength: width, withPad: " ", startingAt: 0) }
        return ["\(pad("trial"))  total°  heading°  inclin.°  (\(mode), RMSE)"]
            + trials.map { "\(pad($0.name)) \(d($0.total))  \(d($0.heading))  \(d($0.inclination))" }
            + ["\(pad("mean")) \(d(meanTotal))  \(d(meanHeading))  \(d(meanInclination))"]
    }
}
