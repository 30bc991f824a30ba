import AttitudeMath
import CameraMotion
import Foundation
import LogTestSupport
import RawLog
import XCTest

/// In-camera stabilisation (GoPro CORI and IORI): payloads built by hand (LogTestSupport's `StabilisedGoPro`), with CORI
/// following a known gyroscope motion in some axes and IORI a known counter-rotation, read through `RawLogReader.rawLog`,
/// which every command taking a video as its log goes through (the same payloads in a MOV through the commands are
/// CommandLineTests' `CameraMotionCommandTests`).
final class PictureOrientationTests: XCTestCase {
    typealias S = StabilisedGoPro

    /// A rate about D's y alone: CORI's x and z axes cannot be told apart by it.
    static func yawOnly(_ t: Double) -> SIMD3<Double> { SIMD3(0, 0.5 * cos(2 * .pi * 0.45 * t), 0) }

    func testTheAxesAreThe48ProperCandidatesAndRoundTrip() {
        XCTAssertEqual(OrientationAxes.all.count, 48)
        let q = Quaternion(axis: SIMD3(0.2, -0.5, 0.8) / (0.93).squareRoot(), angle: 0.7)
        for axes in OrientationAxes.all {
            let back = axes.quaternion(axes.stored(q))
            XCTAssertEqual(back.map { $0.angle(to: q) } ?? 1, 0, accuracy: 1e-12, "\(axes)")
        }
        XCTAssertEqual(S.unusualAxes.description, "x_D = Z, y_D = −X, z_D = −Y, inverse")
    }

    func testCORIsAxesAreFoundAndThePictureMovesAsCameraThenImage() throws {
        let packets = S.packets(rate: S.cameraRate, camera: { S.integrate(S.cameraRate, at: $0) }, image: S.imageInDevice,
                                axes: S.unusualAxes)
        let camera = try GPMFTelemetry.motion(path: "hero8.mp4", packets: packets)
        XCTAssertEqual(camera.cameraOrientation.count, 120)
        XCTAssertTrue(camera.isStabilisedInCamera)
        let fit = try XCTUnwrap(camera.orientationAxesFit())
        XCTAssertEqual(fit.best, S.unusualAxes, fit.summary)
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
            let expected = S.imageInDevice(t).conjugate.rotate(S.cameraRate(t)) + S.imageRate(t)
            worst = max(worst, (rate - expected).length)
        }
        XCTAssertLessThan(worst, 3e-3, "rad/s: the picture's rate against the analytic one")
        // The camera's own rate differs from the picture's by IORI's (about 0.3 rad/s at its peak): the test sees it.
        let i = try XCTUnwrap(log.time.firstIndex { $0 >= 2 })
        XCTAssertGreaterThan((log.gyro[i] - camera.gyro.values[i]).length, 0.1)
        // The accelerometer is seen from the picture too.
        let expectedForce = S.imageInDevice(log.time[i]).conjugate.rotate(camera.accelerometer.values[i])
        let acc = try XCTUnwrap(log.acc)
        XCTAssertEqual(acc[i].x, expectedForce.x, accuracy: 0.01)
        XCTAssertEqual(acc[i].y, expectedForce.y, accuracy: 0.01)
        XCTAssertEqual(acc[i].z, expectedForce.z, accuracy: 0.01)
    }

    func testIORIIsNotUsedWhenCORIDoesNotFollowTheGyroscope() throws {
        // CORI turns steadily about one axis while the gyroscope says otherwise.
        let packets = S.packets(rate: S.cameraRate, camera: { $0.map { Quaternion(axis: [0, 0, 1], angle: 0.8 * $0) } },
                                image: S.imageInDevice, axes: S.unusualAxes)
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
        let packets = S.packets(rate: Self.yawOnly, camera: { S.integrate(Self.yawOnly, at: $0) }, image: S.imageInDevice,
                                axes: S.unusualAxes)
        let camera = try GPMFTelemetry.motion(path: "yaw.mp4", packets: packets)
        let fit = try XCTUnwrap(camera.orientationAxesFit())
        XCTAssertLessThan(fit.runnerUpDisagreement, OrientationAxesFit.runnerUpAtLeast, fit.summary)
        let log = RawLogReader.rawLog(camera)
        XCTAssertEqual(log.gyro, camera.gyro.values)
        XCTAssertTrue(log.notes.contains { $0.contains("CORI's axes are not told apart by this motion") }, "\(log.notes)")
    }

    func testAnIdentityIORIChangesNothing() throws {
        let packets = S.packets(rate: S.cameraRate, camera: { S.integrate(S.cameraRate, at: $0) }, image: { _ in .identity },
                                axes: S.unusualAxes)
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
