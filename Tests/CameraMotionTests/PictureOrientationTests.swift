import AttitudeMath
import CameraMotion
import CommandTestSupport
import Foundation
import RawLog
import TestSupport
import XCTest

/// In-camera stabilisation (GoPro CORI and IORI): payloads built by hand, with CORI following a known
/// gyroscope motion in some axes and IORI a known counter-rotation, read through `RawLogReader.rawLog`, which every
/// command taking a video as its log goes through; and once muxed by ffmpeg into a MOV's `gpmd` track, through
/// `attitude convert` and `snapshot --video` (no calibrate: a test pattern does not turn with the gyroscope).
final class PictureOrientationTests: XCTestCase {
    typealias G = GPMFTests

    /// The camera's angular rate in D, rad/s: about all three axes, so that CORI's axes can be told apart.
    static func cameraRate(_ t: Double) -> SIMD3<Double> {
        SIMD3(0.6 * sin(2 * .pi * 0.7 * t), 0.5 * cos(2 * .pi * 0.45 * t), 0.4 * sin(2 * .pi * 0.3 * t + 1))
    }

    /// A rate about D's y alone: CORI's x and z axes cannot be told apart by it.
    static func yawOnly(_ t: Double) -> SIMD3<Double> { SIMD3(0, 0.5 * cos(2 * .pi * 0.45 * t), 0) }

    /// IORI: the picture turned against the camera about a fixed axis by θ(t) = 0.1·sin(πt) rad.
    static let imageAxis = SIMD3<Double>(1, 2, -1) / 6.0.squareRoot()
    static func imageAngle(_ t: Double) -> Double { 0.1 * sin(.pi * t) }
    static func imageInDevice(_ t: Double) -> Quaternion { Quaternion(axis: imageAxis, angle: imageAngle(t)) }
    /// IORI's body rate: dθ/dt about its fixed axis.
    static func imageRate(_ t: Double) -> SIMD3<Double> { imageAxis * (0.1 * .pi * cos(.pi * t)) }

    /// `rate` integrated from the identity at t = 0 in steps of 0.1 ms (the test's own integration), sampled at `times`.
    static func integrate(_ rate: (Double) -> SIMD3<Double>, at times: [Double]) -> [Quaternion] {
        var q = Quaternion.identity, t = 0.0
        let step = 1e-4
        return times.map { target in
            while t + step <= target + 1e-12 {
                let turn = rate(t + step / 2) * step
                let angle = (turn * turn).sum().squareRoot()
                if angle > 0 { q = (q * Quaternion(axis: turn / angle, angle: angle)).normalized() ?? q }
                t += step
            }
            return q
        }
    }

