import AttitudeMath
import Foundation
import Fusion
import LogLoading
import RawLog

/// One trial's errors, in degrees.
public struct TrialResult: Sendable {
    public var name: String
    public var mode: FusionMode
    /// Rows evaluated: moving, with a finite reference.
    public var evaluatedSamples: Int
    public var totalRMSE: Double
    public var headingRMSE: Double
    /// The tilt error's (`AttitudeError`'s tilt, which BROAD calls inclination).
    public var tiltRMSE: Double
    /// Samples the estimator skipped as non-finite.
    public var skippedSamples: Int
}

/// Runs the estimator over a log with reference columns and scores it as BROAD does:
/// rows with `moving` = 1 (all rows when the log has no such column) and a finite reference.
public enum BroadEvaluation {
    /// `record` is given each evaluated row: its time (seconds), the estimate and the reference, both sensor into ENU.
    public static func evaluate(log: RawIMULog, mode: FusionMode, parameters: FusionParameters = .default,
                                record: ((Double, Quaternion, Quaternion) -> Void)? = nil) throws -> TrialResult {
        guard let reference = log.reference else {
            throw RawLogError(path: log.path, "no reference columns qw,qx,qy,qz to evaluate against")
        }
        if mode == .nineD && log.mag == nil {
            throw RawLogError(path: log.path, "9D evaluation needs magnetometer columns mx,my,mz")
        }
        var estimator = AttitudeEstimator(mode: mode, parameters: parameters)
        var rms = RMSAccumulator()
        try RawLogFusion.run(log, &estimator) { i, estimator in
            if let moving = log.moving, !moving[i] { return }
            guard let ref = reference[i] else { return }
            if let e = AttitudeError(estimate: estimator.enuFromIMU, reference: ref) {
                rms.add(e)
                record?(log.time[i], estimator.enuFromIMU, ref)
            }
        }
        return TrialResult(name: trialName(of: log.path), mode: mode, evaluatedSamples: rms.count,
                           totalRMSE: rms.totalDegrees, headingRMSE: rms.headingDegrees,
                           tiltRMSE: rms.tiltDegrees, skippedSamples: estimator.skippedSamples)
    }

    /// A file's name without folders and `.csv` / `.xz` extensions.
    public static func trialName(of path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".xz", ".csv"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return name
    }
}
