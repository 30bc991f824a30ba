import AttitudeLog
import Footage
import Foundation
import Logging
import LogLoading
import Rig
import SafeText

/// What `run`, `snapshot` and `render` draw with, as their parsed options give it, and the steps they share before a
/// pipeline is made: the log loaded (over the background's video when there is one) and its time offset taken by the
/// time rule. Each job's request (`PlaybackRequest`, `SnapshotRequest`, `RenderRequest`) holds one.
public struct Drawing {
    /// How every frame is drawn (`--calibration`, `--time-offset` and the mount already applied).
    public var settings: DrawingSettings
    /// What is drawn behind the die.
    public var background: BackgroundSettings
    /// Where the notes go: the offset a video's own track takes, where a video starts or stops, the drawing's
    /// `DrawingNote`s in the words `notes` gives them.
    public var notes: DrawingNotes
    public var logger: Logger { notes.logger }

    public init(settings: DrawingSettings, background: BackgroundSettings = BackgroundSettings(), notes: DrawingNotes = DrawingNotes()) {
        self.settings = settings
        self.background = background
        self.notes = notes
    }

    /// The log `file` names, loaded for drawing (a raw log's gyroscope less `settings.gyroBiasRadiansPerSecond`, read as footage when
    /// drawn over a video), and the settings it is drawn with: its time rule's offset (`settings(over:path:job:)`, `job`
    /// naming the note).
    func load(_ file: LogFile, job: String) throws -> (log: AttitudeLog, fusion: FusionTrack?, settings: DrawingSettings) {
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: file.path, magnetometer: file.magnetometer, platform: file.platform,
                                                             gyroBiasRadiansPerSecond: settings.gyroBiasRadiansPerSecond,
                                                             overFootage: background.video != nil)
        let drawn = settings(over: log, path: file.path, job: job)
        guard let video = background.video, background.holdsToPicture else { return (log, fusion, drawn) }
        guard fusion != nil else {
            notes.say(.attitudeLogNotHeld(path: file.path))
            return (log, fusion, drawn)
        }
        return (try held(log, over: video, settings: drawn), fusion, drawn)
    }

    /// A raw log's attitude over `video` held to its picture (`PictureHold`), read through the camera and mount the die
    /// is drawn with, as `attitude fuse LOG --video CLIP` writes it.
    func held(_ log: AttitudeLog, over video: String, settings: DrawingSettings) throws -> AttitudeLog {
        try PictureHold.hold(log, video: video, timeOffsetSeconds: settings.clipTimeOffsetSeconds ?? 0, camera: settings.camera.given,
                                deviceFromIMU: settings.deviceFromIMU ?? .identity) {
            logger.info("\(MessageText.line($0))")
        }
    }

    /// What a pipeline draws for `attitude`, and the settings it draws with: a log file loaded (`load(_:job:)`), any
    /// other input as it is with `settings`.
    func input(_ attitude: AttitudeChoice, job: String) throws -> (input: AttitudeInput, settings: DrawingSettings) {
        switch attitude {
        case .input(let input): return (input, settings)
        case .log(let file):
            let (log, fusion, settings) = try load(file, job: job)
            return (.log(log, fusion: fusion, path: file.path), settings)
        }
    }

    /// `settings` with the time offset of `log`, read from `path`, over the background's video, by the one rule
    /// (`Timeline.timeOffsetSeconds`): when none is given and the log is that video itself, the offset that puts its track on the
    /// video, said on the logger (`job` first) when it is not 0.
    func settings(over log: AttitudeLog, path: String, job: String) -> DrawingSettings {
        var settings = self.settings
        guard settings.clipTimeOffsetSeconds == nil else { return settings }
        let start = log.startTime
        let offset = Timeline.timeOffsetSeconds(given: nil, logIsTheVideo: background.videoIsTheLog(path: path), trackStart: start)
        guard offset != 0 else { return settings }
        let note = String(format: "%@: %@'s motion track starts %.4f s %@ its first frame: time offset %+.4f s (log time 0 is video time %.4f s)",
                          job, path, abs(start), start > 0 ? "after" : "before", offset, start)
        logger.info("\(MessageText.line(note))")
        settings.timeOffset = TimeOffset(seconds: offset)
        return settings
    }
}
