import Foundation
import Fusion
import Logging
import LogLoading
import Plot
import RawLog
import Recording

/// `attitude eval`: the estimator scored on logs with a reference attitude, by BROAD's metrics, in one mode for
/// every log (given, or the first log's as `fuse` picks it), with the tilt and heading errors over time for a plot.
public struct EvaluationJob {
    public var inputs: [String]
    public var platform: SensorLoggerPlatform?
    public var magnetometer: MagnetometerCorrection
    /// nil: the first log's natural mode (9D when it has a magnetometer that measured a field).
    public var mode: FusionMode?
    public var parameters: FusionParameters
    /// Keep each trial's errors over time, for `Result.figure`.
    public var keepErrors: Bool

    public init(inputs: [String], platform: SensorLoggerPlatform?, magnetometer: MagnetometerCorrection, mode: FusionMode?,
                parameters: FusionParameters, keepErrors: Bool) {
        self.inputs = inputs
        self.platform = platform
        self.magnetometer = magnetometer
        self.mode = mode
        self.parameters = parameters
        self.keepErrors = keepErrors
    }

    public struct Result {
        public let report: EvaluationReport
        /// Each trial's tilt error and, in 9D, heading error over time (empty panels unless `keepErrors`).
        public let figure: Figure
    }

    /// Reads, corrects and scores each log in turn; progress and what was decided go to `logger`.
    public func run(logger: Logger = fusionJobsLogger) throws -> Result {
        var results: [TrialResult] = []
        var tiltSeries: [Series] = [], headingSeries: [Series] = []
        var evaluatedMode = mode
        for (n, path) in inputs.enumerated() {
            logger.info("[\(n + 1)/\(inputs.count)] \(BroadEvaluation.trialName(of: path))")
            let raw = try RawLogReader.read(path: path, platform: platform)
            reportReading(raw, logger: logger)
            let (log, calibration) = try magnetometer.apply(to: raw)
            let name = BroadEvaluation.trialName(of: log.path)
            if let calibration { logger.info("\(name): \(calibration)") }
            let chosen = evaluatedMode ?? RawLogFusion.naturalMode(of: log)
            if evaluatedMode == nil {
                logger.info("evaluating \(chosen == .nineD ? "9D" : "6D") (\(name) \(chosen == .nineD ? "has" : "has no") usable magnetometer; a mode given chooses)")
            }
            evaluatedMode = chosen
            let errors = ErrorSeriesRecorder(start: log.time.first ?? 0)
            let result = try BroadEvaluation.evaluate(log: log, mode: chosen, parameters: parameters, record: keepErrors ? errors.record : nil)
            results.append(result)
            tiltSeries.append(errors.tiltSeries(name: result.name))
            headingSeries.append(errors.headingSeries(name: result.name))
        }
        let mode = evaluatedMode ?? .nineD
        var panels = [Panel(yLabel: "tilt error (°)", series: tiltSeries)]
        if mode == .nineD { panels.append(Panel(yLabel: "heading error (°)", series: headingSeries)) }
        let figure = Figure(title: "estimator (\(mode.rawValue)) against the reference", xLabel: "time from the trial's start (s)", panels: panels)
        return Result(report: EvaluationReport(mode: mode, results: results), figure: figure)
    }
}
