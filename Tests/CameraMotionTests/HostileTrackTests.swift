import CameraMotion
import Foundation
import LogTestSupport
import XCTest

/// GPMF and CAMM tracks built to break the readers (a fuzz round's findings and a real file from another GoPro): each
/// is refused with a message that says what is wrong, or read with what cannot be read skipped and said.
final class HostileTrackTests: XCTestCase {
    typealias G = GPMFBytes

    // MARK: - Building payloads

    /// A nest of any size: GPMF's 16-bit repeat holds at most 256 KB at the usual 4-byte sample, so larger bodies are
    /// padded with zero words (which readers skip) to whole 1020-byte samples.
    static func bigNest(_ key: String, _ children: [[UInt8]]) -> [UInt8] {
        var body = children.flatMap { $0 }
        guard body.count / 4 > 0xFFFF else { return G.nest(key, children) }
        while body.count % 1020 != 0 { body += [0, 0, 0, 0] }
        let count = body.count / 255
        return Array(key.utf8) + [0, 255, UInt8(count >> 8), UInt8(count & 0xFF)] + body
    }

    /// A device (DVID 1 unless `dvid` says otherwise) holding one stream a list of entries.
    static func device(_ streams: [[[UInt8]]], dvid: [UInt8] = G.klv("DVID", "L", size: 4, repeat: 1, G.uint32(1))) -> [UInt8] {
        bigNest("DEVC", [dvid, G.klv("DVNM", "c", size: 1, repeat: 6, G.text("Camera"))] + streams.map { bigNest("STRM", $0) })
    }

    /// A float GYRO (rad/s) of 3-vectors.
    static func floatGyro(_ samples: [SIMD3<Float>]) -> [UInt8] {
        G.klv("GYRO", "f", size: 12, repeat: samples.count, G.float32s(samples.flatMap { [$0.x, $0.y, $0.z] }))
    }

    static func stmp(_ microseconds: UInt64) -> [UInt8] {
        G.klv("STMP", "J", size: 8, repeat: 1, G.uint32(UInt32(microseconds >> 32)) + G.uint32(UInt32(microseconds & 0xFFFF_FFFF)))
    }

    /// `count` payloads of one second each, each a gyroscope stream from `gyro(k)` plus `extra(k)` streams.
    static func packets(_ count: Int, seconds: Double = 1, gyro: (Int) -> [[UInt8]], extra: (Int) -> [[[UInt8]]] = { _ in [] }) -> [DataPacket] {
        (0..<count).map { k in
            DataPacket(time: Double(k) * seconds, duration: seconds, bytes: device([gyro(k)] + extra(k)))
        }
    }

    static let still = [SIMD3<Float>](repeating: SIMD3(0.01, 0.02, 0.03), count: 10)

