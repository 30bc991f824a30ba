import AttitudeLog
import AttitudeMath
import Foundation
import IMUD
import LogLoading

/// What the renderer needs from an attitude source at draw time. Never blocks.
public struct AttitudeReading: Equatable, Sendable {
    /// Device to world; nil when there is none yet.
    public var worldFromDevice: Quaternion?
    /// The attitude is not live or not trusted: draw the die grey.
    public var greyed: Bool
    /// How the HUD names the reference frame now, when the source says so sample by sample (imud's flags);
    /// nil keeps the name the source was set up with.
    public var frame: String? = nil

    public init(worldFromDevice: Quaternion?, greyed: Bool, frame: String? = nil) {
        self.worldFromDevice = worldFromDevice
        self.greyed = greyed
        self.frame = frame
    }
}

/// Every way attitude arrives, behind one protocol: a log playing back (an attitude log, or a raw log fused
/// in-process, Sensor Logger and x-IMU3 folders among them), imud live, or a fixed attitude. Each gives
/// device-to-world attitudes with its mount applied and names its reference frame; its `clock` says how a
/// time offset applies to it (`TimeOffsetControl`).
public protocol AttitudeSource: AnyObject {
    /// What the attitudes are timed by.
    var clock: AttitudeTiming { get }
    /// How the HUD names the reference frame W of the attitudes (a reading may name it sample by sample).
    var frameName: String { get }
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

extension AttitudeSource {
    public var clock: AttitudeTiming { .playback }
    public func togglePause(now: Double) {}
    public func seek(by seconds: Double, now: Double) {}
    public func health(now: Double) -> String { status(now: now) }
    public func fusion(now: Double) -> String { "none" }
    public func begin(now: Double) {}
    public func logTime(now: Double) -> Double? { nil }
}

/// Plays an attitude log in real time.
public final class LogPlaybackSource: AttitudeSource {
    private var playback: Playback
    private let name: String
    private let fusionTrack: FusionTrack?
    private let deviceFromIMU: Quaternion?
    private let startTime: Double
    public let frameName: String

    /// `fusion` is the estimator's track when the log was fused from raw IMU data.
    /// `deviceFromIMU` (the mount R) turns each attitude q into q · R⁻¹; playback starts at log time `startTime`.
    public init(log: AttitudeLog, fusion: FusionTrack? = nil, speed: Double, looping: Bool, now: Double,
                deviceFromIMU: Quaternion? = nil, startTime: Double = 0) throws {
        frameName = SceneSource.frameName(of: log)
        self.deviceFromIMU = deviceFromIMU
        self.startTime = startTime
        playback = try Playback(log: log, now: now, speed: speed, looping: looping)
        if startTime != 0 { playback.seek(to: startTime, now: now) }
        name = URL(fileURLWithPath: log.path).lastPathComponent
        fusionTrack = fusion
    }

    public func reading(now: Double) -> AttitudeReading {
        let q = playback.attitude(atWallTime: now)
        return AttitudeReading(worldFromDevice: deviceFromIMU.map { Frames.worldFromDevice(worldFromIMU: q, deviceFromIMU: $0) } ?? q, greyed: false)
    }

    public func begin(now: Double) { playback.seek(to: startTime, now: now) }
    public func logTime(now: Double) -> Double? { playback.currentTime(now: now) }

    public func togglePause(now: Double) { playback.togglePause(now: now) }
    public func seek(by seconds: Double, now: Double) { playback.seek(by: seconds, now: now) }

    public func status(now: Double) -> String {
        String(format: "%@ %.2f / %.2f s (%@)", name, playback.currentTime(now: now), playback.log.duration, state(now: now))
    }

    public func health(now: Double) -> String {
        String(format: "%.2f/%.2f s %@ %@", playback.currentTime(now: now), playback.log.duration, state(now: now), name)
    }

    public func fusion(now: Double) -> String {
        SceneSource.fusionSummary(fusionTrack, of: playback.log, at: playback.currentTime(now: now))
    }

