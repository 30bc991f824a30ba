import AttitudeMath
import Foundation
import Fusion
import RawLog

/// Runs the estimator over a whole raw log read (`fuse(log:frame:…)`), under LogLoading's one fusion of a raw log file
/// (`CorrectedRawLog.fused`, with the magnetometer's correction and true north), which playing and `attitude fuse` call.
public enum RawLogFusion {
    /// 9D when the log has a magnetometer that measured a field (`RawIMULog.magnetometerIsUsable`), else 6D.
    public static func naturalMode(of log: RawIMULog) -> FusionMode {
        log.magnetometerIsUsable ? .nineD : .sixD
    }

    /// The frame a mode reports by default: magnetic north in 9D, arbitrary heading in 6D.
    public static func naturalFrame(of mode: FusionMode) -> ReferenceFrame {
        mode == .nineD ? .xMagneticNorthZVertical : .xArbitraryZVertical
    }

    /// Fuses a log already read. The attitude rotates the IMU frame S into `frame`.
    /// With `withStatus`, each sample also carries the estimator's status (rest, disturbance, bias).
    /// `xTrueNorthZVertical` (9D only) needs `declinationDegrees`, the magnetic declination at the
    /// recording's site, east of true north positive.
    public static func fuse(log: RawIMULog, frame: OutputFrame, mode: FusionMode? = nil,
                            parameters: FusionParameters = .default,
                            withStatus: Bool = false, declinationDegrees: Double? = nil) throws -> [FusedSample] {
        let mode = mode ?? naturalMode(of: log)
        if mode == .nineD && log.mag == nil {
            throw RawLogError(path: log.path, "9D fusion needs magnetometer columns, and this log has none; use 6D")
        }
        if mode == .nineD { try log.checkMagnetometerUsable() }
        var estimatorFrame = frame
        var outputFromEstimatorFrame: Quaternion?
        if frame == .reference(.xTrueNorthZVertical), mode == .nineD, let declinationDegrees {
            estimatorFrame = .reference(.xMagneticNorthZVertical)
            outputFromEstimatorFrame = Frames.trueNorthFromMagneticNorth(declinationDegrees: declinationDegrees)
        }
        try AttitudeEstimator.check(frame: estimatorFrame, mode: mode)
        var estimator = AttitudeEstimator(mode: mode, parameters: parameters)
        var out: [FusedSample] = []
        out.reserveCapacity(log.count)
        try run(log, &estimator) { i, estimator in
            let attitude = estimator.attitude(in: estimatorFrame)
            out.append(FusedSample(t: log.time[i], outputFromIMU: outputFromEstimatorFrame.map { $0 * attitude } ?? attitude,
                                   status: withStatus ? FusionStatus(estimator) : nil))
        }
        return out
    }

    /// Feeds every sample of `log` to `estimator`, calling `body` after each. After each of the log's
    /// gaps the estimator starts again (`reset`), so the sample after a gap is levelled from the
    /// accelerometer (and in 9D headed from the magnetometer) rather than integrated across the gap: like the
    /// first sample, it only starts the integration (its rate is over the interval before it, docs/conventions.md),
    /// and its period, for the filters, is the log's median one. A gyroscope-only log is refused, saying what reads it.
    public static func run(_ log: RawIMULog, _ estimator: inout AttitudeEstimator,
                           _ body: (Int, AttitudeEstimator) -> Void) throws {
        let acc = try log.accelerometerForLevelling()
        let mag = estimator.mode == .nineD ? log.mag : nil
        let restarts = Set(log.gaps.map(\.resumeIndex))
        let nominalPeriod = log.medianPeriod ?? 0.01
        for i in 0..<log.count {
            var dt = log.period(before: i)
            if restarts.contains(i) {
                estimator.reset()
                dt = nominalPeriod
            }
            estimator.update(gyro: log.gyro[i], acc: acc[i], mag: mag?[i], dt: dt)
            body(i, estimator)
        }
    }
}

/// One fused attitude: the IMU frame S into the requested frame, at time `t` (seconds, as in the log).
public struct FusedSample: Sendable {
    public var t: Double
    /// Rotates the IMU frame S into the `OutputFrame` the samples were fused for.
    public var outputFromIMU: Quaternion
    public var status: FusionStatus?
}

/// What the estimator reports besides the attitude, for display or diagnosis.
public struct FusionStatus: Sendable {
    public var isAtRest: Bool
    public var isMagneticallyDisturbed: Bool
    /// Estimated gyroscope bias, rad/s, IMU frame S.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>

    public init(_ estimator: AttitudeEstimator) {
        isAtRest = estimator.isAtRest
        isMagneticallyDisturbed = estimator.isMagneticallyDisturbed
        gyroBiasRadiansPerSecond = estimator.gyroBiasRadiansPerSecond
    }
}

extension FusedSample {
    /// `attitude fuse --status`: the attitude columns and the estimator's status after each sample
    /// (rest, magnetic disturbance, gyroscope bias in °/s), for diagnosis; not an attitude log.
    public static func tableWithStatus(_ samples: [FusedSample], frame: ReferenceFrame?, comments: [String]) -> String {
        var text = comments.map { "# \($0)\n" }.joined()
        if let frame { text += "# frame: \(frame.rawValue)\n" }
        text += "t,qw,qx,qy,qz,rest,mag_disturbed,bias_x,bias_y,bias_z\n"
        for s in samples {
            let q = s.outputFromIMU
            text += "\(s.t),\(q.w),\(q.x),\(q.y),\(q.z)"
            if let st = s.status {
                let b = st.gyroBiasRadiansPerSecond * Angle.degrees(fromRadians: 1)
                text += ",\(st.isAtRest ? 1 : 0),\(st.isMagneticallyDisturbed ? 1 : 0),\(b.x),\(b.y),\(b.z)"
            }
            text += "\n"
        }
        return text
    }
}
