import ArgumentParser
import CommandLineSupport
import Scene
import Foundation
import SteadyDiceAssets

/// Where the attitude comes from, for `run` and `snapshot`: a log (fused first when raw), one fixed
/// attitude, or imud live; with the magnetometer correction and the recording platform a log takes.
public struct AttitudeSourceOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Attitude log (steady-dice CSV, Sensor Logger Orientation.csv or folder, x-IMU3), "
                                                        + "or a raw IMU log, fused first; demo-attitude names the bundled demo log, which "
                                                        + "run plays when no source is given."),
            transform: { Examples.path(for: $0) })
    public var log: String?

    @Option(parsing: .unconditional, help: "One fixed device-to-world quaternion w,x,y,z (Hamilton, normalised on input) instead of a log.",
            transform: { try QuaternionArgument.parseOption($0) })
    public var attitude: QuaternionArgument?

    @OptionGroup public var imud: IMUDOptions
    @OptionGroup public var magnetometer: MagnetometerOptions
    @OptionGroup public var recording: RecordingOptions

    public init() {}

    /// How many of --log, --attitude and --imud were given.
    public var count: Int { [log != nil, attitude != nil, imud.isSet].filter { $0 }.count }

    /// What the source these options give is timed by: a fixed attitude by none, imud by its arrivals, a log (given or
    /// the default) by its playback.
    public var clock: AttitudeTiming { attitude != nil ? .none : imud.isSet ? .live : .playback }

    /// The magnetometer options correct a raw log's magnetometer: without --log they have nothing to apply to.
    public func validate() throws {
        if log == nil && magnetometer.isSet { throw magnetometerNeedsALog }
    }

    /// The log to play: --log, or else `video` when no source is given and it carries its own motion track
    /// (`VideoOwnLog`, said on stderr); nil when neither.
    public func logPath(video: String?, command: String, required: Bool) throws -> String? {
        try VideoOwnLog.logPath(log: log, sourcesGiven: count, video: video, command: command, required: required)
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
