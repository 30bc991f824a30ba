import LogLoading
import Recording

/// A log file to draw, and how it is read: an attitude log as it is, a raw log fused with `magnetometer`'s correction
/// (and a calibration's gyroscope bias, `DrawingSettings.gyroBiasRadiansPerSecond`), a recording folder read as `platform` writes it.
public struct LogFile: Equatable, Sendable {
    public var path: String
    public var magnetometer: MagnetometerCorrection
    public var platform: SensorLoggerPlatform?

    public init(path: String, magnetometer: MagnetometerCorrection = .none, platform: SensorLoggerPlatform? = nil) {
        self.path = path
        self.magnetometer = magnetometer
        self.platform = platform
    }
}