    private func refusal(_ packets: [DataPacket], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try GPMFTelemetry.motion(path: "bad.mp4", packets: packets)
            XCTFail("read without an error", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    // MARK: - 1. Sizes are checked before anything is allocated by them

    /// A TYPE of 16 MB, `s` then "[4096]" over and over: each repeats the type before it 4095 times more, 11 billion
    /// elements in all, which took 8.6 GB (and under no limit, on toward 180 GB) before the size was checked. The
    /// expansion counts bytes as it goes and stops at the first that passes the 6-byte sample.
    func testAHugeTypeIsRefusedByTheSampleSizeBeforeItIsExpanded() throws {
        let repeats = String(repeating: "[4096]", count: (255 * 65_000 - 1) / 6)
        let structure = "s" + repeats
        let gyro = GPMFEntry(key: "GYRO", type: UInt8(ascii: "?"), sampleSize: 6, repeatCount: 1, value: [0, 1, 0, 2, 0, 3])
        XCTAssertThrowsError(try GPMF.numbers(of: gyro, structure: structure)) { error in
            // Quoted short, as every bad value in a message: its first 60 characters.
            XCTAssertEqual("\(error)", "GPMF at byte 0: GYRO's TYPE 's" + String(repeating: "[4096]", count: 9) + "[4096…' "
                           + "describes samples of more than 6 bytes, and its samples are 6 bytes")
        }
        // The same TYPE in a payload, as a file holds it: 255 × 65 000 bytes of 'c' before a '?' GYRO.
        let text = Array(structure.utf8)
        let type = G.klv("TYPE", "c", size: 255, repeat: 65_000, text + [UInt8](repeating: 0, count: 255 * 65_000 - text.count))
        let payload = Self.device([[type, G.klv("GYRO", "?", size: 6, repeat: 1, G.int16s([1, 2, 3]))]])
        XCTAssertGreaterThan(payload.count, 16_000_000)
        // A nest keeps no copy of its bytes (its children have them): the 16 MB are held once, not once a level.
        let parsed = try GPMF.parse(payload)
        XCTAssertEqual(parsed.map(\.value), [[]])
        XCTAssertEqual(parsed[0].children.last?.value, [])
        XCTAssertEqual(parsed[0].children.last?.children.first?.value.count, 255 * 65_000)
        let said = refusal([DataPacket(time: 0, duration: 1, bytes: payload)])
        XCTAssertTrue(said.hasPrefix("bad.mp4: gpmd payload 1: GYRO's TYPE 's[4096][4096]"), said)
        XCTAssertTrue(said.hasSuffix("…' describes samples of more than 6 bytes, and its samples are 6 bytes"), said)
        // An array count that fits is read as before; one that leaves the sample short is refused by its size too.
        let fits = GPMFEntry(key: "myDD", type: UInt8(ascii: "?"), sampleSize: 10, repeatCount: 1, value: G.int16s([1, 2, 3, 4, 5]))
        XCTAssertEqual(try GPMF.numbers(of: fits, structure: "s[5]"), [[1, 2, 3, 4, 5]])
        XCTAssertThrowsError(try GPMF.numbers(of: fits, structure: "s[4]")) {
            XCTAssertTrue("\($0)".contains("TYPE 's[4]' makes 8-byte samples, and its samples are 10 bytes"), "\($0)")
        }
        // An entry built by hand that claims more samples than its bytes hold is refused, not read past its end.
        let short = GPMFEntry(key: "GYRO", type: UInt8(ascii: "s"), sampleSize: 6, repeatCount: 65_535, value: G.int16s([1, 2, 3]))
        XCTAssertThrowsError(try GPMF.numbers(of: short)) { XCTAssertTrue("\($0)".contains("claims 65535 samples of 6 bytes and holds 6 bytes"), "\($0)") }
    }

    // MARK: - 5. Samples that are not finite numbers

    /// A float GYRO with NaN and infinite samples: they are skipped and counted in one note (as the CSV readers count
    /// the rows they skip), the others keep the times they had; a GYRO with too few finite samples is refused.
    func testNonFiniteSamplesAreSkippedAndCounted() throws {
        let clean = Self.packets(3, gyro: { _ in [Self.floatGyro(Self.still)] })
        var broken = Self.still
        broken[3] = SIMD3(.nan, 0, 0)
        broken[4] = SIMD3(0, .infinity, 0)
        let dirty = Self.packets(3, gyro: { k in [Self.floatGyro(k == 1 ? broken : Self.still)] })
        let reference = try GPMFTelemetry.motion(path: "clean.mp4", packets: clean)
        let motion = try GPMFTelemetry.motion(path: "nan.mp4", packets: dirty)
        XCTAssertEqual(reference.gyro.count, 30)
        var expected = reference.gyro.time
        expected.removeSubrange(13...14)
        XCTAssertEqual(motion.gyro.time, expected)
        XCTAssertTrue(motion.gyro.values.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
        XCTAssertTrue(motion.notes.contains("nan.mp4: skipped 2 GYRO samples with a NaN or infinite value, the first at t = 1.300 s"),
                      "\(motion.notes)")
        XCTAssertFalse(reference.notes.contains { $0.contains("skipped") }, "\(reference.notes)")

        let allNaN = Self.packets(2, gyro: { _ in [Self.floatGyro([SIMD3<Float>](repeating: SIMD3(.nan, .nan, .nan), count: 50))] })
        XCTAssertEqual(refusal(allNaN), "bad.mp4: its GYRO stream holds 100 samples and 0 of them are finite numbers: too few to integrate (at least 2)")
    }

    /// A CAMM gyroscope packet of NaN is skipped and counted; a track of only such packets is refused.
    func testNonFiniteCAMMPacketsAreSkippedAndCounted() throws {
        let packets = (0..<10).map { k in
            DataPacket(time: Double(k) * 0.01, duration: 0, bytes: GPMFTests.camm(2, floats: k == 4 ? [.nan, 0, 0] : [0, 0, 1]))
        } + [DataPacket(time: 0.05, duration: 0, bytes: GPMFTests.camm(3, floats: [0, .infinity, 0]))]
        let motion = try CAMM.motion(path: "phone.mp4", packets: packets)
        XCTAssertEqual(motion.gyro.time, [0, 0.01, 0.02, 0.03, 0.05, 0.06, 0.07, 0.08, 0.09])
        XCTAssertTrue(motion.accelerometer.isEmpty)
        XCTAssertTrue(motion.notes.contains("phone.mp4: skipped 1 gyroscope (type 2) sample with a NaN or infinite value, the first at t = 0.040 s"),
                      "\(motion.notes)")
        XCTAssertTrue(motion.notes.contains("phone.mp4: skipped 1 accelerometer (type 3) sample with a NaN or infinite value, the first at t = 0.050 s"),
                      "\(motion.notes)")
        let allNaN = (0..<5).map { DataPacket(time: Double($0) * 0.01, duration: 0, bytes: GPMFTests.camm(2, floats: [.nan, .nan, .nan])) }
        XCTAssertThrowsError(try CAMM.motion(path: "nan.mp4", packets: allNaN)) {
            XCTAssertEqual("\($0)", "nan.mp4: its camm track holds 5 gyroscope packets (type 2) and 0 of them are finite numbers: "
                           + "too few to integrate (at least 2)")
        }
    }

    // MARK: - 6. A wild STMP

    /// Thirteen payloads of 1.001 s whose STMP run at the camera's clock, one (payload 7) 5 s off: it is set aside and
    /// named, and the track is timed as the same file with that stamp right. A least-squares line through all
    /// thirteen started the track a second late at the wrong rate.
    func testAStampThatDisagreesWithItsPayloadsTimeIsSetAside() throws {
        func file(wild: Bool) -> [DataPacket] {
            (0..<13).map { k in
                // The camera's clock runs 50 ppm fast and started 0.2 s before the video; 40 samples a payload.
                var stamp = UInt64((Double(k) * 1.001 + 0.2) * 1.00005 * 1e6)
                if wild && k == 6 { stamp += 5_000_000 }
                let gyro = [Self.stmp(stamp), Self.floatGyro([SIMD3<Float>](repeating: SIMD3(0, 0, 1), count: 40))]
                return DataPacket(time: Double(k) * 1.001, duration: 1.001, bytes: Self.device([gyro]))
            }
        }
        let right = try GPMFTelemetry.motion(path: "right.mp4", packets: file(wild: false))
        XCTAssertTrue(right.notes.contains("right.mp4: GYRO timed by its STMP stamps, mapped onto the video's timeline"), "\(right.notes)")
        XCTAssertFalse(right.notes.contains { $0.contains("set aside") }, "\(right.notes)")
        let wild = try GPMFTelemetry.motion(path: "wild.mp4", packets: file(wild: true))
        XCTAssertEqual(wild.gyro.count, right.gyro.count)
        for (a, b) in zip(wild.gyro.time, right.gyro.time) { XCTAssertEqual(a, b, accuracy: 1e-6) }
        XCTAssertEqual(wild.gyro.time.first ?? 99, 0, accuracy: 1e-6)
        XCTAssertEqual(wild.gyro.rate ?? 0, right.gyro.rate ?? 1, accuracy: 1e-3)
        XCTAssertTrue(wild.notes.contains("wild.mp4: GYRO: 1 of 13 STMP stamps disagree with their payloads' times by over 0.250 s and are set "
                                          + "aside, those payloads timed by their MP4 times: payload 7 (+5.000 s)"), "\(wild.notes)")
    }

    // MARK: - 8. MTRX

    /// An MTRX relabels axes: a signed permutation is read (here X ← -Y, Y ← X, Z ← Z); an all-zero one, which
    /// turned every sample into 0, or a scaled one is refused naming it and its values; on an optional stream it
    /// costs that stream.
    func testAnMTRXThatIsNotASignedPermutationIsRefused() throws {
        func gyroStream(_ matrix: [Float]) -> [[UInt8]] {
            [G.klv("ORIO", "c", size: 3, repeat: 1, G.text("XYZ")), G.klv("MTRX", "f", size: 36, repeat: 1, G.float32s(matrix)),
             Self.floatGyro([SIMD3(1, 2, 3), SIMD3(1, 2, 3)])]
        }
        let turned = try GPMFTelemetry.motion(path: "m.mp4", packets: Self.packets(1, gyro: { _ in gyroStream([0, -1, 0, 1, 0, 0, 0, 0, 1]) }))
        // GoPro (X, Y, Z) = (-2, 1, 3), in D (X, Z, -Y) = (-2, 3, -1).
        XCTAssertEqual(turned.gyro.values[0], SIMD3(-2, 3, -1))
        let zero = refusal(Self.packets(1, gyro: { _ in gyroStream([Float](repeating: 0, count: 9)) }))
        XCTAssertEqual(zero, "bad.mp4: gpmd payload 1: GYRO's MTRX ('0, 0, 0, 0, 0, 0, 0, 0, 0', row by row) is not an axis matrix: "
                       + "each row and each column must hold one 1 or -1 and zeros elsewhere")
        XCTAssertTrue(refusal(Self.packets(1, gyro: { _ in gyroStream([2, 0, 0, 0, 2, 0, 0, 0, 2]) })).contains("'2, 0, 0, 0, 2, 0, 0, 0, 2'"))
        XCTAssertTrue(refusal(Self.packets(1, gyro: { _ in gyroStream([1, 0, 0, 1, 0, 0, 0, 0, 1]) })).contains("is not an axis matrix"))
        let magn = [G.klv("MTRX", "f", size: 36, repeat: 1, G.float32s([Float](repeating: 0, count: 9))),
                    G.klv("MAGN", "s", size: 6, repeat: 1, G.int16s([20, 0, -40]))]
        let withMagn = try GPMFTelemetry.motion(path: "m.mp4", packets: Self.packets(2, gyro: { _ in [Self.floatGyro(Self.still)] }, extra: { _ in [magn] }))
        XCTAssertTrue(withMagn.magnetometer.isEmpty)
        XCTAssertEqual(withMagn.gyro.count, 20)
        XCTAssertTrue(withMagn.notes.contains("m.mp4: its MAGN stream is skipped, the rest is read: gpmd payload 1: MAGN's MTRX "
                                              + "('0, 0, 0, 0, 0, 0, 0, 0, 0', row by row) is not an axis matrix: each row and each column "
                                              + "must hold one 1 or -1 and zeros elsewhere"), "\(withMagn.notes)")
    }

    // MARK: - 9. Messages that say what is wrong

    func testRefusalsSayWhatIsWrong() throws {
        // A GYRO with no samples at all.
        let empty = Self.packets(2, gyro: { _ in [G.klv("GYRO", "s", size: 6, repeat: 0, [])] })
        XCTAssertEqual(refusal(empty), "bad.mp4: its GYRO stream holds 0 samples (in 2 payloads): there is no motion to read")
        // A GYRO of text, or of one byte a sample.
        let text = Self.packets(1, gyro: { _ in [G.klv("GYRO", "c", size: 3, repeat: 2, G.text("abcdef"))] })
        XCTAssertEqual(refusal(text), "bad.mp4: gpmd payload 1: GYRO is not numbers: it is stored as 'c' (text)")
        let bytes = Self.packets(1, gyro: { _ in [G.klv("GYRO", "B", size: 1, repeat: 6, [1, 2, 3, 4, 5, 6])] })
        XCTAssertEqual(refusal(bytes), "bad.mp4: gpmd payload 1: GYRO's samples hold 1 number each, not the 3 of a 3-axis rate "
                       + "(1-byte samples of 'B' (numbers))")
        let fourCC = Self.packets(1, gyro: { _ in [G.klv("TYPE", "c", size: 3, repeat: 1, G.text("sFs")),
                                                   G.klv("GYRO", "?", size: 8, repeat: 1, G.int16s([1]) + G.text("ABCD") + G.int16s([2]))] })
        XCTAssertEqual(refusal(fourCC), "bad.mp4: gpmd payload 1: GYRO is not numbers: its TYPE 'sFs' holds 'F' (a FourCC)")
        // A bad axis order names itself and where it came from.
        let orin = Self.packets(1, gyro: { _ in [G.klv("ORIN", "c", size: 3, repeat: 1, G.text("XXZ")), Self.floatGyro(Self.still)] })
        XCTAssertEqual(refusal(orin), "bad.mp4: gpmd payload 1: GYRO's axis order 'XXZ' (ORIN) does not name X, Y and Z once each")
        // A control character in a unit is shown escaped.
        let unit = Self.packets(1, gyro: { _ in [G.klv("SIUN", "c", size: 4, repeat: 1, G.text("r\u{1B}[m")), Self.floatGyro(Self.still)] })
        XCTAssertEqual(refusal(unit), "bad.mp4: GYRO is in 'r\\u{1B}[m', a unit this reader does not know")
    }

    /// A device id stored as text (or as a FourCC, which the README allows) still names its device: the file reads.
    func testADeviceIdOfAnyTypeNamesItsDevice() throws {
        for dvid in [G.klv("DVID", "c", size: 1, repeat: 4, G.text("CAM1")), G.klv("DVID", "F", size: 4, repeat: 1, G.text("HLMT"))] {
            let packets = (0..<2).map { k in
                DataPacket(time: Double(k), duration: 1, bytes: Self.device([[Self.floatGyro(Self.still)]], dvid: dvid)
                           + Self.device([[G.klv("ACCL", "s", size: 6, repeat: 1, G.int16s([0, 0, 98]))]],
                                         dvid: G.klv("DVID", "c", size: 1, repeat: 4, G.text("DRNE"))))
            }
            let motion = try GPMFTelemetry.motion(path: "dvid.mp4", packets: packets)
            XCTAssertEqual(motion.gyro.count, 20)
            // The other device's accelerometer is not the camera's.
            XCTAssertTrue(motion.accelerometer.isEmpty)
        }
    }

    /// An all-zero CORI is no rotation: its stream is skipped saying so (not "disagrees by inf % of the motion"); zeros
    /// among good samples are skipped and counted.
    func testACORIOfZerosIsSaidToBeZeros() throws {
        func cori(_ q: [Int16]) -> [[UInt8]] { [G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([32767])), G.klv("CORI", "s", size: 8, repeat: q.count / 4, G.int16s(q))] }
        let zeros = try GPMFTelemetry.motion(path: "z.mp4", packets: Self.packets(2, gyro: { _ in [Self.floatGyro(Self.still)] },
                                                                                  extra: { _ in [cori([Int16](repeating: 0, count: 8))] }))
        XCTAssertTrue(zeros.cameraOrientation.isEmpty)
        XCTAssertTrue(zeros.notes.contains("z.mp4: its CORI stream is skipped, the rest is read: none of its 4 samples is a unit quaternion "
                                           + "(all are zeros or not finite)"), "\(zeros.notes)")
        let some = try GPMFTelemetry.motion(path: "s.mp4", packets: Self.packets(2, gyro: { _ in [Self.floatGyro(Self.still)] },
                                                                                 extra: { k in [cori(k == 0 ? [32767, 0, 0, 0, 0, 0, 0, 0] : [32767, 0, 0, 0, 32767, 0, 0, 0])] }))
        XCTAssertEqual(some.cameraOrientation.count, 3)
        XCTAssertTrue(some.notes.contains("s.mp4: skipped 1 CORI sample with a zero or non-finite quaternion, not a unit quaternion, the first at t = 0.500 s"),
                      "\(some.notes)")
    }

    // MARK: - 7'. A stream that cannot be read costs that stream

    /// A magnetometer of 4 elements (another GoPro model's), and GRAV, SHUT, CORI and IORI of unexpected shapes: each is
    /// skipped with one line naming it and why, and the file reads by its gyroscope. A GYRO of that shape refuses it.
    func testAnOptionalStreamOfAnUnexpectedShapeIsSkipped() throws {
        let odd: [[[UInt8]]] = [
            [G.klv("MAGN", "s", size: 8, repeat: 2, G.int16s([1, 2, 3, 4, 5, 6, 7, 8]))],
            [G.klv("GRAV", "s", size: 4, repeat: 1, G.int16s([1, 2]))],
            [G.klv("SHUT", "f", size: 8, repeat: 1, G.float32s([0.01, 0.02]))],
            [G.klv("CORI", "s", size: 6, repeat: 1, G.int16s([1, 0, 0]))],
            [G.klv("IORI", "c", size: 8, repeat: 1, G.text("abcdefgh"))],
            [G.klv("ACCL", "s", size: 6, repeat: 1, G.int16s([0, 0, 98]))],
        ]
        let motion = try GPMFTelemetry.motion(path: "odd.mp4", packets: Self.packets(2, gyro: { _ in [Self.floatGyro(Self.still)] }, extra: { _ in odd }))
        XCTAssertEqual(motion.gyro.count, 20)
        XCTAssertEqual(motion.accelerometer.count, 2)
        XCTAssertTrue(motion.magnetometer.isEmpty && motion.gravity.isEmpty && motion.exposure.isEmpty)
        XCTAssertTrue(motion.cameraOrientation.isEmpty && motion.imageOrientation.isEmpty)
        let skipped = motion.notes.filter { $0.contains("stream is skipped") }
        XCTAssertEqual(skipped, [
            "odd.mp4: its MAGN stream is skipped, the rest is read: gpmd payload 1: MAGN's samples hold 4 numbers each, not the 3 of a 3-axis field (8-byte samples of 's' (numbers))",
            "odd.mp4: its SHUT stream is skipped, the rest is read: gpmd payload 1: SHUT's samples hold 2 numbers each, not the 1 of an exposure time (8-byte samples of 'f' (numbers))",
            "odd.mp4: its CORI stream is skipped, the rest is read: gpmd payload 1: CORI's samples hold 3 numbers each, not the 4 of a quaternion [w, x, y, z] (6-byte samples of 's' (numbers))",
            "odd.mp4: its IORI stream is skipped, the rest is read: gpmd payload 1: IORI is not numbers: it is stored as 'c' (text)",
            "odd.mp4: its GRAV stream is skipped, the rest is read: gpmd payload 1: GRAV's samples hold 2 numbers each, not the 3 of a gravity vector (4-byte samples of 's' (numbers))",
        ])
        // A stream read in its first payloads and not in a later one is skipped whole, not cut short.
        let late = try GPMFTelemetry.motion(path: "late.mp4", packets: Self.packets(3, gyro: { _ in [Self.floatGyro(Self.still)] }, extra: { k in
            [[k < 2 ? G.klv("MAGN", "s", size: 6, repeat: 1, G.int16s([20, 0, -40])) : G.klv("MAGN", "s", size: 8, repeat: 1, G.int16s([1, 2, 3, 4]))]]
        }))
        XCTAssertTrue(late.magnetometer.isEmpty)
        XCTAssertTrue(late.notes.contains { $0.hasPrefix("late.mp4: its MAGN stream is skipped, the rest is read: gpmd payload 3: ") }, "\(late.notes)")
        // The gyroscope's problems refuse the file.
        let gyro = Self.packets(1, gyro: { _ in [G.klv("GYRO", "s", size: 8, repeat: 1, G.int16s([1, 2, 3, 4]))] })
        XCTAssertEqual(refusal(gyro), "bad.mp4: gpmd payload 1: GYRO's samples hold 4 numbers each, not the 3 of a 3-axis rate (8-byte samples of 's' (numbers))")
    }
}
