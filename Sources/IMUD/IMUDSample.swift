import AttitudeMath

/// One valid attitude from imud, mapped into steady-dice's frames.
public struct IMUDSample: Equatable, Sendable {
    /// The device-to-world attitude (docs/conventions.md): what the renderer draws.
    public let worldFromDevice: Quaternion
    /// The packet it came from: wire quaternion, timestamps, flags, sequence number.
    public let packet: IMUDPacket
    /// CLOCK_MONOTONIC seconds at which the client handed the sample over (made it the `latest()`).
    public let receivedAt: Double

    public init(worldFromDevice: Quaternion, packet: IMUDPacket, receivedAt: Double) {
        self.worldFromDevice = worldFromDevice
        self.packet = packet
        self.receivedAt = receivedAt
    }

    public var flags: IMUDFlags { packet.flags }
    public var imuSeq: UInt32 { packet.imuSeq }
    /// CLOCK_REALTIME of the packet, nanoseconds.
    public var tsWallNs: UInt64 { packet.tsWallNs }
    /// CLOCK_TAI of the packet, nanoseconds.
    public var tsTaiNs: UInt64 { packet.tsTaiNs }
    /// Fusion has converged and gyro bias estimation is over: the attitude can be trusted.
    public var isSettled: Bool { flags.contains(.fusionConverged) && !flags.contains(.startup) }
}

/// What the client knows about the daemon; the renderer greys the die unless `connected`.
public enum IMUDConnectionState: String, Equatable, Sendable, CustomStringConvertible {
    /// Not connected, or no valid packet lately: (re)connecting with backoff.
    case waiting
    /// Packets arrive, but imud is still estimating gyro bias (startup flag) or fusion has not converged.
    case startup
    /// Packets arrive and fusion has converged.
    case connected
    /// imud sent its final (shutdown-flagged) packet; the client waits for it to come back.
    case daemonShutdown

    public var description: String {
        switch self {
        case .waiting: return "waiting"
        case .startup: return "startup (fusion not converged)"
        case .connected: return "connected"
        case .daemonShutdown: return "daemon shut down"
        }
    }
}

/// Running totals of a client.
public struct IMUDClientStatistics: Equatable, Sendable {
    /// Packets that passed every check.
    public var validPackets = 0
    /// Packets refused, by reason.
    public var drops = IMUDDropCounts()
    /// Jumps in `imu_seq` larger than its usual step.
    public var sequenceGaps = 0
    /// Packets estimated lost in those jumps.
    public var missedPackets = 0
    /// `imu_seq` went backwards or repeated (a restarted daemon).
    public var sequenceResets = 0
    /// Successful connections (stream transports) or socket binds (UDP).
    public var connections = 0
    /// The wire version of the newest valid packet (14 or 17), nil before the first.
    public var wireVersion: UInt16?
    /// Valid packets by wire version.
    public var packetsByVersion: [UInt16: Int] = [:]

    public init() {}
}
