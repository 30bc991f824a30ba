import AttitudeMath
import Foundation
import TestSupport
import Workers
import XCTest
@testable import IMUD
#if canImport(Glibc)
import Glibc
#endif

/// imud 1.7's wire version 17 (276 bytes): decoded, framed among version 14 packets and garbage,
/// received over every transport, and counted by version.
final class WireVersion17Tests: SocketTestCase {
    /// The golden packet of `PacketTests` as imud 1.7 writes it, byte by byte from spec.md §8, not by the
    /// encoder: version 17, then after v14's 256 bytes of fields innov_weight 0.75 (0x3F400000),
    /// innov_reject 0.125 (0x3E000000), nis_accel 7.25 (0x40E80000), nis_mag 1.5 (0x3FC00000) at 256-271,
    /// and the CRC-32 of bytes 0-271, c5 8e f4 14, computed independently with Python's zlib.crc32.
    static let goldenBytes: [UInt8] = {
        var b = Array(PacketTests.goldenBytes[0..<256]) + [UInt8](repeating: 0, count: 20)
        func put(_ offset: Int, _ bytes: [UInt8]) { b.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        put(4, [0x11, 0x00])                   // version 17
        put(256, [0x00, 0x00, 0x40, 0x3F])     // innov_weight
        put(260, [0x00, 0x00, 0x00, 0x3E])     // innov_reject
        put(264, [0x00, 0x00, 0xE8, 0x40])     // nis_accel
        put(268, [0x00, 0x00, 0xC0, 0x3F])     // nis_mag
        put(272, [0xC5, 0x8E, 0xF4, 0x14])     // crc32 of bytes 0-271
        return b
    }()

    static var goldenPacket: IMUDPacket {
        var packet = PacketTests.goldenPacket
        packet.version = 17
        packet.innovWeight = 0.75
        packet.innovReject = 0.125
        packet.nisAccel = 7.25
        packet.nisMag = 1.5
        return packet
    }

    // MARK: - Packets

    func testDecoderAndEncoderAgreeWithTheHandWrittenBytes() throws {
        XCTAssertEqual(WireVersion17Tests.goldenBytes.count, 276)
        let decoded = try IMUDPacket.decode(datagram: WireVersion17Tests.goldenBytes).get()
        XCTAssertEqual(decoded, WireVersion17Tests.goldenPacket)
        XCTAssertEqual(WireVersion17Tests.goldenPacket.encoded(), WireVersion17Tests.goldenBytes)
        // The attitude is mapped exactly as version 14's.
        let v14 = try IMUDPacket.decode(datagram: PacketTests.goldenBytes).get()
        XCTAssertEqual(decoded.quaternion, v14.quaternion)
        XCTAssertEqual(decoded.flags, v14.flags)
        XCTAssertEqual(decoded.imuSeq, v14.imuSeq)
    }

    func testEveryByteOfAVersion17PacketIsCoveredByItsCRC() {
        for offset in [0, 100, 255, 256, 271] {
            var bytes = WireVersion17Tests.goldenBytes
            bytes[offset] ^= 0x01
            guard case .failure(let reason) = IMUDPacket.decode(datagram: bytes) else { return XCTFail("byte \(offset) accepted") }
            XCTAssertEqual(reason, offset < 4 ? .badMagic : .badCRC, "byte \(offset)")
        }
    }

    func testLengthsFollowTheVersionAndAnUnknownVersionIsRefused() {
        func reason(_ bytes: [UInt8]) -> IMUDDropReason? {
            if case .failure(let reason) = IMUDPacket.decode(datagram: bytes) { return reason }
            return nil
        }
        let golden = WireVersion17Tests.goldenBytes
        XCTAssertEqual(reason(Array(golden[0..<260])), .truncated, "a v17 packet cut to v14's length")
        XCTAssertEqual(reason(golden + [0]), .oversized)
        // Version 18 (288 bytes in imud's newest spec) with a valid CRC: not a version steady-dice reads.
        var v18 = golden + [UInt8](repeating: 0, count: 12)
        v18[4] = 18
        let crc = CRC32.checksum(Array(v18[0..<284]))
        v18.replaceSubrange(284..<288, with: withUnsafeBytes(of: crc.littleEndian, Array.init))
        XCTAssertEqual(reason(v18), .wrongVersion)
    }

    // MARK: - Framing

    /// v14 and v17 packets with garbage between them, split at every byte boundary.
    private func mixedStream() -> (bytes: [UInt8], seqs: [UInt32]) {
        var bytes: [UInt8] = [], seqs: [UInt32] = []
        for seq in UInt32(0)..<8 {
            let version: UInt16 = seq % 2 == 0 ? 17 : 14
            bytes += IMUDPacket(version: version, flags: [.fusionConverged], imuSeq: seq).encoded()
            seqs.append(seq)
            if seq % 3 == 1 { bytes += (0..<UInt8(13 + seq)).map { $0 &* 7 } }   // garbage between packets
        }
        return (bytes, seqs)
    }

    func testTheFramerCutsAMixedStreamWithGarbageAtEveryBoundary() {
        let (bytes, seqs) = mixedStream()
        for split in stride(from: 1, to: bytes.count, by: 7) {
            var framer = IMUDStreamFramer()
            var got: [IMUDPacket] = []
            framer.append(Array(bytes[0..<split]))
            while let packet = framer.nextPacket() { got.append(packet) }
            framer.append(Array(bytes[split...]))
            while let packet = framer.nextPacket() { got.append(packet) }
            XCTAssertEqual(got.map(\.imuSeq), seqs, "split at \(split)")
            XCTAssertEqual(got.map(\.version), seqs.map { $0 % 2 == 0 ? 17 : 14 })
            XCTAssertEqual(framer.counts.badMagic, 3, "three runs of garbage, after seqs 1, 4 and 7")
            XCTAssertEqual(framer.counts.total, 3)
        }
    }

    // MARK: - End to end

    /// Publishes the mixed stream with garbage between packets and checks every packet arrives with its version.
    private func checkMixed(publisher: IMUDPublisher, client: IMUDClient, lines: Locked<[String]>, collector: Locked<[IMUDSample]>,
                            isDatagram: Bool) throws {
        let attitudes = Array(RandomAttitudes(seed: 17, count: 12))
        for (index, attitude) in attitudes.enumerated() {
            try publisher.setWireVersion(index % 3 == 0 ? 14 : 17)
            let packet = publisher.packet(worldFromDevice: attitude, flags: [.fusionConverged], imuSeq: UInt32(index))
            if isDatagram && index == 0 {
                waitUntil("the first datagram") {
                    publisher.publish(packet)
                    return client.latest() != nil
                }
            }
            publisher.publish(packet)
            publisher.publish(encoded: [0x44, 0x55, 0x00, 0x01, 0x02] + Array(repeating: UInt8(index), count: 9))
            waitUntil("packet \(index)") { client.latest()?.imuSeq == UInt32(index) }
            let sample = try XCTUnwrap(client.latest(), "packet \(index) never reached the client")
            XCTAssertEqual(sample.packet.version, publisher.wireVersion)
            XCTAssertLessThan(sample.worldFromDevice.angle(to: attitude), 1e-6)
        }
        let stats = client.statistics
        XCTAssertEqual(stats.wireVersion, 17)
        XCTAssertEqual(stats.packetsByVersion[17] ?? 0, 8)
        XCTAssertGreaterThanOrEqual(stats.packetsByVersion[14] ?? 0, 4)
        XCTAssertEqual(stats.drops.wrongVersion, 0)
        XCTAssertGreaterThan(stats.drops.badMagic, 0, "the garbage was seen and dropped")
        XCTAssertEqual(Set(collector.seqs), Set(0..<UInt32(attitudes.count)))
        let endpoint = client.endpoint
        XCTAssertTrue(lines.contains("imud at \(endpoint): wire version 14 (260 bytes)"), "\(lines.current)")
        XCTAssertTrue(lines.contains("imud at \(endpoint): wire version 17 (276 bytes), was 14"), "\(lines.current)")
    }

    func testVersion17AndAMixedStreamOverAUnixSocket() throws {
        let publisher = try IMUDPublisher(outputs: [.unix(path: socketPath())])
        let (client, lines, collector) = startClient(.unix(path: socketPath()))
        acceptSubscribers(publisher)
        try checkMixed(publisher: publisher, client: client, lines: lines, collector: collector, isDatagram: false)
    }

    func testVersion17AndAMixedStreamOverTCP() throws {
        let publisher = try IMUDPublisher(outputs: [.tcp(host: "127.0.0.1", port: 0)])
        let (client, lines, collector) = startClient(.tcp(host: "127.0.0.1", port: try XCTUnwrap(publisher.tcpPort)))
        acceptSubscribers(publisher)
        try checkMixed(publisher: publisher, client: client, lines: lines, collector: collector, isDatagram: false)
    }

    func testVersion17AndMixedDatagramsOverUDP() throws {
        let port = try freeUDPPort()
        let publisher = try IMUDPublisher(outputs: [.udp(host: "127.0.0.1", port: port)])
        let (client, lines, collector) = startClient(.udp(group: nil, bindAddress: "127.0.0.1", port: port))
        try checkMixed(publisher: publisher, client: client, lines: lines, collector: collector, isDatagram: true)
    }

    func testTheHandWrittenVersion17PacketReachesTheClient() throws {
        let publisher = try IMUDPublisher(outputs: [.unix(path: socketPath())])
        let (client, _, _) = startClient(.unix(path: socketPath()))
        acceptSubscribers(publisher)
        publisher.publish(encoded: [1, 2, 3] + WireVersion17Tests.goldenBytes)
        waitUntil("the golden packet") { client.latest() != nil }
        let sample = try XCTUnwrap(client.latest())
        XCTAssertEqual(sample.packet, WireVersion17Tests.goldenPacket)
        let expected = client.mapping.worldFromDevice(packetQuaternion: Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5))
        XCTAssertLessThan(sample.worldFromDevice.angle(to: expected), 1e-9)
    }
}
