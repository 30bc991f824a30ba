import AttitudeMath
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging

/// Where a publisher sends packets.
public enum IMUDPublisherOutput: Equatable, Sendable, CustomStringConvertible {
    /// Serve stream subscribers on an AF_UNIX socket at `path` (created; a stale one is replaced).
    case unix(path: String)
    /// Serve stream subscribers on TCP `host:port`; port 0 picks a free port (see `IMUDPublisher.tcpPort`).
    case tcp(host: String, port: UInt16)
    /// Send datagrams to `host:port`: unicast, broadcast or a multicast group.
    case udp(host: String, port: UInt16)

    public var description: String {
        switch self {
        case .unix(let path): return "unix:\(path)"
        case .tcp(let host, let port): return "tcp:\(host):\(port)"
        case .udp(let host, let port): return "udp:\(host):\(port)"
        }
    }

    /// Parses `HOST:PORT` for `--tcp` and `--udp`; `option` names the option in error messages. `lowestPort` is 0
    /// where 0 means "any free port" (a TCP listener), 1 for a destination (UDP), where 0 reaches nothing.
    public static func parseHostPort(_ text: String, option: String, lowestPort: UInt16 = 0) throws -> (host: String, port: UInt16) {
        let fail = { (why: String) in IMUDError("\(option) \"\(text)\": \(why) (expected HOST:PORT with an IPv4 HOST, e.g. 127.0.0.1:10112)") }
        let (host, portText) = try IMUDEndpoint.splitHostPort(text, fail: fail)
        guard IMUDEndpoint.ipv4(host) != nil else { throw fail("\"\(host)\" is not an IPv4 address") }
        guard let port = UInt16(portText), port >= lowestPort else {
            throw fail("the port \"\(portText)\" is not a number from \(lowestPort) to 65535")
        }
        return (host, port)
    }
}

/// Totals of a publisher.
public struct IMUDPublisherStatistics: Equatable, Sendable {
    /// Packets handed to `publish`.
    public var packets = 0
    /// Per-subscriber sends skipped because the subscriber's socket buffer was full.
    public var droppedForSlowSubscribers = 0
    /// Subscribers disconnected after a partial write or a send error.
    public var disconnected = 0
    /// Connections refused because 8 subscribers were already served.
    public var refused = 0
    /// Datagrams the kernel refused.
    public var datagramErrors = 0

    public init() {}
}

/// Speaks imud's stream protocol: serves up to 8 stream subscribers per listener and/or sends datagrams.
///
/// Like imud it never blocks on a subscriber: a full socket buffer drops that packet for that
/// subscriber (it sees an `imu_seq` gap), and a partial write, which would break its framing,
/// disconnects it. Not thread-safe: drive it from one thread.
public final class IMUDPublisher {
    public static let maxSubscribers = 8

    public let mapping: IMUDFrameMapping
    /// The bound TCP port when a `.tcp` output was given.
    public private(set) var tcpPort: UInt16?
    public private(set) var statistics = IMUDPublisherStatistics()
    /// The wire version `packet(worldFromDevice:flags:imuSeq:)` makes: 14 (260 bytes) or 17 (276 bytes).
    public private(set) var wireVersion: UInt16
    public var log: (String) -> Void = { line in Logger(label: "steady-dice.imud").warning("\(line)") }

    private struct Listener { let fd: Int32; let name: String; let isTCP: Bool }
    private struct Subscriber { let fd: Int32; let listener: String }
    private var listeners: [Listener] = []
    private var subscribers: [Subscriber] = []
    private var datagramTargets: [(fd: Int32, address: sockaddr_in)] = []
    private var socketFiles: [Socket.BoundSocketFile] = []
    private var buffer = [UInt8](repeating: 0, count: IMUDPacket.maximumSize)
    private let nedMapping: IMUDFrameMapping

