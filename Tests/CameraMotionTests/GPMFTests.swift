import AttitudeMath
import CameraMotion
import Foundation
import LogTestSupport
import RawLog
import XCTest

/// GPMF payloads built by hand from gopro/gpmf-parser's README (KLV, types, SCAL, TYPE, nesting, ORIN, MTRX),
/// read independently of any camera's file.
final class GPMFTests: XCTestCase {
    typealias G = GPMFBytes

    // MARK: - Payloads of a camera device, from LogTestSupport's KLV

    /// A camera device whose gyroscope stream holds `gyro` (stored order as the stream says), SCAL 100, rad/s,
    /// and whose accelerometer holds `acc` with SCAL 10; `extra` goes before GYRO (ORIN, MTRX, ORIO).
    static func payload(gyro: [Int16], acc: [Int16], extra: [[UInt8]] = [], total: UInt32 = 3) -> [UInt8] {
        let siun = G.text("m/s\u{B2}")
        return G.nest("DEVC", [
            G.klv("DVID", "L", size: 4, repeat: 1, G.uint32(1)),
            G.klv("DVNM", "c", size: 1, repeat: 6, G.text("Camera")),
            G.nest("STRM", [
                G.klv("TSMP", "L", size: 4, repeat: 1, G.uint32(total)),
                G.klv("STNM", "c", size: 1, repeat: 9, G.text("Gyroscope")),
                G.klv("SIUN", "c", size: 5, repeat: 1, G.text("rad/s")),
                G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([100])),
            ] + extra + [G.klv("GYRO", "s", size: 6, repeat: gyro.count / 3, G.int16s(gyro))]),
            G.nest("STRM", [
                G.klv("SIUN", "c", size: 4, repeat: 1, siun),
                G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([10])),
                G.klv("ACCL", "s", size: 6, repeat: acc.count / 3, G.int16s(acc)),
            ]),
        ])
    }

    // MARK: - KLV

    func testParsesNestingTypesAndPadding() throws {
        let bytes = Self.payload(gyro: [1, 2, 3, 4, 5, 6, 7, 8, 9], acc: [98, 0, 0])
        let entries = try GPMF.parse(bytes)
        XCTAssertEqual(entries.map(\.key), ["DEVC"])
        let devc = entries[0]
        XCTAssertTrue(devc.isNested)
        XCTAssertEqual(devc.children.map(\.key), ["DVID", "DVNM", "STRM", "STRM"])
        XCTAssertEqual(devc.children[1].text, "Camera")
        let gyro = try XCTUnwrap(devc.children[2].children.last)
        XCTAssertEqual(gyro.key, "GYRO")
        XCTAssertEqual(gyro.typeName, "s")
        XCTAssertEqual(gyro.sampleSize, 6)
        XCTAssertEqual(gyro.repeatCount, 3)
        XCTAssertEqual(try GPMF.numbers(of: gyro), [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        let scale = devc.children[2].children.first { $0.key == "SCAL" }
        XCTAssertEqual(try GPMF.scaled(gyro, scale: scale), [[0.01, 0.02, 0.03], [0.04, 0.05, 0.06], [0.07, 0.08, 0.09]])
        // The 6-character DVNM is padded to 8 bytes: the next key starts on a 32-bit boundary.
        XCTAssertEqual(devc.children[3].children.map(\.key), ["SIUN", "SCAL", "ACCL"])
        XCTAssertEqual(devc.children[3].children[0].text, "m/s\u{B2}")
    }

    func testComplexStructuresFollowTheirType() throws {
        // TYPE "f[2]sL": two floats, a short, an unsigned long: 14 bytes a sample.
        let sample = G.float32s([1.5, -2]) + G.int16s([-7]) + G.uint32(40000)
        let entry = try XCTUnwrap(GPMF.parse(G.klv("myDD", "?", size: 14, repeat: 1, sample)).first)
        XCTAssertEqual(try GPMF.numbers(of: entry, structure: "f[2]sL"), [[1.5, -2, -7, 40000]])
        // SCAL with one divisor an element.
        let scale = try XCTUnwrap(GPMF.parse(G.klv("SCAL", "l", size: 4, repeat: 4, [1, 2, 1, 1000].flatMap { G.uint32($0) })).first)
        XCTAssertEqual(try GPMF.scaled(entry, scale: scale, structure: "f[2]sL"), [[1.5, -1, -7, 40]])
        // "f[2]L" is two floats and an unsigned long: 12 bytes, short of the 14 a sample holds.
        XCTAssertThrowsError(try GPMF.numbers(of: entry, structure: "f[2]L")) { error in
            XCTAssertEqual(error as? GPMFError, GPMFError(offset: 0, message: "myDD's TYPE 'f[2]L' makes 12-byte samples, and its samples are 14 bytes"))
        }
        XCTAssertThrowsError(try GPMF.numbers(of: entry)) { XCTAssertTrue("\($0)".contains("no TYPE"), "\($0)") }
    }

    func testMalformedPayloadsNameTheByte() {
        // A GYRO that claims 3 samples of 6 bytes with only one present.
        var cut = G.klv("GYRO", "s", size: 6, repeat: 1, G.int16s([1, 2, 3]))
        cut[7] = 3
        XCTAssertThrowsError(try GPMF.parse(cut)) { error in
            XCTAssertEqual(error as? GPMFError, GPMFError(offset: 0, message: "GYRO claims 18 bytes and 8 are left in its nest"))
        }
        XCTAssertThrowsError(try GPMF.parse([0x01, 0x02, 0x03, 0x04, 0x73, 2, 0, 0])) { XCTAssertTrue("\($0)".contains("byte 0: not a key"), "\($0)") }
        // Nests 20 deep.
        var deep = G.klv("LEAF", "B", size: 1, repeat: 1, [1])
        for _ in 0..<20 { deep = G.nest("DEVC", [deep]) }
        XCTAssertThrowsError(try GPMF.parse(deep)) { XCTAssertTrue("\($0)".contains("deeper than 16"), "\($0)") }
        XCTAssertThrowsError(try GPMF.numbers(of: GPMFEntry(key: "ODDS", type: UInt8(ascii: "s"), sampleSize: 3, repeatCount: 1, value: [0, 0, 0], children: []))) {
            XCTAssertTrue("\($0)".contains("not a whole number of 's'"), "\($0)")
        }
    }

    // MARK: - Axes, units, timing

    func testHero5OrderScaleAndEvenTiming() throws {
        // Stored Z, X, Y (HERO5): (z, x, y) = (0.01, 0.02, 0.03) rad/s, so GoPro's X = 0.02, Y = 0.03, Z = 0.01 and
        // in D (X right, Y up = GoPro Z, Z back = -GoPro Y): (0.02, 0.01, -0.03).
        let first = DataPacket(time: 1.0, duration: 0.5, bytes: Self.payload(gyro: [1, 2, 3, 1, 2, 3, 1, 2, 3], acc: [98, 0, 0, 98, 0, 0]))
        let second = DataPacket(time: 1.5, duration: 0.5, bytes: Self.payload(gyro: [-1, 0, 0, -1, 0, 0], acc: [98, 0, 0], total: 5))
        let motion = try GPMFTelemetry.motion(path: "hand.mp4", packets: [first, second])
        XCTAssertEqual(motion.track, .gpmf)
        // Each payload's samples spread evenly over its packet; the last payload, where recording stopped, at the rate
        // of those before it (3 in 0.5 s), not over its packet.
        XCTAssertEqual(motion.gyro.time, [1.0, 1.0 + 0.5 / 3, 1.0 + 1.0 / 3, 1.5, 1.5 + 0.5 / 3])
        for v in motion.gyro.values.prefix(3) {
            XCTAssertEqual(v.x, 0.02, accuracy: 1e-15)
            XCTAssertEqual(v.y, 0.01, accuracy: 1e-15)
            XCTAssertEqual(v.z, -0.03, accuracy: 1e-15)
        }
        // Stored Z = -0.01: about GoPro's Z, which is D's +Y (up).
        XCTAssertEqual(motion.gyro.values[3], SIMD3(0, -0.01, 0))
        // The accelerometer's 9.8 m/s² on stored Z (up) is +Y in D: an upright camera at rest.
        XCTAssertEqual(motion.accelerometer.time, [1.0, 1.25, 1.5])
        XCTAssertEqual(motion.accelerometer.values[0], SIMD3(0, 9.8, 0))
        XCTAssertTrue(motion.notes.contains { $0.contains("stored as Z, X, Y (HERO5's order)") }, "\(motion.notes)")
    }

    /// A GoPro's last payload is where recording stopped: its packet ends with the video (the Karma clip's lasts
    /// 0.067 s), or has no duration at all once remuxed (ffmpeg then gives it the one before it, 1 s). Either way its
    /// samples keep the stream's rate over the whole payloads before it, from the payload's start, and a note says so
    /// when that differs from the packet by over 5 %.
    func testTheLastPayloadKeepsTheStreamsRate() throws {
        let full = Self.payload(gyro: [Int16](repeating: 1, count: 12), acc: [98, 0, 0, 98, 0, 0], total: 4)
        let tail = Self.payload(gyro: [Int16](repeating: 1, count: 6), acc: [98, 0, 0], total: 6)
        for lastDuration in [0.1, 0, 1.0] {
            let packets = [DataPacket(time: 0, duration: 1, bytes: full), DataPacket(time: 1, duration: 1, bytes: full),
                           DataPacket(time: 2, duration: lastDuration, bytes: tail)]
            let motion = try GPMFTelemetry.motion(path: "stop.mp4", packets: packets)
            XCTAssertEqual(motion.gyro.time, [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25], "last packet of \(lastDuration) s")
            XCTAssertEqual(motion.accelerometer.time, [0, 0.5, 1, 1.5, 2], "last packet of \(lastDuration) s")
            let said = String(format: "stop.mp4: GYRO: the last payload's 2 samples are timed at the stream's 4.0 Hz, over 0.500 s from its start, "
                              + "not over its packet's %.3f s (recording stopped inside it)", lastDuration == 0 ? 1.0 : lastDuration)
            XCTAssertTrue(motion.notes.contains(said), "\(motion.notes)")
        }
        // A last payload as full as the others is timed as they are, and nothing is said.
        let whole = try GPMFTelemetry.motion(path: "whole.mp4", packets: [DataPacket(time: 0, duration: 1, bytes: full),
                                                                          DataPacket(time: 1, duration: 1, bytes: full)])
        XCTAssertEqual(whole.gyro.time, [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75])
        XCTAssertFalse(whole.notes.contains { $0.contains("last payload") }, "\(whole.notes)")
    }

    func testOrinAndMtrxSayHowTheAxesAreStored() throws {
        // HERO6/7's ORIN "YxZ" (gpmf-parser issue 56): stored (Y, -X, Z).
        let orin = G.klv("ORIN", "c", size: 3, repeat: 1, G.text("YxZ"))
        // Two samples a payload: a gyroscope track needs two to integrate (CameraMotion.minimumGyroSamples).
        let withOrin = try GPMFTelemetry.motion(path: "orin.mp4", packets: [
            DataPacket(time: 0, duration: 1, bytes: Self.payload(gyro: [1, 2, 3, 1, 2, 3], acc: [0, 0, 98], extra: [orin]))])
        // GoPro X = -0.02, Y = 0.01, Z = 0.03: D = (X, Z, -Y) = (-0.02, 0.03, -0.01).
        XCTAssertEqual(withOrin.gyro.values[0].x, -0.02, accuracy: 1e-15)
        XCTAssertEqual(withOrin.gyro.values[0].y, 0.03, accuracy: 1e-15)
        XCTAssertEqual(withOrin.gyro.values[0].z, -0.01, accuracy: 1e-15)
        XCTAssertEqual(try GPMFTelemetry.goProAxes([1, 2, 3], order: "zxY"), SIMD3(-2, 3, -1))
        // An MTRX maps the stored elements to ORIO's order; here the identity from stored X, Y, Z.
        let mtrx = G.klv("MTRX", "f", size: 36, repeat: 1, G.float32s([1, 0, 0, 0, 1, 0, 0, 0, 1]))
        let orio = G.klv("ORIO", "c", size: 3, repeat: 1, G.text("XYZ"))
        let withMatrix = try GPMFTelemetry.motion(path: "mtrx.mp4", packets: [
            DataPacket(time: 0, duration: 1, bytes: Self.payload(gyro: [1, 2, 3, 1, 2, 3], acc: [0, 0, 98], extra: [orio, mtrx]))])
        XCTAssertEqual(withMatrix.gyro.values[0].x, 0.01, accuracy: 1e-15)
        XCTAssertEqual(withMatrix.gyro.values[0].y, 0.03, accuracy: 1e-15)
        XCTAssertEqual(withMatrix.gyro.values[0].z, -0.02, accuracy: 1e-15)
        XCTAssertThrowsError(try GPMFTelemetry.goProAxes([1, 2, 3], order: "XXZ")) { XCTAssertTrue("\($0)".contains("'XXZ'"), "\($0)") }
    }

    func testAPayloadWithoutGyroscopeOrWithAnUnknownUnitIsRefused() {
        let noGyro = G.nest("DEVC", [G.nest("STRM", [G.klv("ACCL", "s", size: 6, repeat: 1, G.int16s([0, 0, 98]))])])
        XCTAssertThrowsError(try GPMFTelemetry.motion(path: "a.mp4", packets: [DataPacket(time: 0, duration: 1, bytes: noGyro)])) {
            XCTAssertEqual("\($0)", "a.mp4: its gpmd track (1 payloads) holds no GYRO stream")
        }
        var bytes = Self.payload(gyro: [1, 2, 3], acc: [0, 0, 98])
        let rads = Array("rad/s".utf8)
        if let at = (0..<bytes.count - 5).first(where: { Array(bytes[$0..<$0 + 5]) == rads }) { bytes.replaceSubrange(at..<at + 5, with: Array("rpm/s".utf8)) }
        XCTAssertThrowsError(try GPMFTelemetry.motion(path: "b.mp4", packets: [DataPacket(time: 0, duration: 1, bytes: bytes)])) {
            XCTAssertTrue("\($0)".contains("GYRO is in 'rpm/s'"), "\($0)")
        }
    }

    // MARK: - CAMM

    static func camm(_ type: UInt16, floats: [Float]) -> [UInt8] {
        [0, 0, UInt8(type & 0xFF), UInt8(type >> 8)] + floats.flatMap { f -> [UInt8] in
            let b = f.bitPattern
            return [UInt8(b & 0xFF), UInt8(b >> 8 & 0xFF), UInt8(b >> 16 & 0xFF), UInt8(b >> 24)]
        }
    }

    func testCAMMPacketsLittleEndianInTheDeviceFrame() throws {
        let exposure: [UInt8] = [0, 0, 1, 0] + [0x40, 0x42, 0x0F, 0x00] + [0x80, 0x84, 0x1E, 0x00]  // 1 ms, 2 ms in ns
        XCTAssertEqual(try CAMM.packets(in: exposure), [.exposure(pixelExposure: 1_000_000, rollingShutterSkew: 2_000_000)])
        let packets = [
            DataPacket(time: 0.02, duration: 0, bytes: Self.camm(2, floats: [0.5, 0.25, -1])),
            DataPacket(time: 0.01, duration: 0, bytes: Self.camm(2, floats: [0.1, 0.2, 0.3])),
            DataPacket(time: 0.01, duration: 0, bytes: Self.camm(3, floats: [0, 9.75, 0])),
            DataPacket(time: 0.015, duration: 0, bytes: Self.camm(0, floats: [0, 1.5, 0])),
            DataPacket(time: 0.015, duration: 0, bytes: Self.camm(7, floats: [20, -30, 40])),
            DataPacket(time: 0.0, duration: 0, bytes: exposure),
            DataPacket(time: 0.03, duration: 0, bytes: Self.camm(5, floats: Array(repeating: 0, count: 6))),
        ]
        let motion = try CAMM.motion(path: "phone.mp4", packets: packets)
        XCTAssertEqual(motion.track, .camm)
        // In time order; CAMM's camera frame (X right, Y down, Z forward) into D (X right, Y up, Z back).
        XCTAssertEqual(motion.gyro.time, [0.01, 0.02])
        XCTAssertEqual(motion.gyro.values[0], SIMD3(Double(Float(0.1)), -Double(Float(0.2)), -Double(Float(0.3))))
        XCTAssertEqual(motion.gyro.values[1], SIMD3(0.5, -0.25, 1))
        // Gravity's reaction points up: -Y in CAMM's frame, +Y in D.
        XCTAssertEqual(motion.accelerometer.values, [SIMD3(0, -9.75, 0)])
        XCTAssertEqual(motion.magnetometer.values, [SIMD3(20, 30, -40)])
        XCTAssertEqual(motion.angleAxis.values, [SIMD3(0, 1.5, 0)])
        XCTAssertEqual(motion.exposure.values, [0.001])
        XCTAssertEqual(motion.rollingShutterSkew.values, [0.002])
        XCTAssertThrowsError(try CAMM.packets(in: Self.camm(9, floats: [1, 2, 3]))) { XCTAssertTrue("\($0)".contains("type 9 is not in the spec"), "\($0)") }
        XCTAssertThrowsError(try CAMM.packets(in: Array(Self.camm(2, floats: [1, 2, 3]).prefix(10)))) {
            XCTAssertTrue("\($0)".contains("needs 12 bytes of data and 6 are left"), "\($0)")
        }
        XCTAssertThrowsError(try CAMM.motion(path: "still.mp4", packets: [DataPacket(time: 0, duration: 0, bytes: exposure)])) {
            XCTAssertTrue("\($0)".contains("no gyroscope packet (type 2)"), "\($0)")
        }
    }

    func testCAMMWithoutAccelerometerIsAGyroscopeOnlyRawLog() throws {
        let motion = try CAMM.motion(path: "gyro.mp4", packets: (0..<20).map {
            DataPacket(time: Double($0) * 0.01, duration: 0, bytes: Self.camm(2, floats: [0, 0, 1]))
        })
        let log = RawLogReader.rawLog(motion)
        XCTAssertEqual(log.format, .camm)
        XCTAssertNil(log.acc)
        XCTAssertEqual(log.gyro.first, SIMD3(0, 0, -1))
        // Fusion refuses it for want of an accelerometer to level by (LogLoadingTests' RawLogFusionTests fuse through it).
        XCTAssertThrowsError(try log.accelerometerForLevelling()) {
            XCTAssertTrue("\($0)".contains("this log has only a gyroscope"), "\($0)")
        }
    }

    /// A camm track with its orientation (type 0) and no gyroscope packet: the rate is the orientation's, differenced
    /// (each sample's the turn since the one before, in the camera's own frame, turned into D). Turning at 0.7 rad/s
    /// about CAMM's axis (0.3, -0.5, 0.8) from a tilted start, at uneven times, it reads 0.7 rad/s about D's
    /// (0.3, 0.5, -0.8) at every sample; one orientation alone gives no rate, and is refused saying so.
    func testCAMMOrientationWithoutGyroscopeGivesTheRateOfItsTurn() throws {
        let axis = SIMD3(0.3, -0.5, 0.8) / (SIMD3(0.3, -0.5, 0.8) * SIMD3(0.3, -0.5, 0.8)).sum().squareRoot()
        let start = Quaternion(axis: SIMD3(1, 0, 0), angle: 0.4)
        let times = (0..<50).map { Double($0) * 0.01 + 0.003 * sin(Double($0)) }
        let packets = times.map { t -> DataPacket in
            let q = start * Quaternion(axis: axis, angle: 0.7 * t)
            let v = q.rotationVector
            return DataPacket(time: t, duration: 0, bytes: Self.camm(0, floats: [Float(v.x), Float(v.y), Float(v.z)]))
        }
        let motion = try CAMM.motion(path: "orientation.mp4", packets: packets)
        XCTAssertEqual(motion.gyro.time, times)
        let expected = SIMD3(axis.x, -axis.y, -axis.z) * 0.7
        // The first sample takes the second's rate (GyroIntegral's rule for an attitude stream).
        for (t, rate) in zip(motion.gyro.time, motion.gyro.values) {
            XCTAssertLessThan((rate - expected).length, 1e-4, "t = \(t)")
        }
        XCTAssertTrue(motion.notes.contains { $0.contains("no gyroscope packet (type 2): the angular rate is that of its orientation (type 0, 50 samples)") },
                      "\(motion.notes)")
        XCTAssertThrowsError(try CAMM.motion(path: "one.mp4", packets: Array(packets.prefix(1)))) {
            XCTAssertTrue("\($0)".contains("no gyroscope packet (type 2) and under two orientation packets (type 0)"), "\($0)")
        }
    }
}
