import ArgumentParser
import AttitudeLog
import AttitudeMath
import Foundation
import FusionOptions
import RawLog
import Recording
import SteadyDiceKit

/// What the renderer needs from an attitude source at draw time. Never blocks.
struct AttitudeReading {
    /// Device to world; nil when there is none yet.
    var worldFromDevice: Quaternion?
    /// The attitude is not live or not trusted: draw the die grey.
    var greyed: Bool
    /// How the HUD names the reference frame now, when the source says so sample by sample (imud's flags);
    /// nil keeps the name the source was set up with.
    var frame: String? = nil
}

/// A source of device-to-world attitudes for the app: a log playing back, or a live daemon.
protocol AttitudeProvider: AnyObject {
    /// What the attitudes are timed by.
    var clock: AttitudeClock { get }
    /// The attitude to draw at monotonic time `now` (seconds).
    func reading(now: Double) -> AttitudeReading
    /// Space: pause or resume. Live sources ignore it.
    func togglePause(now: Double)
    /// Left/Right: move playback by `seconds`. Live sources ignore it.
    func seek(by seconds: Double, now: Double)
    /// A one-line status for the window title.
    func status(now: Double) -> String
    /// The source and its health for the HUD, short enough for its line, most telling part first.
    func health(now: Double) -> String
    /// Who fused the attitude and how that goes, for the HUD.
    func fusion(now: Double) -> String
    /// The first frame is about to be drawn at `now`: a log starts playing from its start time here, not
    /// when it was loaded, so the window's setup costs no log time.
    func begin(now: Double)
    /// Log time shown at `now`, for sources that play a log; nil for live and fixed ones.
    func logTime(now: Double) -> Double?
}

extension AttitudeProvider {
    var clock: AttitudeClock { .playback }
    func togglePause(now: Double) {}
    func seek(by seconds: Double, now: Double) {}
    func health(now: Double) -> String { status(now: now) }
    func fusion(now: Double) -> String { "none" }
    func begin(now: Double) {}
    func logTime(now: Double) -> Double? { nil }
}

/// Plays an attitude log in real time.
final class LogPlaybackProvider: AttitudeProvider {
    private var playback: Playback
    private let name: String
    private let fusionTrack: FusionTrack?
    private let mount: Quaternion?
    private let startTime: Double

    /// `fusion` is the estimator's track when the log was fused from raw IMU data.
    /// `mount` R turns each attitude q into q · R⁻¹; playback starts at log time `startTime`.
    init(log: AttitudeLog, fusion: FusionTrack? = nil, speed: Double, looping: Bool, now: Double,
         mount: Quaternion? = nil, startTime: Double = 0) throws {
        self.mount = mount
        self.startTime = startTime
        playback = try Playback(log: log, now: now, speed: speed, looping: looping)
        if startTime != 0 { playback.seek(to: startTime, now: now) }
        name = URL(fileURLWithPath: log.path).lastPathComponent
        fusionTrack = fusion
    }

    func reading(now: Double) -> AttitudeReading {
        let q = playback.attitude(atWallTime: now)
        return AttitudeReading(worldFromDevice: mount.map { (q * $0.conjugate).normalized() ?? q } ?? q, greyed: false)
    }

    func begin(now: Double) { playback.seek(to: startTime, now: now) }
    func logTime(now: Double) -> Double? { playback.currentTime(now: now) }

    func togglePause(now: Double) { playback.togglePause(now: now) }
    func seek(by seconds: Double, now: Double) { playback.seek(by: seconds, now: now) }

    func status(now: Double) -> String {
        String(format: "%@ %.2f / %.2f s (%@)", name, playback.currentTime(now: now), playback.log.duration, state(now: now))
    }

    func health(now: Double) -> String {
        String(format: "%.2f/%.2f s %@ %@", playback.currentTime(now: now), playback.log.duration, state(now: now), name)
    }

    func fusion(now: Double) -> String {
        SceneSource.fusionSummary(fusionTrack, of: playback.log, at: playback.currentTime(now: now))
    }

    private func state(now: Double) -> String {
        playback.isPaused ? "paused" : playback.isFinished(now: now) ? "ended" : "playing"
    }
}

/// One fixed attitude (`--attitude`).
final class FixedAttitudeProvider: AttitudeProvider {
    let worldFromDevice: Quaternion
    init(_ worldFromDevice: Quaternion) { self.worldFromDevice = worldFromDevice }
    var clock: AttitudeClock { .none }
    func reading(now: Double) -> AttitudeReading { AttitudeReading(worldFromDevice: worldFromDevice, greyed: false) }
    func status(now: Double) -> String { "fixed attitude \(worldFromDevice)" }
    func health(now: Double) -> String { "fixed attitude (--attitude)" }
}

/// Reads an attitude log of any supported kind. A raw IMU log (gyroscope and accelerometer columns:
/// raw CSV, x-io CSV, plain or .xz, or a Sensor Logger or x-IMU3 folder with raw streams) is fused
/// in-process (see `loadAnyAttitudeLog`). `platform` overrides a Sensor Logger folder's Metadata.csv.
func loadAttitudeLog(path: String, magnetometer: MagnetometerOptions? = nil,
                     platform: SensorLoggerPlatform? = nil) throws -> AttitudeLog {
    try loadAnyAttitudeLog(path: path, magnetometer: magnetometer, platform: platform, program: "steady-dice")
}

/// `loadAttitudeLog`, with the estimator's track when the log was fused in-process.
func loadAttitudeLogWithFusion(path: String, magnetometer: MagnetometerOptions?,
                               platform: SensorLoggerPlatform? = nil) throws -> (log: AttitudeLog, fusion: FusionTrack?) {
    try loadAnyAttitudeLogWithFusion(path: path, magnetometer: magnetometer, platform: platform, program: "steady-dice")
}

/// The magnetometer options given without a raw log to apply them to.
let magnetometerNeedsALog = ValidationError("--mag-offset and --mag-calibrate apply to a raw IMU log given with --log")
