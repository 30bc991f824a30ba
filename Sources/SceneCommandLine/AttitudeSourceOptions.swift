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
