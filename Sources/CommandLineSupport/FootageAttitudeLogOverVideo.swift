import AttitudeLog
import FileAccess
import Foundation
import Imaging
import Logging
import LogLoading
import Rig
import SafeText

extension FootageAttitudeLog {
    /// Reads `path` (a raw log, or `video` itself when it carries its own motion track) for drawing over `video`, with
    /// `calibration`'s gyroscope bias (when the file has one, whatever it determined of the camera and the mount), placed
    /// on the video by the time rule (`Timeline.offset`: the calibration's offset, else a video's own track's timeline,
    /// else 0). Refused when, at the offset, the log covers none of the video's frames (`LogMissesTheVideo`).
    public init(path: String, video: String, calibration: String?, logger: Logger = Messages.logger) throws {
        let timing = try calibration.map { try Rig.readTiming(path: $0) }
        if let calibration, timing?.gyroBias == nil {
            logger.info("\(MessageText.line(calibration)): no gyroscope bias written: the gyroscope is taken as it reads")
        }
        let calibrationOffset = timing?.timeOffset.seconds(pairing: .clip)
        try self.init(path: path, gyroBias: timing?.gyroBias, logger: logger) { log in
            let offset = Timeline.offset(given: calibrationOffset, logIsTheVideo: InputFile.sameFile(path, video), trackStart: log.startTime)
            try Timeline(offset: offset, hasVideo: true).checkCoverage(logDuration: log.duration, videoEnd: try VideoFrameTimes(path: video).end,
                                                                       log: path, video: video)
            return offset
        }
    }

    /// The gyroscope bias a `steady-dice calibrate` file writes (rad/s in S), nil when it writes none, whatever the file
    /// determined of the camera and the mount.
    public static func gyroBias(calibration: String) throws -> SIMD3<Double>? {
        try Rig.readTiming(path: calibration).gyroBias
    }
}
