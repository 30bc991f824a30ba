import ArgumentParser
import AttitudeLog
import CommandLineSupport
import IMUD
import SceneCommandLine
import SteadyDiceAssets

/// `steady-dice feed`'s options: the log to replay and how (speed, rate, loop, startup, start time), where to publish
/// it (Unix socket, TCP, UDP), imud's frame, mount and wire version; or the latency benchmark. Checked together
/// before any work.
public struct FeedOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("Attitude log to replay (steady-dice CSV or Sensor Logger Orientation.csv), or a raw IMU log, fused first.", valueName: "file"), transform: { Examples.path(for: $0) })
    public var log: String?

    @OptionGroup public var magnetometer: MagnetometerOptions

    @OptionGroup public var recording: RecordingOptions

    @Option(name: .customLong("unix"), parsing: .unconditional, help: ArgumentHelp("Serve stream subscribers on this AF_UNIX socket path.", valueName: "path"))
    public var unixPath: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Serve stream subscribers on TCP HOST:PORT (imud uses port 10112; port 0 picks one).", valueName: "host:port"))
    public var tcp: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Send datagrams to HOST:PORT: unicast, broadcast or a multicast group (imud uses port 10111).", valueName: "host:port"))
    public var udp: String?

    @Flag(help: "Start again from the first sample after the last.")
    public var loop = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Playback speed; 2 plays twice as fast.", valueName: "x"))
    public var speed: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Packets per second, attitudes slerped between samples (default: one packet per log sample). With --bench, the benchmark rate (default \(String(format: "%g", IMUDLatencyBenchmark.defaultRateHz))).", valueName: "hz"))
    public var rate: Double?

    @OptionGroup public var frame: IMUDCoordFrameOption
    public var coordFrame: IMUDCoordFrame { frame.coordFrame }

    @Option(parsing: .unconditional, help: ArgumentHelp("How the (simulated) IMU sits on the camera: a preset (aligned, yaw90, yaw180, yaw270, roll90, roll180 = upside-down, roll270, pitch90, pitch270) or ROLL,PITCH,YAW degrees, v_camera = Rz(yaw)·Ry(pitch)·Rx(roll)·v_imu (default: aligned).", valueName: "mount"),
            transform: { try IMUDMount.parseOption($0) })
    public var mount: IMUDMount = .aligned

    @Option(name: .customLong("startup-seconds"), parsing: .unconditional, help: ArgumentHelp("Flag the first seconds of log time as startup (not converged), as a settling daemon does.", valueName: "s"))
    public var startupSeconds: Double = 0

    @Flag(name: .customLong("no-gyro"), help: "Leave the packets' gyro_x/y/z at zero: an attitude-only stream. By default they carry the rate the attitudes turn at, in imud's body frame, as imud fills them from its gyroscope.")
    public var noGyro = false

    @Option(name: .customLong("start-at"), parsing: .unconditional, help: ArgumentHelp("Send log time 0 at this CLOCK_MONOTONIC time, seconds (the clock record and run time live frames and packets by): feeds and stand-in cameras given the same instant play in step. Default: at once.", valueName: "s"))
    public var startAt: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("imud wire version to publish: 14 (260 bytes) or 17 (276 bytes, imud 1.7 and later).", valueName: "14|17"))
    public var wire: UInt16 = IMUDPacket.wireVersion

    @Flag(help: "Measure send-to-handover latency over a Unix socket in a temporary folder instead of replaying a log.")
    public var bench = false

    @Option(name: .customLong("bench-seconds"), parsing: .unconditional, help: ArgumentHelp("Length of the --bench run.", valueName: "s"))
    public var benchSeconds: Double = 5

    public func validate() throws {
        guard IMUDPacket.size(ofVersion: wire) != nil else {
            throw ValidationError("--wire \(wire): expected 14 or 17, the imud wire versions steady-dice writes")
        }
        if let rate, !IMUDReplayOptions.isRate(rate) {
            throw ValidationError(String(format: "--rate %@: must be between 0 and %g packets per second", "\(rate)", IMUDReplayOptions.largestRateHz))
        }
        if bench { return }
        if unixPath?.isEmpty == true { throw ValidationError("--unix needs a socket path (an empty one is a socket no subscriber can reach)") }
        guard log != nil else { throw ValidationError("give --log FILE (or --bench)") }
        guard Playback.isSpeed(speed) else { throw ValidationError("--speed \(speed): must be a positive number") }
        guard startupSeconds.isFinite, startupSeconds >= 0 else { throw ValidationError("--startup-seconds must be zero or more") }
        try TimeOptions.checkTime(startupSeconds, option: "--startup-seconds")
        if let startAt { try TimeOptions.checkStart(startAt, option: "--start-at") }
        // A malformed address is the command line's fault, as for `record --imud`.
        do {
            if let tcp { _ = try IMUDPublisherOutput.parseHostPort(tcp, option: "--tcp") }
            if let udp { _ = try IMUDPublisherOutput.parseHostPort(udp, option: "--udp", lowestPort: 1) }
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Where to publish: the Unix socket, the TCP listener and the UDP destination given.
    public func outputs() throws -> [IMUDPublisherOutput] {
        var outputs: [IMUDPublisherOutput] = unixPath.map { [.unix(path: $0)] } ?? []
        if let (host, port) = try tcp.map({ try IMUDPublisherOutput.parseHostPort($0, option: "--tcp") }) { outputs.append(.tcp(host: host, port: port)) }
        if let (host, port) = try udp.map({ try IMUDPublisherOutput.parseHostPort($0, option: "--udp", lowestPort: 1) }) {
            outputs.append(.udp(host: host, port: port))
        }
        return outputs
    }

    /// imud's frame and the mount the packets are written in.
    public var mapping: IMUDFrameMapping { IMUDFrameMapping(coordFrame: coordFrame, mount: mount) }

    /// How the log is replayed.
    public var replay: IMUDReplayOptions {
        IMUDReplayOptions(speed: speed, loop: loop, rateHz: rate, startupSeconds: startupSeconds, angularRate: !noGyro, startAt: startAt)
    }
}
