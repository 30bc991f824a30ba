import AttitudeMath
import Foundation
import MonotonicTime
import TestSupport
import Workers
import XCTest
@testable import IMUD
#if canImport(Glibc)
import Glibc
#endif

final class ClientPublisherTests: SocketTestCase {
    private let attitudes = Array(RandomAttitudes(seed: 21, count: 20))

    /// Publishes `attitudes` and checks that each reaches the client as the same worldFromDevice.
    private func checkEndToEnd(publisher: IMUDPublisher, client: IMUDClient, collector: Locked<[IMUDSample]>, isDatagram: Bool) throws {
        for (index, attitude) in attitudes.enumerated() {
            let packet = publisher.packet(worldFromDevice: attitude, flags: [.fusionConverged], imuSeq: UInt32(index))
            if isDatagram {
                // The client's socket may not be bound yet: repeat the first packet until it is heard.
                waitUntil("the first datagram") {
                    publisher.publish(packet)
                    return client.latest() != nil || index > 0
                }
            }
            publisher.publish(packet)
            waitUntil("packet \(index)") { client.latest()?.imuSeq == UInt32(index) }
            let sample = try XCTUnwrap(client.latest(), "packet \(index) never reached the client")
            XCTAssertLessThan(sample.worldFromDevice.angle(to: attitude), 1e-6)
            XCTAssertEqual(sample.flags, [.fusionConverged])
            XCTAssertGreaterThan(sample.tsWallNs, 0)
            XCTAssertLessThanOrEqual(sample.receivedAt, MonotonicClock.now())
        }
        XCTAssertEqual(client.state, .connected)
        XCTAssertEqual(client.statistics.sequenceGaps, 0)
        XCTAssertEqual(client.statistics.drops.total, 0)
        XCTAssertEqual(Set(collector.seqs), Set((0..<UInt32(attitudes.count))))
    }

    func testUnixSocketEndToEnd() throws {
        let mount = IMUDMount(rollDegrees: 0, pitchDegrees: 0, yawDegrees: 90)
        let publisher = try IMUDPublisher(outputs: [.unix(path: socketPath())], mapping: IMUDFrameMapping(mount: mount))
        let (client, lines, collector) = startClient(.unix(path: socketPath()), mount: mount)
        acceptSubscribers(publisher)
        try checkEndToEnd(publisher: publisher, client: client, collector: collector, isDatagram: false)
        XCTAssertEqual(collector.seqs, Array(0..<UInt32(attitudes.count)))
        XCTAssertTrue(lines.contains("imud at unix:\(socketPath()): connected"), "\(lines.current)")
    }

    func testTCPEndToEndInENU() throws {
        let publisher = try IMUDPublisher(outputs: [.tcp(host: "127.0.0.1", port: 0)], mapping: IMUDFrameMapping(coordFrame: .enu))
        let port = try XCTUnwrap(publisher.tcpPort)
        let (client, _, collector) = startClient(.tcp(host: "127.0.0.1", port: port), coordFrame: .enu)
        acceptSubscribers(publisher)
        try checkEndToEnd(publisher: publisher, client: client, collector: collector, isDatagram: false)
        XCTAssertEqual(collector.seqs, Array(0..<UInt32(attitudes.count)))
    }

    func testUDPEndToEnd() throws {
        let port = try freeUDPPort()
        let publisher = try IMUDPublisher(outputs: [.udp(host: "127.0.0.1", port: port)])
        let (client, _, collector) = startClient(.udp(group: nil, bindAddress: "127.0.0.1", port: port))
        try checkEndToEnd(publisher: publisher, client: client, collector: collector, isDatagram: true)
    }