    /// Opens every output now, so address errors surface before replay starts. A `wireVersion` steady-dice does not
    /// write throws `IMUDFieldError` before any output is opened.
    public init(outputs: [IMUDPublisherOutput], mapping: IMUDFrameMapping = IMUDFrameMapping(),
                wireVersion: UInt16 = IMUDPacket.wireVersion) throws {
        self.wireVersion = try IMUDPacket.checkedVersion(wireVersion)
        self.mapping = mapping
        nedMapping = IMUDFrameMapping(coordFrame: .ned, mount: mapping.mount)
        signal(SIGPIPE, SIG_IGN)   // sends use MSG_NOSIGNAL too; this covers anything else
        do {
            for output in outputs {
                switch output {
                case .unix(let path):
                    let (fd, file) = try Socket.listenUnix(path: path)
                    socketFiles.append(file)
                    listeners.append(Listener(fd: fd, name: output.description, isTCP: false))
                case .tcp(let host, let port):
                    let (fd, bound) = try Socket.listenTCP(host: host, port: port)
                    tcpPort = bound
                    listeners.append(Listener(fd: fd, name: "tcp:\(host):\(bound)", isTCP: true))
                case .udp(let host, let port):
                    guard let address = Socket.ipv4Address(host, port) else {
                        throw IMUDError("UDP destination \"\(host)\" is not an IPv4 address")
                    }
                    let fd = try Socket.make(AF_INET, Int32(SOCK_DGRAM.rawValue))
                    Socket.setOption(fd, SOL_SOCKET, SO_BROADCAST, 1)
                    Socket.setNonBlocking(fd)
                    datagramTargets.append((fd, address))
                }
            }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    public var subscriberCount: Int { subscribers.count }

    /// Descriptors that become readable when a subscriber is waiting to be accepted.
    public var listeningDescriptors: [Int32] { listeners.map(\.fd) }

    /// Accepts every waiting subscriber without blocking; beyond 8 per listener they are closed at once.
    public func acceptPendingSubscribers() {
        for listener in listeners {
            while true {
                let fd = accept(listener.fd, nil, nil)
                if fd < 0 { break }
                Socket.setNonBlocking(fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                if subscribers.filter({ $0.listener == listener.name }).count >= IMUDPublisher.maxSubscribers {
                    Glibc.close(fd)
                    statistics.refused += 1
                    log("imud feed: \(listener.name) already serves \(IMUDPublisher.maxSubscribers) subscribers; refused one")
                    continue
                }
                if listener.isTCP { Socket.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1) }
                subscribers.append(Subscriber(fd: fd, listener: listener.name))
            }
        }
    }

    /// Makes the packets that follow in wire version `version`; throws `IMUDFieldError` for one steady-dice does not
    /// write, keeping the version it had.
    public func setWireVersion(_ version: UInt16) throws {
        wireVersion = try IMUDPacket.checkedVersion(version)
    }

    /// A packet for an attitude: quaternion through the frame mapping, Euler angles and heading from the
    /// NED attitude, both clocks read now, and the angular rate (`deviceRate`, rad/s in the device frame)
    /// turned into imud's body frame when given. Every other field is zero.
    public func packet(worldFromDevice: Quaternion, deviceRate: SIMD3<Double>? = nil, flags: IMUDFlags, imuSeq: UInt32) -> IMUDPacket {
        let q = mapping.packetQuaternion(worldFromDevice: worldFromDevice)
        let euler = IMUDEulerAngles(nedFromBody: nedMapping.packetQuaternion(worldFromDevice: worldFromDevice))
        var heading = Float(euler.headingDegrees)
        if heading >= 360 { heading = 0 }
        var packet = IMUDPacket(version: wireVersion, flags: flags, tsWallNs: IMUDClock.wallNanoseconds(),
                                tsTaiNs: IMUDClock.taiNanoseconds(), quaternion: SIMD4(Float(q.w), Float(q.x), Float(q.y), Float(q.z)),
                                pitch: Float(euler.pitch), roll: Float(euler.roll), yaw: Float(euler.yaw),
                                headingDeg: heading, imuSeq: imuSeq)
        if let deviceRate { packet.gyro = SIMD3<Float>(mapping.imuRate(deviceRate: deviceRate)) }
        return packet
    }

    /// Sends one packet to every subscriber and datagram destination, never blocking.
    public func publish(_ packet: IMUDPacket) {
        let count = buffer.withUnsafeMutableBytes { packet.encode(into: $0) }
        buffer.withUnsafeBytes { transmit(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Sends raw bytes as they are (tests use it to inject corrupt frames).
    public func publish(encoded bytes: [UInt8]) {
        bytes.withUnsafeBytes { transmit($0) }
    }

    private func transmit(_ raw: UnsafeRawBufferPointer) {
        statistics.packets += 1
        let flags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        do {
            var kept: [Subscriber] = []
            for subscriber in subscribers {
                let sent = send(subscriber.fd, raw.baseAddress, raw.count, flags)
                if sent == raw.count {
                    kept.append(subscriber)
                } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    statistics.droppedForSlowSubscribers += 1
                    kept.append(subscriber)
                } else {
                    // A partial frame would corrupt the subscriber's framing; a send error means it left.
                    Glibc.close(subscriber.fd)
                    statistics.disconnected += 1
                }
            }
            subscribers = kept
            for target in datagramTargets {
                var address = target.address
                let sent = Socket.withSockaddr(&address) { sendto(target.fd, raw.baseAddress, raw.count, flags, $0, $1) }
                if sent != raw.count { statistics.datagramErrors += 1 }
            }
        }
    }

    /// Closes every socket and removes the AF_UNIX socket files it bound, each only if it is still there (the
    /// same device and inode): a file put at the path meanwhile is left alone. Idempotent.
    public func close() {
        for subscriber in subscribers { Glibc.close(subscriber.fd) }
        for listener in listeners { Glibc.close(listener.fd) }
        for target in datagramTargets { Glibc.close(target.fd) }
        for file in socketFiles { file.removeIfStillOurs() }
        subscribers = []
        listeners = []
        datagramTargets = []
        socketFiles = []
    }
}