    private func state(now: Double) -> String {
        playback.isPaused ? "paused" : playback.isFinished(now: now) ? "ended" : "playing"
    }
}

/// One fixed attitude (`--attitude`).
public final class FixedAttitudeSource: AttitudeSource {
    public let worldFromDevice: Quaternion
    /// How the HUD names it.
    public let names: FixedAttitudeNames
    /// The attitude as drawn: a fixed attitude with its mount applied.
    public init(_ worldFromDevice: Quaternion, names: FixedAttitudeNames = FixedAttitudeNames()) {
        self.worldFromDevice = worldFromDevice
        self.names = names
    }
    public var clock: AttitudeTiming { .none }
    public var frameName: String { names.frame }
    public func reading(now: Double) -> AttitudeReading { AttitudeReading(worldFromDevice: worldFromDevice, greyed: false) }
    public func status(now: Double) -> String { "fixed attitude \(worldFromDevice)" }
    public func health(now: Double) -> String { names.source }
}

/// Live attitude from imud. The die is greyed unless imud says fusion has converged and packets arrive.
/// Keeps the last `TimeOffsetControl.liveLimit` + 0.5 seconds of attitudes by arrival time, so a time offset can
/// draw the attitude that arrived a moment before the camera frame (see `TimeOffsetControl`).
public final class IMUDLiveSource: AttitudeSource {
    private let client: IMUDClient
    private let history = AttitudeHistory(span: TimeOffsetControl.liveLimit + 0.5)

    /// The scene source of `client`'s first valid packet, waiting at most `timeout` seconds for it (`snapshot
    /// --imud`); the client is stopped after.
    public static func firstPacket(of configuration: IMUDClient.Configuration, timeout: Double) throws -> SceneSource {
        let client = IMUDClient(configuration)
        defer { client.stop() }
        let first = try client.waitForFirstValid(timeout: timeout)
        let q = first.worldFromDevice
        return SceneSource(worldFromDevice: q, history: [q], frame: SceneSource.imudFrameName(magValid: first.flags.contains(.magValid)),
                           description: "imud, first packet",
                           fusion: client.state == .connected ? "imud's, converged" : "imud's, not converged (starting up)")
    }

    /// Starts a client for `configuration` (its own `onSample` is replaced: every sample goes to the
    /// history), which stops when this source goes.
    public init(configuration: IMUDClient.Configuration) {
        var configuration = configuration
        configuration.onSample = { [history] sample in
            history.append(time: sample.receivedAt, worldFromDevice: sample.worldFromDevice)
        }
        client = IMUDClient(configuration)
        client.start()
    }

    deinit { client.stop() }

    /// The attitude that arrived at `now` (monotonic seconds; earlier than the newest packet with a
    /// negative time offset), interpolated between packets. Before the first packet there is no
    /// attitude to show: the background only, never a made-up one. Grey unless imud is connected and
    /// converged, and while the history does not reach back to `now` yet.
    public func reading(now: Double) -> AttitudeReading {
        guard let found = history.attitude(at: now) else { return AttitudeReading(worldFromDevice: nil, greyed: true) }
        let magValid = client.latest()?.flags.contains(.magValid) ?? false
        return AttitudeReading(worldFromDevice: found.worldFromDevice, greyed: client.state != .connected || found.beforeHistory,
                               frame: SceneSource.imudFrameName(magValid: magValid))
    }

    public var clock: AttitudeTiming { .live }
    public var frameName: String { SceneSource.imudFrameName }

    /// Valid packets counted at a time, one second or more ago: the rate is measured from it.
    private var rateMark: (time: Double, packets: Int)?
    private var rate: Double?

    public func status(now: Double) -> String {
        let stats = client.statistics
        let version = stats.wireVersion.map { ", wire v\($0)" } ?? ""
        return "imud \(client.state)\(version), \(stats.validPackets) packets, \(stats.sequenceGaps) gaps"
    }

    /// Convergence, the packet rate over the last second or more, gaps in imu_seq and packets refused.
    public func health(now: Double) -> String {
        let stats = client.statistics
        if let mark = rateMark, now - mark.time >= 1 {
            rate = Double(stats.validPackets - mark.packets) / (now - mark.time)
            rateMark = (now, stats.validPackets)
        } else if rateMark == nil {
            rateMark = (now, stats.validPackets)
        }
        let d = stats.drops
        let dropped = d.badMagic + d.wrongVersion + d.badCRC + d.truncated + d.oversized + d.invalidAttitude
        let hertz = rate.map { String(format: "%.0f", $0) } ?? "--"
        return "imud \(hertz) Hz, \(stats.sequenceGaps) gaps, \(dropped) drops"
    }

    public func fusion(now: Double) -> String {
        switch client.state {
        case .connected: return "imud's, converged"
        case .startup: return "imud's, not converged (starting up)"
        case .waiting: return "imud's, no packets: waiting"
        case .daemonShutdown: return "imud's, daemon shut down"
        }
    }
}