    func testWaitForFirstValidReturnsTheFirstAttitude() throws {
        let publisher = try IMUDPublisher(outputs: [.tcp(host: "127.0.0.1", port: 0)])
        let port = try XCTUnwrap(publisher.tcpPort)
        let (client, _, _) = startClient(.tcp(host: "127.0.0.1", port: port), start: false)
        let attitude = attitudes[3]
        // nonisolated(unsafe): the publisher is not thread-safe; it is handed over to the sender thread,
        // and this thread does not touch it again.
        nonisolated(unsafe) let handedOver = publisher
        let sender = Thread {
            // Gives up at the deadline only a hang reaches; then waitForFirstValid times out and says so.
            let deadline = Date(timeIntervalSinceNow: 10)
            while handedOver.subscriberCount == 0 && Date() < deadline { handedOver.acceptPendingSubscribers(); usleep(1000) }
            handedOver.publish(handedOver.packet(worldFromDevice: attitude, flags: [], imuSeq: 77))
        }
        sender.start()
        let sample = try client.waitForFirstValid(timeout: 3)
        XCTAssertEqual(sample.imuSeq, 77)
        XCTAssertLessThan(sample.worldFromDevice.angle(to: attitudes[3]), 1e-6)
        XCTAssertEqual(client.state, .startup, "no fusion_converged flag: the die should be greyed")
    }

    // MARK: - Bad input

