import AttitudeLog
import Logging

/// The attitude a raw log gives when drawn over the video its camera filmed, with the time offset that places it: what
/// `attitude fuse LOG --video CLIP --calibration cal.yaml` writes (through FusionJobs' `FuseOverVideoJob`). `run`,
/// `snapshot` and `render` load a log drawn with `--video` by the same loader (`loadAnyAttitudeLogWithFusion` with
/// `overFootage`, in Scene's request), so that the log written and drawn with the same calibration draws the same die as
/// the raw log over the video.
public struct AttitudeLogOverVideo {
    /// The attitudes, worldFromS (the mount is the drawing's).
    public var log: AttitudeLog
    public var fusion: FusionTrack?
    /// Log time = video time + offset, as the caller's time rule placed the log on its video.
    public var timeOffsetSeconds: Double

    /// Reads `path` (a raw log, or the video itself when it carries its own motion track) for drawing over its video:
    /// its gyroscope less `gyroBiasRadiansPerSecond` (rad/s in S; nil: the gyroscope is taken as it reads), levelled only where its
    /// accelerometer reads gravity alone (`GyroLedAttitude`; a log with a magnetometer is fused 9D for its heading).
    /// `placement` is the time rule, which the caller holds (`Rig.Timeline`): it is given the log read and returns the
    /// time offset that puts it on its video, throwing when at that offset the log covers none of the video's frames.
    public init(path: String, gyroBiasRadiansPerSecond: SIMD3<Double>?, logger: Logger = logLoadingLogger,
                placement: (AttitudeLog) throws -> Double) throws {
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: path, gyroBiasRadiansPerSecond: gyroBiasRadiansPerSecond, overFootage: true,
                                                             logger: logger)
        timeOffsetSeconds = try placement(log)
        self.log = log
        self.fusion = fusion
    }
}
