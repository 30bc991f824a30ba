import AttitudeMath
import Foundation
import Logging
import TestSupport
import Workers
import XCTest
@testable import IMUD
#if canImport(Glibc)
import Glibc
#endif

/// Hands every message, whatever its level, to `lines`.
struct LinesLogHandler: LogHandler {
    let lines: Locked<[String]>
    /// Seconds the log takes to take each line (a slow terminal), 0 by default.
    var delay: Double = 0
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        lines.append("\(event.message)")
    }
}

extension Locked where Value == [IMUDSample] {
    /// The collected samples' `imuSeq`s, in the order they came.
    var seqs: [UInt32] { current.map(\.imuSeq) }
}

class SocketTestCase: TemporaryFolderTestCase {
    private var clients: [IMUDClient] = []

    override var folderPrefix: String { "imud-test" }
    override var folderHoldsSockets: Bool { true }

    /// The clients stop before their sockets' folder goes.
    override func tearDownWithError() throws {
        clients.forEach { $0.stop() }
        clients = []
        try super.tearDownWithError()
    }

    func socketPath(_ name: String = "imud.sock") -> String { path(name) }

    /// A started client with short timings, its log lines and its delivered samples.
    func startClient(_ endpoint: IMUDEndpoint, coordFrame: IMUDCoordFrame = .ned, mount: IMUDMount = .aligned,
                     start: Bool = true, logDelay: Double = 0) -> (IMUDClient, Locked<[String]>, Locked<[IMUDSample]>) {
        let lines = Locked<[String]>([])
        let collector = Locked<[IMUDSample]>([])
        var configuration = IMUDClient.Configuration(endpoint: endpoint, coordFrame: coordFrame, mount: mount)
        configuration.logger = Logger(label: "test.imud") { _ in LinesLogHandler(lines: lines, delay: logDelay) }
        configuration.onSample = { collector.append($0) }
        configuration.initialBackoff = 0.02
        configuration.maxBackoff = 0.1
        configuration.staleAfter = 1
        let client = IMUDClient(configuration)
        clients.append(client)
        if start { client.start() }
        return (client, lines, collector)
    }

    /// Accepts subscribers until the publisher has `count`.
    func acceptSubscribers(_ publisher: IMUDPublisher, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil("\(count) subscriber(s)", file: file, line: line) {
            publisher.acceptPendingSubscribers()
            return publisher.subscriberCount >= count
        }
    }

    /// A UDP port on 127.0.0.1 that was free a moment ago.
    func freeUDPPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        guard var address = Socket.ipv4Address("127.0.0.1", 0) else { throw IMUDError("no loopback address") }
        guard Socket.withSockaddr(&address, { bind(fd, $0, $1) }) == 0 else { throw IMUDError("bind failed") }
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: bound.sin_port)
    }

    /// A raw AF_UNIX connection that never reads.
    func rawUnixConnection(_ path: String) throws -> Int32 {
        try Socket.connectUnix(path: path)
    }

    func packet(seq: UInt32, flags: IMUDFlags = [.fusionConverged]) -> [UInt8] {
        IMUDPacket(flags: flags, quaternion: SIMD4(1, 0, 0, 0), imuSeq: seq).encoded()
    }
}
