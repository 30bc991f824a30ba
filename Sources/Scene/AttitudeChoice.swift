import AttitudeMath
import IMUD

/// Where the attitude of a drawing comes from, as the command line names it: a log file still to load (by the drawing,
/// `Drawing.input(_:job:)`), or an input a pipeline takes as it is (a fixed attitude, imud, a scene source).
public enum AttitudeChoice {
    case log(LogFile)
    case input(AttitudeInput)

    /// One fixed device-to-world attitude (`--attitude`), named on the HUD by `names`.
    public static func fixed(_ worldFromDevice: Quaternion, names: FixedAttitudeNames = FixedAttitudeNames()) -> AttitudeChoice {
        .input(.fixed(worldFromDevice, names: names))
    }

    /// imud: live for the window, else its first valid packet, waited for up to `timeout` seconds.
    public static func imud(_ configuration: IMUDClient.Configuration, timeout: Double) -> AttitudeChoice {
        .input(.imud(configuration, timeout: timeout))
    }
}
