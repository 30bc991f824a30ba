import ArgumentParser
import AttitudeLog
import AttitudeMath
import Foundation
import FusionOptions
import RawLog
import Recording

/// What the renderer needs from an attitude source at draw time. Never blocks.
struct AttitudeReading {
    /// Device to world; nil when there is none yet.
    var worldFromDevice: Quaternion?
    /// The attitude is not live or not trusted: draw the die grey.
    var greyed: Bool
}

/// A source of device-to-world attitudes for the app: a log playing back, or a live daemon.
protocol AttitudeProvider: AnyObject {
    /// The attitude to draw at monotonic time `now` (seconds).
    func reading(now: Double) -> AttitudeReading
    /// Space: pause or resume. Live sources ignore it.
    func togglePause(now: Double)
    /// Left/Right: move playback by `seconds`. Live sources ignore it.
    func seek(by seconds: Double, now: Double)
    /// A one-line status for the window title.
    func status(now: Double) -> String
}

extension AttitudeProvider {
    func togglePause(now: Double) {}
    func seek(by seconds: Double, now: Double) {}
}

/// Plays an attitude log in real time.
final class LogPlaybackProvider: AttitudeProvider {
    private var playback: Playback
    private let name: String

    init(log: AttitudeLog, speed: Double, looping: Bool, now: Double) throws {
        playback = try Playback(log: log, now: now, speed: speed, looping: looping)
        name = URL(fileURLWithPath: log.path).lastPathComponent
    }

    func reading(now: Double) -> AttitudeReading {
        AttitudeReading(worldFromDevice: playback.attitude(atWallTime: now), greyed: false)
    }

    func togglePause(now: Double) { playback.togglePause(now: now) }
    func seek(by seconds: Double, now: Double) { playback.seek(by: seconds, now: now) }

    func status(now: Double) -> String {
        let state = playback.isPaused ? "paused" : playback.isFinished(now: now) ? "ended" : "playing"
        return String(format: "%@ %.2f / %.2f s (%@)", name, playback.currentTime(now: now), playback.log.duration, state)
    }
}

/// One fixed attitude (`--attitude`).
final class FixedAttitudeProvider: AttitudeProvider {
    let worldFromDevice: Quaternion
    init(_ worldFromDevice: Quaternion) { self.worldFromDevice = worldFromDevice }
    func reading(now: Double) -> AttitudeReading { AttitudeReading(worldFromDevice: worldFromDevice, greyed: false) }
    func status(now: Double) -> String { "fixed attitude \(worldFromDevice)" }
}

/// Reads an attitude log of any supported kind. A raw IMU log (gyroscope and accelerometer columns:
/// raw CSV, x-io CSV, plain or .xz, or a Sensor Logger or x-IMU3 folder with raw streams) is fused
/// in-process: 9D into xMagneticNorthZVertical when it has a magnetometer, else 6D into
/// xArbitraryZVertical. Anything else is read as an attitude log: steady-dice CSV, Sensor Logger's
/// Orientation.csv, x-IMU3's Quaternion.csv, or a folder holding one of those. `magnetometer`
/// calibrates a raw log's magnetometer first, and is refused for an attitude log. `platform`
/// overrides a Sensor Logger folder's Metadata.csv. What the readers decided goes to stderr.
func loadAttitudeLog(path: String, magnetometer: MagnetometerOptions = MagnetometerOptions(),
                     platform: SensorLoggerPlatform? = nil) throws -> AttitudeLog {
    guard RawLogReader.isRawLog(path: path) else {
        if magnetometer.isSet {
            throw AppError("\(path): --mag-offset and --mag-calibrate apply to raw IMU logs, and this is an attitude log")
        }
        let log = try AttitudeLog.load(path: path, platform: platform)
        reportReading(warnings: log.warnings, tool: "steady-dice")
        return log
    }
    let (raw, calibration) = try magnetometer.apply(to: RawLogReader.read(path: path, platform: platform))
    reportReading(raw, tool: "steady-dice")
    if let calibration {
        FileHandle.standardError.write(Data("steady-dice: \(path): magnetometer \(calibration), subtracted\n".utf8))
    }
    let mode = RawLogFusion.naturalMode(of: raw)
    let frame = RawLogFusion.naturalFrame(of: mode)
    FileHandle.standardError.write(Data("steady-dice: fusing \(raw.count) raw samples of \(path) (\(mode.rawValue)) into \(frame.rawValue)\n".utf8))
    let fused = try RawLogFusion.fuse(log: raw, frame: .reference(frame), mode: mode)
    return try AttitudeLog(samples: fused.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromSensor) }, frame: frame, path: path)
}

/// The magnetometer options given without a raw log to apply them to.
let magnetometerNeedsALog = ValidationError("--mag-offset and --mag-calibrate apply to a raw IMU log given with --log")
