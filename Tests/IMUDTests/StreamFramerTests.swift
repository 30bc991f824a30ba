import XCTest
@testable import IMUD

final class StreamFramerTests: XCTestCase {
    private func frame(seq: UInt32) -> [UInt8] {
        IMUDPacket(flags: [.fusionConverged], quaternion: SIMD4(1, 0, 0, 0), imuSeq: seq).encoded()
    }

    private func drain(_ framer: inout IMUDStreamFramer) -> [UInt32] {
        var seqs: [UInt32] = []
        while let packet = framer.nextPacket() { seqs.append(packet.imuSeq) }
        return seqs
    }

    func testFramesSplitAtEveryByteBoundaryAreReassembled() {
        let stream = frame(seq: 1) + frame(seq: 2) + frame(seq: 3)
        var framer = IMUDStreamFramer()
        var seqs: [UInt32] = []
        for byte in stream {
            framer.append([byte])
            seqs += drain(&framer)
        }
        XCTAssertEqual(seqs, [1, 2, 3])
        XCTAssertEqual(framer.counts, IMUDDropCounts())
    }

    func testResynchronisesAfterGarbageCorruptionWrongVersionAndTruncation() {
        let garbage = (0..<37).map { UInt8($0) }
        var corrupt = frame(seq: 2)
        corrupt[110] ^= 0xFF
        let wrongVersion = PacketTests.withVersion(15, from: frame(seq: 3))
        let truncated = Array(frame(seq: 4)[0..<100])
        let stream = frame(seq: 0) + garbage + frame(seq: 1) + corrupt + wrongVersion + truncated + frame(seq: 5) + frame(seq: 6)
        for chunkSize in [1, 7, 260, 1000, stream.count] {
            var framer = IMUDStreamFramer()
            var seqs: [UInt32] = []
            var offset = 0
            while offset < stream.count {
                framer.append(Array(stream[offset..<min(offset + chunkSize, stream.count)]))
                seqs += drain(&framer)
                offset += chunkSize
            }
            XCTAssertEqual(seqs, [0, 1, 5, 6], "chunks of \(chunkSize)")
            XCTAssertEqual(framer.counts.badMagic, 1, "chunks of \(chunkSize)")
            XCTAssertEqual(framer.counts.badCRC, 1, "chunks of \(chunkSize)")
            XCTAssertEqual(framer.counts.wrongVersion, 1, "chunks of \(chunkSize)")
            XCTAssertEqual(framer.counts.truncated, 1, "chunks of \(chunkSize)")
            XCTAssertEqual(framer.counts.skippedBytes, 37 + (260 - 4) + (260 - 4) + (100 - 4), "chunks of \(chunkSize)")
        }
    }

    func testGarbageBeforeTheFirstFrameAndAStreamEndingMidFrame() {
        var framer = IMUDStreamFramer()
        framer.append(Array("hello imud".utf8) + frame(seq: 9) + Array(frame(seq: 10)[0..<150]))
        XCTAssertEqual(drain(&framer), [9])
        XCTAssertEqual(framer.pendingByteCount, 150)
        framer.endOfStream()
        XCTAssertEqual(framer.counts.truncated, 1)
        XCTAssertEqual(framer.counts.badMagic, 1)
        XCTAssertEqual(framer.pendingByteCount, 0)
        // A fresh connection starts clean.
        framer.append(frame(seq: 11))
        XCTAssertEqual(drain(&framer), [11])
    }

    func testAMagicInsideGarbageWithoutAValidCRCIsNotAFrame() {
        var framer = IMUDStreamFramer()
        let fake = [0x44, 0x55, 0x4D, 0x49, 0x0E, 0x00] + [UInt8](repeating: 0xAB, count: 300)
        framer.append(fake + frame(seq: 3))
        XCTAssertEqual(drain(&framer), [3])
        XCTAssertEqual(framer.counts.badCRC, 1)
    }
}
