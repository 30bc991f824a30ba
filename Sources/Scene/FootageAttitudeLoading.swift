import AttitudeLog
import Foundation
import Imaging
import Logging
import LogLoading
import Rig
import SafeText

/// The attitude a raw log gives when drawn over the video its camera filmed: what `run`, `snapshot` and `render` draw
/// with `--video`, and what `attitude fuse LOG --video CLIP --calibration cal.yaml` writes, so that the log written and
/// drawn with the same calibration draws the same die as the raw log over the video.
public struct FootageAttitudeLog {
    /// The attitudes, worldFromS (the mount is the drawing's).
    public var log: AttitudeLog
    public var fusion: FusionTrack?
    /// Log time = video time + offset: the calibration's, else a video's own track's timeline, else 0.
    public var timeOffset: Double

    /// Reads `path` (a raw log, or `video` itself when it carries its own motion track) for drawing over `video`: its
    /// gyroscope less `calibration`'s bias (when the file has one, whatever it determined of the camera and the mount), levelled only where its accelerometer reads gravity
    /// alone (`FootageAttitude`; a log with a magnetometer is fused 9D for its heading). Refused when, at the offset,
    /// the log covers none of the video's frames (`LogMissesTheVideo`).
    public init(path: String, video: String, calibration: String?, logger: Logger = FramePipeline.logger) throws {
        let timing = try calibration.map { try Rig.readTiming(path: $0) }
        if let calibration, timing?.gyroBias == nil {
            logger.info("\(MessageText.line(calibration)): no gyroscope bias written: the gyroscope is taken as it reads")
        }
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: path, gyroBias: timing?.gyroBias, overFootage: true, logger: logger)
        let settings = BackgroundSettings(video: video)
        let calibrationOffset = timing.flatMap { $0.timeOffset.clock == .clip ? $0.timeOffset.seconds : nil }
        let offset = Timeline.offset(given: calibrationOffset, logIsTheVideo: settings.videoIsTheLog(path: path), trackStart: log.startTime)
        try Timeline(offset: offset, hasVideo: true).checkCoverage(logDuration: log.duration, videoEnd: try VideoFrameTimes(path: video).end,
                                                                   log: path, video: video)
        self.log = log
        self.fusion = fusion
        timeOffset = offset
    }

    /// The gyroscope bias a `steady-dice calibrate` file writes (rad/s in S), nil when it writes none, whatever the file
    /// determined of the camera and the mount.
    public static func gyroBias(calibration: String) throws -> SIMD3<Double>? {
        try Rig.readTiming(path: calibration).gyroBias
    }
}