    /// Seconds of payloads, one a second: GYRO (200 Hz, SCAL 1000) and ACCL (200 Hz, SCAL 100) of `rate` and a
    /// constant specific force in D, stored in the HERO5's order; CORI and IORI (30 Hz, SCAL 32767) of
    /// `camera(t)` and `image(t)`, rotations in D, stored in `axes`.
    static func packets(seconds: Int = 4, rate: (Double) -> SIMD3<Double>, camera: ([Double]) -> [Quaternion],
                        image: (Double) -> Quaternion, axes: OrientationAxes) -> [DataPacket] {
        // The HERO5's stored order Z, X, Y of GoPro's axes (X right, Y forward, Z up): (y_D, x_D, -z_D).
        func hero5(_ d: SIMD3<Double>, scale: Double) -> [Int16] { [d.y, d.x, -d.z].map { Int16(($0 * scale).rounded()) } }
        func quaternion(_ q: Quaternion) -> [Int16] {
            let s = axes.stored(q)
            return [s.x, s.y, s.z, s.w].map { Int16(($0 * 32767).rounded()) }
        }
        let specificForce = SIMD3<Double>(0.5, 9.7, -1.2)
        return (0..<seconds).map { p in
            let gyroTimes = (0..<200).map { Double(p) + Double($0) / 200 }
            let frameTimes = (0..<30).map { Double(p) + Double($0) / 30 }
            let bytes = G.nest("DEVC", [
                G.klv("DVID", "L", size: 4, repeat: 1, G.uint32(1)),
                G.nest("STRM", [
                    G.klv("SIUN", "c", size: 5, repeat: 1, G.text("rad/s")),
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([1000])),
                    G.klv("GYRO", "s", size: 6, repeat: 200, G.int16s(gyroTimes.flatMap { hero5(rate($0), scale: 1000) })),
                ]),
                G.nest("STRM", [
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([100])),
                    G.klv("ACCL", "s", size: 6, repeat: 200, G.int16s(gyroTimes.flatMap { _ in hero5(specificForce, scale: 100) })),
                ]),
                G.nest("STRM", [
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([32767])),
                    G.klv("CORI", "s", size: 8, repeat: 30, G.int16s(camera(frameTimes).flatMap(quaternion))),
                ]),
                G.nest("STRM", [
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([32767])),
                    G.klv("IORI", "s", size: 8, repeat: 30, G.int16s(frameTimes.map(image).flatMap(quaternion))),
                ]),
            ])
            return DataPacket(time: Double(p), duration: 1, bytes: bytes)
        }
    }

    /// Neither a plain permutation nor as stored: x_D = Z, y_D = −X, z_D = −Y, the inverse rotation.
    static let unusualAxes = OrientationAxes(storedAxis: [2, 0, 1], sign: [1, -1, -1], inverse: true)

    func testTheAxesAreThe48ProperCandidatesAndRoundTrip() {
        XCTAssertEqual(OrientationAxes.all.count, 48)
        let q = Quaternion(axis: SIMD3(0.2, -0.5, 0.8) / (0.93).squareRoot(), angle: 0.7)
        for axes in OrientationAxes.all {
            let back = axes.quaternion(axes.stored(q))
            XCTAssertEqual(back.map { $0.angle(to: q) } ?? 1, 0, accuracy: 1e-12, "\(axes)")
        }
        XCTAssertEqual(Self.unusualAxes.description, "x_D = Z, y_D = −X, z_D = −Y, inverse")
    }

    func testCORIsAxesAreFoundAndThePictureMovesAsCameraThenImage() throws {
        let packets = Self.packets(rate: Self.cameraRate, camera: { Self.integrate(Self.cameraRate, at: $0) }, image: Self.imageInDevice,
                                   axes: Self.unusualAxes)
        let camera = try GPMFTelemetry.motion(path: "hero8.mp4", packets: packets)
        XCTAssertEqual(camera.cameraOrientation.count, 120)
        XCTAssertTrue(camera.isStabilisedInCamera)
        let fit = try XCTUnwrap(camera.orientationAxesFit())
        XCTAssertEqual(fit.best, Self.unusualAxes, fit.summary)
        XCTAssertNil(fit.refusal, fit.summary)
        XCTAssertLessThan(fit.bestDisagreement, 0.02, fit.summary)
        XCTAssertGreaterThan(fit.runnerUpDisagreement, OrientationAxesFit.runnerUpAtLeast, fit.summary)

        let log = RawLogReader.rawLog(camera)
        let note = "hero8.mp4: the picture was stabilised in the camera (IORI): using the picture's orientation"
        XCTAssertTrue(log.notes.contains { $0.hasPrefix(note) }, "\(log.notes)")
        XCTAssertEqual(log.count, camera.gyro.count)
        // ω_P = R(q_D←P)ᵀ·ω_D + ω_IORI, analytically, away from IORI's ends (held there).
        var worst = 0.0
        for (t, rate) in zip(log.time, log.gyro) where t > 0.05 && t < 3.9 {
            let expected = Self.imageInDevice(t).conjugate.rotate(Self.cameraRate(t)) + Self.imageRate(t)
            worst = max(worst, ((rate - expected) * (rate - expected)).sum().squareRoot())
        }
        XCTAssertLessThan(worst, 3e-3, "rad/s: the picture's rate against the analytic one")
        // The camera's own rate differs from the picture's by IORI's (about 0.3 rad/s at its peak): the test sees it.
        let i = try XCTUnwrap(log.time.firstIndex { $0 >= 2 })
        XCTAssertGreaterThan(((log.gyro[i] - camera.gyro.values[i]) * (log.gyro[i] - camera.gyro.values[i])).sum().squareRoot(), 0.1)
        // The accelerometer is seen from the picture too.
        let expectedForce = Self.imageInDevice(log.time[i]).conjugate.rotate(camera.accelerometer.values[i])
        let acc = try XCTUnwrap(log.acc)
        XCTAssertEqual(acc[i].x, expectedForce.x, accuracy: 0.01)
        XCTAssertEqual(acc[i].y, expectedForce.y, accuracy: 0.01)
        XCTAssertEqual(acc[i].z, expectedForce.z, accuracy: 0.01)
    }

    func testIORIIsNotUsedWhenCORIDoesNotFollowTheGyroscope() throws {
        // CORI turns steadily about one axis while the gyroscope says otherwise.
        let packets = Self.packets(rate: Self.cameraRate, camera: { $0.map { Quaternion(axis: [0, 0, 1], angle: 0.8 * $0) } },
                                   image: Self.imageInDevice, axes: Self.unusualAxes)
        let camera = try GPMFTelemetry.motion(path: "odd.mp4", packets: packets)
        let fit = try XCTUnwrap(camera.orientationAxesFit())
        XCTAssertGreaterThan(fit.bestDisagreement, OrientationAxesFit.agreement, fit.summary)
        let log = RawLogReader.rawLog(camera)
        XCTAssertEqual(log.gyro, camera.gyro.values)
        XCTAssertEqual(log.notes.filter { $0.contains("IORI") }.count, 1, "\(log.notes)")
        XCTAssertTrue(log.notes.contains { $0.hasPrefix("odd.mp4: the file says the picture was stabilised in the camera (IORI), but CORI does not "
                                                        + "follow the gyroscope in any axes") && $0.hasSuffix("IORI not used, the log is the camera's own motion") },
                      "\(log.notes)")
    }

    func testIORIIsNotUsedWhenTheMotionCannotTellCORIsAxes() throws {
        let packets = Self.packets(rate: Self.yawOnly, camera: { Self.integrate(Self.yawOnly, at: $0) }, image: Self.imageInDevice,
                                   axes: Self.unusualAxes)
        let camera = try GPMFTelemetry.motion(path: "yaw.mp4", packets: packets)
        let fit = try XCTUnwrap(camera.orientationAxesFit())
        XCTAssertLessThan(fit.runnerUpDisagreement, OrientationAxesFit.runnerUpAtLeast, fit.summary)
        let log = RawLogReader.rawLog(camera)
        XCTAssertEqual(log.gyro, camera.gyro.values)
        XCTAssertTrue(log.notes.contains { $0.contains("CORI's axes are not told apart by this motion") }, "\(log.notes)")
    }

    /// The payloads in a MOV's `gpmd` track beside a test pattern, each one second (ffmpeg's raw data demuxer cuts
    /// the file into the payloads, all of one size, and its setts filter times them), read by the commands.
    func testAStabilisedMOVThroughTheCommands() throws {
        let folder = try TemporaryFolder.make("stabilised-mov")
        defer { try? FileManager.default.removeItem(at: folder) }
        let packets = Self.packets(rate: Self.cameraRate, camera: { Self.integrate(Self.cameraRate, at: $0) }, image: Self.imageInDevice,
                                   axes: Self.unusualAxes)
        let size = packets[0].bytes.count
        XCTAssertTrue(packets.allSatisfy { $0.bytes.count == size })
        let payloads = folder.appendingPathComponent("payloads.bin"), mov = folder.appendingPathComponent("hero8.mov").path
        try Data(packets.flatMap(\.bytes)).write(to: payloads)
        let ffmpeg = try BuiltTool.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), [
            "-v", "error", "-f", "data", "-raw_packet_size", "\(size)", "-i", payloads.path,
            "-f", "lavfi", "-i", "testsrc=duration=4:size=64x48:rate=10", "-map", "1:v", "-map", "0", "-pix_fmt", "yuv420p",
            "-c:d", "copy", "-tag:d", "gpmd", "-bsf:d", "setts=ts=N/TB:duration=1/TB", "-f", "mov", mov])
        XCTAssertEqual(ffmpeg.status, 0, "ffmpeg (scripts/setup installs it): \(ffmpeg.stderr)")

        let said = "hero8.mov: the picture was stabilised in the camera (IORI): using the picture's orientation, CORI ⊗ IORI (CORI follows "
            + "the gyroscope in x_D = Z, y_D = −X, z_D = −Y, inverse"
        let raw = folder.appendingPathComponent("raw.csv").path
        let convert = try BuiltTool.run("attitude", ["convert", mov, "-o", raw])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        XCTAssertTrue(convert.stderr.contains(said), convert.stderr)
        let header = try String(contentsOfFile: raw, encoding: .utf8)
        XCTAssertTrue(header.contains("in the stabilised picture's frame (IORI applied") && !header.contains("in the device frame"), header)
        let written = try RawLogReader.read(path: raw)
        let expected = RawLogReader.rawLog(try GPMFTelemetry.motion(path: mov, packets: packets))
        XCTAssertEqual(written.count, expected.count)
        XCTAssertEqual(written.gyro, expected.gyro)
        let k = try XCTUnwrap(written.time.firstIndex { $0 >= 2.5 })
        let analytic = Self.imageInDevice(written.time[k]).conjugate.rotate(Self.cameraRate(written.time[k])) + Self.imageRate(written.time[k])
        XCTAssertLessThan(((written.gyro[k] - analytic) * (written.gyro[k] - analytic)).sum().squareRoot(), 3e-3)

        // The file as its own log behind its own picture (a test pattern here), with no --log.
        let snapshot = try BuiltTool.run("steady-dice", ["snapshot", "--video", mov, "--at", "2", "--video-at", "2", "--size", "64x48", "-o",
                                                         folder.appendingPathComponent("x.png").path])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        XCTAssertTrue(snapshot.stderr.contains("snapshot: no --log: \(mov) carries the camera's own motion (its gpmd track): it is the log"),
                      snapshot.stderr)
        XCTAssertTrue(snapshot.stderr.contains(said), snapshot.stderr)
    }

    func testAnIdentityIORIChangesNothing() throws {
        let packets = Self.packets(rate: Self.cameraRate, camera: { Self.integrate(Self.cameraRate, at: $0) }, image: { _ in .identity },
                                   axes: Self.unusualAxes)
        let camera = try GPMFTelemetry.motion(path: "steady.mp4", packets: packets)
        XCTAssertFalse(camera.isStabilisedInCamera)
        let (picture, note) = camera.pictureMotion()
        XCTAssertNil(note)
        XCTAssertEqual(picture.gyro.values, camera.gyro.values)
        let log = RawLogReader.rawLog(camera)
        XCTAssertEqual(log.gyro, camera.gyro.values)
        XCTAssertEqual(log.acc, camera.accelerometer.values)
        XCTAssertFalse(log.notes.contains { $0.contains("IORI") }, "\(log.notes)")
    }
}
