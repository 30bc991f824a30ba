import AttitudeMath
import Foundation
import Fusion
import RawLog

/// How a log's attitudes were made in-process from raw IMU data: fused sample by sample, or a gyroscope-only log's
/// rates integrated.
public struct FusionTrack: Sendable {
    /// The estimator's mode; nil for a gyroscope-only log, integrated with no estimator.
    public let mode: FusionMode?
    /// The estimator's status after each sample, one per sample of the fused log (none when integrated).
    public let statuses: [FusionStatus]

    /// What the HUD says of attitudes no estimator made.
    private let integrated: String?

    public init(mode: FusionMode, statuses: [FusionStatus]) {
        self.mode = mode
        self.statuses = statuses
        integrated = nil
    }

    private init(integrated: String) {
        mode = nil
        statuses = []
        self.integrated = integrated
    }

    /// A gyroscope-only log's rates integrated from its first sample: no vertical, the heading arbitrary.
    public static let gyroscopeOnly = FusionTrack(integrated: "gyroscope only: integrated, no vertical")

    /// A raw log drawn over its footage (`GyroLedAttitude`): its gyroscope led, levelled where its accelerometer read
    /// gravity alone (`credibleShare` of the samples).
    public static func footage(credibleShare: Double, biasApplied: Bool) -> FusionTrack {
        FusionTrack(integrated: String(format: "gyroscope%@, gravity at %.0f%% of samples", biasApplied ? " less bias" : "", credibleShare * 100))
    }

    /// One line for the HUD: mode, rest or motion, the magnetic field (9D), the gyroscope bias (°/s); for attitudes
    /// integrated without an estimator, how.
    public func summary(atSample index: Int) -> String {
        guard let mode else { return integrated ?? "" }
        guard statuses.indices.contains(index) else { return "\(mode.rawValue.uppercased())" }
        let s = statuses[index]
        let bias = Angle.degrees(fromRadians: s.gyroBiasRadiansPerSecond.length)
        let field = mode == .nineD ? (s.isMagneticallyDisturbed ? ", field disturbed" : ", field ok") : ""
        return String(format: "%@ %@%@, bias %.2f\u{B0}/s", mode.rawValue.uppercased(), s.isAtRest ? "at rest" : "moving", field, bias)
    }
}
