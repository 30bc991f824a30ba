import SafeText
import ArgumentParser
import AttitudeMath
import CSVText
import Foundation
import IMUD
import SteadyDiceKit

/// The options that take attitude live from imud, shared by `run` and `snapshot`.
struct IMUDOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Take attitude live from imud: unix:PATH, tcp:HOST:PORT or udp:[GROUP@]PORT; "
                               + "`default` is unix:\(IMUDEndpoint.defaultUnixPath).", valueName: "endpoint"))
    var imud: String?

    @Option(name: .customLong("coord-frame"), parsing: .unconditional,
            help: ArgumentHelp("Reference frame of imud's quaternion: ned (imud's default) or enu.", valueName: "ned|enu"))
    var coordFrame: String = "ned"

    var isSet: Bool { imud != nil }

    /// A bad --imud or --coord-frame is a command-line error (exit 64), found before anything starts.
    func validate() throws {
        do {
            _ = try makeClient()
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// A client for the endpoint, not yet started, with the mount of `--mount` or `--calibration`.
    /// Throws a message naming the bad option.
    func makeClient(mount: IMUDMount = .aligned) throws -> IMUDClient? {
        guard let imud else { return nil }
        let endpoint = imud == "default" ? IMUDEndpoint.default : try IMUDEndpoint(parsing: imud, option: "--imud")
        guard let frame = IMUDCoordFrame(name: coordFrame) else {
            throw ValidationError("--coord-frame \(MessageText.quoted(coordFrame)): expected ned or enu")
        }
        return IMUDClient(endpoint: endpoint, coordFrame: frame, mount: mount)
    }
}

/// Live attitude from imud. The die is greyed unless imud says fusion has converged and packets arrive.
/// Keeps the last `AttitudeHistory.liveSpan` seconds of attitudes by arrival time, so a time offset can
/// draw the attitude that arrived a moment before the camera frame (see `TimeOffsetControl`).
final class IMUDAttitudeProvider: AttitudeProvider {
    private let client: IMUDClient
    private let history = AttitudeHistory(span: TimeOffsetControl.liveLimit + 0.5)

    init(client: IMUDClient) {
        self.client = client
        client.onSample = { [history] sample in
            history.append(time: sample.receivedAt, worldFromDevice: sample.worldFromDevice)
        }
        client.start()
    }

    deinit { client.stop() }

    /// The attitude that arrived at `now` (monotonic seconds; earlier than the newest packet with a
    /// negative time offset), interpolated between packets. Before the first packet there is no
    /// attitude to show: the background only, never a made-up one. Grey unless imud is connected and
    /// converged, and while the history does not reach back to `now` yet.
    func reading(now: Double) -> AttitudeReading {
        guard let found = history.attitude(at: now) else { return AttitudeReading(worldFromDevice: nil, greyed: true) }
        let magValid = client.latest()?.flags.contains(.magValid) ?? false
        return AttitudeReading(worldFromDevice: found.worldFromDevice, greyed: client.state != .connected || found.beforeHistory,
                               frame: SceneSource.imudFrameName(magValid: magValid))
    }

    var clock: AttitudeClock { .live }

    /// Valid packets counted at a time, one second or more ago: the rate is measured from it.
    private var rateMark: (time: Double, packets: Int)?
    private var rate: Double?

    func status(now: Double) -> String {
        let stats = client.statistics
        let version = stats.wireVersion.map { ", wire v\($0)" } ?? ""
        return "imud \(client.state)\(version), \(stats.validPackets) packets, \(stats.sequenceGaps) gaps"
    }

    /// Convergence, the packet rate over the last second or more, gaps in imu_seq and packets refused.
    func health(now: Double) -> String {
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

    func fusion(now: Double) -> String {
        switch client.state {
        case .connected: return "imud's, converged"
        case .startup: return "imud's, not converged (starting up)"
        case .waiting: return "imud's, no packets: waiting"
        case .daemonShutdown: return "imud's, daemon shut down"
        }
    }
}
