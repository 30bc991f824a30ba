import AttitudeMath
import Fusion
import Location
import RawLog

/// A raw log fused: the samples and what was decided on the way.
public struct FusedRawLog: Sendable {
    public let samples: [FusedSample]
    public let mode: FusionMode
    /// The frame the samples rotate the IMU frame S into.
    public let frame: OutputFrame
    /// East of true north positive, when the samples are in true north.
    public let declinationDegrees: Double?
    /// Where the declination came from, when it was the recording's.
    public let recordingDeclination: RecordingDeclination?

    /// The frame as an attitude log names it; nil for `enu` and `ned`.
    public var referenceFrame: ReferenceFrame? {
        if case .reference(let frame) = frame { return frame }
        return nil
    }
}
