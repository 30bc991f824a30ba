import AttitudeMath
import XCTest
@testable import IMUD

final class PacketTests: XCTestCase {
    /// One packet written out byte by byte from imud's spec.md §8 (wire version 14), not by the encoder:
    /// flags = fusion_converged, ts_wall_ns = 0x0102030405060708, ts_tai_ns = 0x1122334455667788,
    /// quaternion [0.5, 0.5, 0.5, 0.5] (float 0.5 = 0x3F000000), pitch 0, roll = yaw = π/2
    /// (float 0x3FC90FDB), heading_deg 90 (float 0x42B40000), imu_seq 1234 (0x4D2), every other field 0.
    /// The CRC, a2 8f 92 a9, was computed independently with Python's zlib.crc32 over bytes 0-255.
    static let goldenBytes: [UInt8] = {
        var b = [UInt8](repeating: 0, count: 260)
        func put(_ offset: Int, _ bytes: [UInt8]) { b.replaceSubrange(offset..<offset + bytes.count, with: bytes) }
        put(0, [0x44, 0x55, 0x4D, 0x49])                           // magic 0x494D5544, little-endian
        put(4, [0x0E, 0x00])                                       // version 14
        put(6, [0x04, 0x00])                                       // flags: bit 2
        put(8, [0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01])   // ts_wall_ns
        put(16, [0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11])  // ts_tai_ns
        put(104, [0x00, 0x00, 0x00, 0x3F])                         // quat_w
        put(108, [0x00, 0x00, 0x00, 0x3F])                         // quat_x
        put(112, [0x00, 0x00, 0x00, 0x3F])                         // quat_y
        put(116, [0x00, 0x00, 0x00, 0x3F])                         // quat_z
        put(124, [0xDB, 0x0F, 0xC9, 0x3F])                         // roll
        put(128, [0xDB, 0x0F, 0xC9, 0x3F])                         // yaw
        put(132, [0x00, 0x00, 0xB4, 0x42])                         // heading_deg
        put(180, [0xD2, 0x04, 0x00, 0x00])                         // imu_seq
        put(256, [0xA2, 0x8F, 0x92, 0xA9])                         // crc32
        return b
    }()

    /// π/2 rounded to the nearest float, 0x3FC90FDB (`Float.pi` itself is rounded down, to 0x40490FDA).
    static let halfPi = Float(bitPattern: 0x3FC9_0FDB)

    static let goldenPacket = IMUDPacket(
        flags: [.fusionConverged], tsWallNs: 0x0102_0304_0506_0708, tsTaiNs: 0x1122_3344_5566_7788,
        quaternion: SIMD4(0.5, 0.5, 0.5, 0.5), pitch: 0, roll: halfPi, yaw: halfPi, headingDeg: 90, imuSeq: 1234)

