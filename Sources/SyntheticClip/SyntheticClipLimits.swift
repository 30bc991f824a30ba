import AttitudeMath

/// What a synthetic clip and its job may be: the one place their physical and practical limits are said. A value
/// past one draws no clip a camera could film (a readout longer than a frame, a camera that leaves its room), or
/// asks for more than the generator is for.
public enum SyntheticClipLimit: Equatable, Sendable {
    /// The lens's rays do not reach half the field of view from its axis.
    case lensReach
    /// The rolling shutter's readout is outside 0 to one frame period.
    case readout
    /// The exposure is outside 0 to one frame period.
    case exposure
    /// The camera's move is outside 0 to half the room's radius, or the room has no radius.
    case translation
    /// The frame rate is outside (0, `largestFramesPerSecond`].
    case framesPerSecond
    /// The clip's length is outside (0, `largestDurationSeconds`].
    case duration
    /// The time offset is beyond ±`largestTimeOffsetSeconds`.
    case timeOffset
    /// The share of the recorded motion is outside (0, 1].
    case motionScale
    /// The gyroscope's noise is outside 0 to `largestGyroNoiseDegreesPerSecond`.
    case gyroNoise

    /// Frames per second: the fastest clip made.
    public static let largestFramesPerSecond = 240.0
    /// Seconds: the longest clip made.
    public static let largestDurationSeconds = 600.0
    /// Seconds: the largest time offset a clip is made with (a calibration searches a second by default).
    public static let largestTimeOffsetSeconds = 1.0
    /// Degrees per second: the noisiest gyroscope simulated.
    public static let largestGyroNoiseDegreesPerSecond = 100.0
    /// The largest share by which a varying rate's frame periods differ from their mean
    /// (`SyntheticCalibrationClip.variableFrameTimes`).
    public static let largestFrameJitter = 0.9
}

extension SyntheticCalibrationClip {
    /// Seconds: one frame's time, the longest readout or exposure a frame may have.
    public var framePeriodSeconds: Double { 1 / framesPerSecond }

    /// The first limit the clip breaks (`SyntheticClipLimit`), in the order its fields are listed there; nil where
    /// it breaks none.
    public var brokenLimit: SyntheticClipLimit? {
        if lensCamera == nil { return .lensReach }
        guard framesPerSecond > 0, framesPerSecond <= SyntheticClipLimit.largestFramesPerSecond else { return .framesPerSecond }
        guard readoutSeconds >= 0, readoutSeconds <= framePeriodSeconds else { return .readout }
        guard exposureSeconds >= 0, exposureSeconds <= framePeriodSeconds else { return .exposure }
        guard translation >= 0, roomRadius > 0, translation < roomRadius / 2 else { return .translation }
        guard duration > 0, duration <= SyntheticClipLimit.largestDurationSeconds else { return .duration }
        guard abs(timeOffsetSeconds) <= SyntheticClipLimit.largestTimeOffsetSeconds else { return .timeOffset }
        return nil
    }
}

extension CalibrationClipJob {
    /// The first limit the job breaks: its clip's (`SyntheticCalibrationClip.brokenLimit`), then its motion's scale
    /// and its gyroscope's noise (rad/s here); nil where it breaks none.
    public var brokenLimit: SyntheticClipLimit? {
        if let broken = clip.brokenLimit { return broken }
        guard motionScale > 0, motionScale <= 1 else { return .motionScale }
        guard gyroNoiseRadiansPerSecond >= 0, gyroNoiseRadiansPerSecond <= Angle.radians(fromDegrees: SyntheticClipLimit.largestGyroNoiseDegreesPerSecond) else { return .gyroNoise }
        return nil
    }
}