    func testMissingSocketPathTimesOutNamingTheEndpoint() throws {
        let path = socketPath("missing.sock")
        let (client, lines, _) = startClient(.unix(path: path), start: false)
        let started = MonotonicClock.now()
        XCTAssertThrowsError(try client.waitForFirstValid(timeout: 0.3)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("no valid imud packet from unix:\(path) within 0.3 s"), message)
            XCTAssertTrue(message.contains("does not exist"), message)
        }
        // It waited out its timeout (load can only lengthen the wait, never shorten it); that it returned
        // at all is what tells it from a hang. How soon after 0.3 s it returns is not this test's business.
        XCTAssertGreaterThanOrEqual(MonotonicClock.now() - started, 0.3 - 0.001)
        XCTAssertEqual(client.state, .waiting)
        XCTAssertNil(client.latest())
        XCTAssertTrue(lines.contains("waiting for imud at unix:\(path)"), "\(lines.current)")
        XCTAssertEqual(lines.current.filter { $0.contains("waiting for imud") }.count, 1, "said once per outage")
    }

    func testCorruptFramesMixedIntoATCPStreamAreDroppedAndCounted() throws {
        let publisher = try IMUDPublisher(outputs: [.tcp(host: "127.0.0.1", port: 0)])
        let (client, _, collector) = startClient(.tcp(host: "127.0.0.1", port: try XCTUnwrap(publisher.tcpPort)))
        acceptSubscribers(publisher)
        var corrupt = packet(seq: 2)
        corrupt[120] ^= 0x10
        for piece in [packet(seq: 0), (0..<37).map { UInt8($0) }, packet(seq: 1), corrupt,
                      PacketTests.withVersion(13, from: packet(seq: 3)), Array(packet(seq: 4)[0..<100]),
                      packet(seq: 5), packet(seq: 6)] {
            publisher.publish(encoded: piece)
        }
        waitUntil("seq 6") { client.latest()?.imuSeq == 6 }
        XCTAssertEqual(collector.seqs, [0, 1, 5, 6])
        let drops = client.statistics.drops
        XCTAssertEqual(drops.badMagic, 1)
        XCTAssertEqual(drops.badCRC, 1)
        XCTAssertEqual(drops.wrongVersion, 1)
        XCTAssertEqual(drops.truncated, 1)
        XCTAssertEqual(client.state, .connected)
    }

    func testCorruptDatagramsAreDroppedAndCounted() throws {
        let port = try freeUDPPort()
        let publisher = try IMUDPublisher(outputs: [.udp(host: "127.0.0.1", port: port)])
        let (client, _, collector) = startClient(.udp(group: nil, bindAddress: "127.0.0.1", port: port))
        waitUntil("the first datagram") {
            publisher.publish(encoded: packet(seq: 0))
            return client.latest() != nil
        }
        var corrupt = packet(seq: 2)
        corrupt[200] ^= 0x01
        var wrongMagic = packet(seq: 3)
        wrongMagic[0] = 0x45
        PacketTests.fixCRC(&wrongMagic)
        for piece in [corrupt, wrongMagic, PacketTests.withVersion(15, from: packet(seq: 4)), Array(packet(seq: 5)[0..<259]),
                      packet(seq: 6) + [0], packet(seq: 7)] {
            publisher.publish(encoded: piece)
        }
        waitUntil("seq 7") { client.latest()?.imuSeq == 7 }
        XCTAssertEqual(collector.seqs.filter { $0 != 0 }, [7])
        let drops = client.statistics.drops
        XCTAssertEqual([drops.badCRC, drops.badMagic, drops.wrongVersion, drops.truncated, drops.oversized], [1, 1, 1, 1, 1])
    }

    /// A state's line is said before the state shows: a test (or a user) that sees `connected` or `waiting` finds its
    /// line on the log, even when the log is slow to take it (here 0.2 s a line). The state once showed first.
    func testEachStatesLineIsSaidBeforeTheStateShows() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, lines, _) = startClient(.unix(path: path), logDelay: 0.2)
        acceptSubscribers(publisher)
        publisher.publish(encoded: packet(seq: 0))
        waitUntil("connected") { client.state == .connected }
        XCTAssertTrue(lines.contains("imud at unix:\(path): connected"), "\(lines.current)")
        publisher.close()
        waitUntil("the client to notice") { client.state == .waiting }
        XCTAssertTrue(lines.contains("waiting for imud at unix:\(path) (imud closed the connection)"), "\(lines.current)")
    }

    func testDaemonDyingMidFrameThenRestartingIsRecovered() throws {
        let path = socketPath()
        var publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, lines, _) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        publisher.publish(encoded: packet(seq: 0))
        waitUntil("seq 0") { client.latest()?.imuSeq == 0 }
        publisher.publish(encoded: Array(packet(seq: 1)[0..<100]))
        publisher.close()
        waitUntil("the client to notice") { client.state == .waiting }
        XCTAssertEqual(client.statistics.drops.truncated, 1)
        XCTAssertTrue(lines.contains("waiting for imud at unix:\(path) (imud closed the connection)"), "\(lines.current)")
        XCTAssertEqual(client.latest()?.imuSeq, 0, "the last attitude stays; the state says it is stale")

        publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        defer { publisher.close() }
        acceptSubscribers(publisher)
        publisher.publish(publisher.packet(worldFromDevice: attitudes[5], flags: [.fusionConverged], imuSeq: 500))
        waitUntil("the restarted daemon's packet") { client.latest()?.imuSeq == 500 }
        XCTAssertLessThan(try XCTUnwrap(client.latest()).worldFromDevice.angle(to: attitudes[5]), 1e-6)
        XCTAssertEqual(client.state, .connected)
        XCTAssertEqual(client.statistics.connections, 2)
        XCTAssertEqual(client.statistics.sequenceResets, 0, "a new connection starts a new sequence")
    }

    func testStateFollowsStartupConvergedAndShutdownFlags() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, lines, _) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        publisher.publish(encoded: packet(seq: 0, flags: [.startup]))
        waitUntil("startup") { client.state == .startup }
        publisher.publish(encoded: packet(seq: 1, flags: [.fusionConverged]))
        waitUntil("connected") { client.state == .connected }
        publisher.publish(encoded: packet(seq: 2, flags: [.fusionConverged, .shutdown]))
        waitUntil("shutdown") { client.state == .daemonShutdown }
        publisher.close()
        // The client has seen the connection close (it says so) and still reports the shutdown.
        waitUntil("the client to notice the close") { lines.contains("imud closed the connection") }
        XCTAssertEqual(client.state, .daemonShutdown, "stays distinguishable from a daemon that never came")
        XCTAssertTrue(lines.contains("shut down"), "\(lines.current)")
        XCTAssertThrowsError(try client.waitForFirstValid(timeout: 0.05), "a shutdown packet is not a valid first attitude")
    }

    func testSequenceGapsAreCountedAndReported() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, lines, _) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        for seq: UInt32 in [0, 1, 2, 5, 6] { publisher.publish(encoded: packet(seq: seq)) }
        waitUntil("seq 6") { client.latest()?.imuSeq == 6 }
        XCTAssertEqual(client.statistics.sequenceGaps, 1)
        XCTAssertEqual(client.statistics.missedPackets, 2)
        XCTAssertTrue(lines.contains("imu_seq gap, 2 packet(s) missed"), "\(lines.current)")
    }

    func testSequenceStepsOfAnIMUSampleCounterAreNotGaps() throws {
        // imud counts IMU samples (833 Hz) but may publish at 100 Hz: steps of 8 or 9 are normal.
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let (client, _, _) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        for seq: UInt32 in [0, 8, 17, 25, 33, 42, 59, 67] { publisher.publish(encoded: packet(seq: seq)) }
        waitUntil("seq 67") { client.latest()?.imuSeq == 67 }
        XCTAssertEqual(client.statistics.sequenceGaps, 1)
        XCTAssertEqual(client.statistics.missedPackets, 1)
    }

    // MARK: - Publisher policy

    func testASlowSubscriberNeverBlocksThePublisher() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let idle = try rawUnixConnection(path)
        defer { close(idle) }
        acceptSubscribers(publisher)
        // A subscriber that never reads fills its socket buffer within a few hundred packets: a publisher that
        // blocked on it would never finish the 4,000, so finishing at all (by a deadline only a hang reaches) is
        // the check. How fast publish is goes to `steady-dice feed --bench`, not here.
        let packets = (0..<4000).map { packet(seq: UInt32($0)) }
        nonisolated(unsafe) let handedOver = publisher
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for piece in packets { handedOver.publish(encoded: piece) }
            finished.signal()
        }.start()
        guard finished.wait(timeout: .now() + 30) == .success else {
            return XCTFail("publishing 4,000 packets beside an idle subscriber did not finish within 30 s: it blocks")
        }
        let stats = publisher.statistics
        XCTAssertGreaterThan(stats.droppedForSlowSubscribers + stats.disconnected, 0)
        XCTAssertEqual(stats.packets, 4000)
    }

    func testAtMostEightSubscribers() throws {
        let path = socketPath()
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        let connections = try (0..<9).map { _ in try rawUnixConnection(path) }
        defer { connections.forEach { close($0) } }
        waitUntil("9 connection attempts") {
            publisher.acceptPendingSubscribers()
            return publisher.subscriberCount + publisher.statistics.refused == 9
        }
        XCTAssertEqual(publisher.subscriberCount, 8)
        XCTAssertEqual(publisher.statistics.refused, 1)
    }

    func testAStaleSocketFileLeftByAKilledPublisherIsReplaced() throws {
        let path = socketPath()
        var address = try Socket.unixAddress(path)
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertEqual(Socket.withSockaddr(&address) { bind(stale, $0, $1) }, 0)
        close(stale)   // the file stays, as after kill -9
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        defer { publisher.close() }
        let (client, _, _) = startClient(.unix(path: path))
        acceptSubscribers(publisher)
        publisher.publish(encoded: packet(seq: 4))
        waitUntil("seq 4") { client.latest()?.imuSeq == 4 }
    }

    func testALiveSocketOrAFileIsNeverReplaced() throws {
        let path = socketPath()
        let first = try IMUDPublisher(outputs: [.unix(path: path)])
        defer { first.close() }
        XCTAssertThrowsError(try IMUDPublisher(outputs: [.unix(path: path)])) { error in
            XCTAssertTrue("\(error)".contains("already serving \(path)"), "\(error)")
        }
        let file = socketPath("plain-file")
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        XCTAssertThrowsError(try IMUDPublisher(outputs: [.unix(path: file)])) { error in
            XCTAssertTrue("\(error)".contains("is not a socket"), "\(error)")
        }
        first.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "close removes the socket file")
    }
}