    func testCRC32MatchesTheIEEECheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
    }

    func testEncoderWritesTheGoldenBytes() {
        XCTAssertEqual(PacketTests.goldenPacket.encoded(), PacketTests.goldenBytes)
    }

    func testDecoderReadsTheGoldenBytes() throws {
        let packet = try IMUDPacket.decode(datagram: PacketTests.goldenBytes).get()
        XCTAssertEqual(packet, PacketTests.goldenPacket)
        XCTAssertTrue(packet.flags.contains(.fusionConverged))
        XCTAssertFalse(packet.flags.contains(.startup))
    }

    func testPublisherDerivesEulerAnglesAndHeadingAsComputedByHand() throws {
        // The golden quaternion body→NED is the matrix rows [[0,0,1],[1,0,0],[0,1,0]]:
        // pitch = asin(-R20) = 0, roll = atan2(R21, R22) = π/2, yaw = atan2(R10, R00) = π/2, heading 90°.
        let mapping = IMUDFrameMapping()
        let worldFromDevice = mapping.worldFromDevice(packetQuaternion: Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5))
        let publisher = try IMUDPublisher(outputs: [], mapping: mapping)
        let packet = publisher.packet(worldFromDevice: worldFromDevice, flags: [.fusionConverged], imuSeq: 1234)
        for i in 0..<4 { XCTAssertEqual(packet.quaternion[i], 0.5, accuracy: 1e-6) }
        XCTAssertEqual(packet.pitch, 0, accuracy: 1e-6)
        XCTAssertEqual(packet.roll, PacketTests.halfPi, accuracy: 1e-6)
        XCTAssertEqual(packet.yaw, PacketTests.halfPi, accuracy: 1e-6)
        XCTAssertEqual(packet.headingDeg, 90, accuracy: 1e-4)
        XCTAssertGreaterThan(packet.tsWallNs, 1_600_000_000 * 1_000_000_000)
    }

    /// gyro_x/y/z sit at offsets 56, 60 and 64 (spec.md §8) and come back as written.
    func testTheAngularRateIsAtItsOffset() throws {
        var packet = PacketTests.goldenPacket
        packet.gyro = SIMD3(0.25, -1.5, 3)
        let bytes = packet.encoded()
        for (i, value) in [Float(0.25), -1.5, 3].enumerated() {
            let raw = UInt32(bytes[56 + 4 * i]) | UInt32(bytes[57 + 4 * i]) << 8 | UInt32(bytes[58 + 4 * i]) << 16 | UInt32(bytes[59 + 4 * i]) << 24
            XCTAssertEqual(Float(bitPattern: raw), value)
        }
        XCTAssertEqual(try IMUDPacket.decode(datagram: bytes).get().gyro, packet.gyro)
    }

    func testFlagBitsAreThoseOfTheSpec() {
        XCTAssertEqual(IMUDFlags.fusionConverged.rawValue, 1 << 2)
        XCTAssertEqual(IMUDFlags.startup.rawValue, 1 << 8)
        XCTAssertEqual(IMUDFlags.shutdown.rawValue, 1 << 9)
    }

    // MARK: - Bad datagrams

    func testBadCRCIsRefused() {
        var bytes = PacketTests.goldenBytes
        bytes[110] ^= 0x01
        XCTAssertEqual(failure(bytes), .badCRC)
        var crc = PacketTests.goldenBytes
        crc[259] ^= 0x80
        XCTAssertEqual(failure(crc), .badCRC)
    }

    func testWrongVersionIsRefusedEvenWithAValidCRC() {
        XCTAssertEqual(failure(PacketTests.withVersion(13)), .wrongVersion)
        XCTAssertEqual(failure(PacketTests.withVersion(15)), .wrongVersion)
    }

    func testWrongMagicIsRefused() {
        var bytes = PacketTests.goldenBytes
        bytes[3] = 0x48
        PacketTests.fixCRC(&bytes)
        XCTAssertEqual(failure(bytes), .badMagic)
    }

    func testShortAndLongDatagramsAreRefused() {
        XCTAssertEqual(failure(Array(PacketTests.goldenBytes[0..<259])), .truncated)
        XCTAssertEqual(failure(Array(PacketTests.goldenBytes[0..<2])), .truncated)
        XCTAssertEqual(failure([]), .truncated)
        XCTAssertEqual(failure(PacketTests.goldenBytes + [0]), .oversized)
    }

    // MARK: - Helpers

    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> IMUDDropReason? {
        switch IMUDPacket.decode(datagram: bytes) {
        case .success:
            XCTFail("the packet was accepted", file: file, line: line)
            return nil
        case .failure(let reason):
            return reason
        }
    }

    static func fixCRC(_ bytes: inout [UInt8]) {
        let crc = CRC32.checksum(Array(bytes[0..<256]))
        bytes.replaceSubrange(256..<260, with: withUnsafeBytes(of: crc.littleEndian, Array.init))
    }

    static func withVersion(_ version: UInt16, from bytes: [UInt8] = goldenBytes) -> [UInt8] {
        var b = bytes
        b[4] = UInt8(version & 0xFF)
        b[5] = UInt8(version >> 8)
        fixCRC(&b)
        return b
    }
}
