import CommandLineSupport
import Rig
import Scene

extension DrawingOptions {
    /// What `run`, `snapshot` and `render` draw with: these options' settings for an attitude source timed by `clock`
    /// (`.live` for `run --imud`; the calibration file read once), their background, and the time offset they give it.
    public func drawing(clock: TimeOffset.Clock) throws -> Drawing {
        let settings = try drawingSettings(clock: clock)
        return Drawing(settings: settings, background: background.settings, notes: .commandLine)
    }
}

extension AttitudeSourceOptions {
    /// The log at `path`, read with these options' magnetometer correction and recording platform.
    public func logFile(_ path: String) -> LogFile {
        LogFile(path: path, magnetometer: magnetometer.correction, platform: recording.platform)
    }

    /// The attitude asked for: `--attitude`; `--imud` with the mount of `drawing`'s options and `applied`'s settings
    /// (the calibration applied), its first packet waited for up to `imudTimeout` seconds by a picture; else `--log`, or
    /// the video that is its own log (`VideoOwnLog`, `required` as it says). Nil when none is given and no video is its
    /// own log.
    public func attitudeChoice(drawing: DrawingOptions, applied: Drawing, imudTimeout: Double, command: String,
                               required: Bool) throws -> AttitudeChoice? {
        if let attitude { return .fixed(attitude.quaternion, names: .attitudeOption) }
        if let imud = try imud.configuration(mount: drawing.attitudeCalibration.imudMount(applied: applied.settings)) {
            return .imud(imud, timeout: imudTimeout)
        }
        return try logPath(video: drawing.background.video, command: command, required: required).map { .log(logFile($0)) }
    }
}
