import AttitudeMath
import Calibration
import Camera
@testable import Footage
import Imaging
import LensProfiles
import Pixels
import Rig
@testable import RigCalibration
import XCTest

/// `RigCalibrator.judgeOnSpans`'s three steps (`spanMount`, `spanFieldOfView`, `spanBias`) over a `SpanMeasure`, on corners
/// made by projecting directions at infinity through a 60° pinhole that turns about its x and y axes at varying rates,
/// tracked with up to half a pixel of error, and a gyroscope in the camera's own axes (the identity mount) reading that
/// turn plus a bias.
final class JudgeOnSpansTests: XCTestCase {
    let truth = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 640, height: 480)))
    let bias = Angle.radians(fromDegrees: SIMD3(0.4, -0.6, 0.3))
    let degrees = Angle.degrees(fromRadians: 1.0)

    /// C at `t` into the world: a tilt about x and a pan about y, each swinging back and forth, so that the spans' turns
    /// differ in size and sign (a bias adds the same to each, a wrong field of view scales each).
    func worldFromCamera(_ t: Double) -> Quaternion {
        Quaternion(axis: SIMD3(1, 0, 0), angle: 0.04 * sin(1.1 * t + 1)) * Quaternion(axis: SIMD3(0, 1, 0), angle: 0.06 * sin(0.8 * t))
    }

    /// An 8 s clip at 30 fps of 3000 directions spread over the sphere seen through `camera` (the true pinhole unless
    /// given), each corner moved by up to `noisePixels`.
    func clip(noisePixels: Double = 0.5, through camera: LensCamera? = nil) -> ClipTracks {
        let camera = camera ?? truth
        var random = SplitMix64(seed: 11)
        let directions = (0..<3000).map { _ -> SIMD3<Double> in
            let z = 2 * random.uniform() - 1, azimuth = 2 * .pi * random.uniform()
            let r = (1 - z * z).squareRoot()
            return SIMD3(r * cos(azimuth), r * sin(azimuth), z)
        }
        var clip = ClipTracks()
        clip.size = PictureSize(fixedWidth: 640, height: 480)
        for k in 0..<240 {
            let t = Double(k) / 30
            let cameraFromWorld = worldFromCamera(t).conjugate
            clip.corners.append(directions.enumerated().compactMap { index, direction -> LivingCorner? in
                let seen = cameraFromWorld.rotate(direction)
                guard seen.z > 0.1, let pixel = camera.project(seen) else { return nil }
                let noisy = pixel + SIMD2(random.uniform() - 0.5, random.uniform() - 0.5) * 2 * noisePixels
                guard noisy.x >= 0, noisy.y >= 0, noisy.x <= 639, noisy.y <= 479 else { return nil }
                return LivingCorner(id: index, point: noisy)
            })
            clip.frameTimes.append(t)
        }
        return clip
    }

    /// The gyroscope at 400 Hz over the clip, in S = D (C's y and z reversed), reading the body's rate plus `bias`.
    func gyro() -> GyroIntegral {
        let h = 1.0 / 400
        let time = (0...3300).map { Double($0) * h }
        let rate = time.map { t -> SIMD3<Double> in
            let inC = (worldFromCamera(t - h / 2).conjugate * worldFromCamera(t + h / 2)).rotationVector / h
            return SIMD3(inC.x, -inC.y, -inC.z) + bias
        }
        return GyroIntegral(time: time, rate: rate)
    }

    /// A fitted rig with the true camera and the identity mount, each determined, and the frame pairs' bias `frameBias`
    /// with the standard error `errorDegrees` (°/s, each axis).
    func rig(frameBias: SIMD3<Double>, errorDegrees: Double) -> Rig {
        Rig(camera: truth, deviceFromIMU: .identity, timeOffset: TimeOffset(seconds: 0), gyroBiasRadiansPerSecond: frameBias,
            standardErrors: RigStandardErrors(timeOffsetSeconds: 0.001, verticalFieldOfViewFraction: 0.01, mountDegrees: SIMD3(1, 1, 1),
                                              gyroBiasRadiansPerSecond: SIMD3(repeating: errorDegrees / degrees)))
    }

    func measure(_ clip: ClipTracks) -> RigCalibrator.SpanMeasure {
        RigCalibrator.SpanMeasure(clip: clip, gyro: gyro(), timeOffsetSeconds: 0, cameraFromIMU: CameraFrame.cameraFromDevice)
    }

    // MARK: - The mount

    /// A video's own motion track whose frames are not turned upright gets the identity mount, given with standard error 0,
    /// where the frame pairs left the mount undetermined; any other rig's undetermined mount is left so, and not measured.
    func testAVideosOwnTrackGetsTheIdentityMountWithNoError() throws {
        let c = clip()
        let tilted = Quaternion(axis: SIMD3(0, 0, 1), angle: 0.3)
        var undetermined = rig(frameBias: .zero, errorDegrees: 0.05)
        undetermined.deviceFromIMU = tilted
        undetermined.standardErrors?.mountDegrees = SIMD3(5, 40, 5)
        undetermined.undetermined = CameraAxis.allCases.map { Undetermined(.mountAxis($0), standardError: "± 40°", why: "the clip hardly turned") }
            + [Undetermined(.mount, standardError: nil, why: "no axis of the mount is determined")]

        var track = undetermined
        XCTAssertEqual(RigCalibrator().spanMount(&track, clip: c, trackInCameraAxes: true), .identity)
        XCTAssertEqual(track.deviceFromIMU, .identity)
        XCTAssertEqual(track.standardErrors?.mountDegrees, .zero)
        XCTAssertTrue(track.determines(.mount) && CameraAxis.allCases.allSatisfy { track.determines(.mountAxis($0)) }, "\(track.undetermined)")

        var notTrack = undetermined
        XCTAssertNil(RigCalibrator().spanMount(&notTrack, clip: c, trackInCameraAxes: false))
        XCTAssertEqual(notTrack.deviceFromIMU, tilted)
        XCTAssertFalse(notTrack.determines(.mount))

        var upright = c
        upright.uprightTurnDegrees = 90
        var turned = undetermined
        XCTAssertNil(RigCalibrator().spanMount(&turned, clip: upright, trackInCameraAxes: true))
        XCTAssertEqual(turned.deviceFromIMU, tilted)

        // A determined mount is the fit's, and the spans are measured with it.
        var determined = rig(frameBias: .zero, errorDegrees: 0.05)
        determined.deviceFromIMU = tilted
        XCTAssertEqual(RigCalibrator().spanMount(&determined, clip: c, trackInCameraAxes: true), tilted)
        XCTAssertEqual(determined.standardErrors?.mountDegrees, SIMD3(1, 1, 1))
    }

    // MARK: - The field of view

    /// A camera the frame pairs left undetermined gets the spans' pinhole, within its standard error of the truth, and
    /// is then determined; beside a determined camera the spans' field of view is not written. The search runs over the
    /// production 20° to 120°: through a pinhole far narrower than the truth (45° and less here) the spans' corners miss
    /// a turn alone by pixels and their essential matrices give turns that come out larger, not smaller, so the scale
    /// falls through 1 there before it rises through 1 at the truth; the scan keeps the one rise.
    func testAnUndeterminedCameraGetsTheSpansFieldOfViewWithinItsError() throws {
        let spans = measure(clip())
        var r = rig(frameBias: .zero, errorDegrees: 0.05)
        r.camera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 45, size: PictureSize(fixedWidth: 640, height: 480)))
        r.undetermined = [Undetermined(.camera, standardError: "± 9%", why: "the clip hardly turned")]
        var said: [String] = []
        var calibrator = RigCalibrator()
        calibrator.progress = { said.append($0) }
        let pinhole = try XCTUnwrap(calibrator.spanFieldOfView(&r, spans: spans), "\(said)")
        let fov = try XCTUnwrap(pinhole.verticalFieldOfViewDegrees)
        let error = try XCTUnwrap(r.standardErrors?.verticalFieldOfViewFraction) * fov
        XCTAssertTrue(r.determines(.camera))
        XCTAssertEqual(try XCTUnwrap(r.camera?.verticalFieldOfViewDegrees), fov, accuracy: 1e-9)
        XCTAssertGreaterThan(error, 0)
        XCTAssertLessThanOrEqual(abs(fov - 60), error, "\(fov)° ± \(error)°")

        var determined = rig(frameBias: .zero, errorDegrees: 0.05)
        XCTAssertNil(try RigCalibrator().spanFieldOfView(&determined, spans: spans))
        XCTAssertEqual(determined.camera?.pinhole, truth.pinhole)
        XCTAssertEqual(determined.standardErrors?.verticalFieldOfViewFraction, 0.01)
    }

    /// Starting from a lens profile, the spans fit the focal length through the profile's lens: on a clip through a 70°
    /// fisheye, a profile of that lens at 90° gives back 70° within its standard error, written with the profile's
    /// coefficients and principal point (given values: no standard error for them), and said so.
    func testFromALensProfileTheSpansFitTheFocalLengthThroughItsLens() throws {
        let lens = Lens.fisheye(SIMD4(0.05, 0.01, -0.02, 0.02))
        let fisheye = try XCTUnwrap(LensCamera(verticalFieldOfViewDegrees: 70, size: PictureSize(fixedWidth: 640, height: 480), lens: lens))
        let spans = measure(clip(through: fisheye))
        var start = try XCTUnwrap(LensCamera(verticalFieldOfViewDegrees: 90, size: PictureSize(fixedWidth: 640, height: 480), lens: lens))
        start.pinhole.cx = 321.5
        let profile = LensProfileChoice(model: "HERO5 Black", profile: LensProfile(name: "P", brand: "GoPro", model: "HERO5 Black", mode: "Wide",
                                                                                  camera: start),
                                        camera: start, modes: ["Wide"])
        var r = rig(frameBias: .zero, errorDegrees: 0.05)
        r.camera = start
        r.undetermined = [Undetermined(.camera, standardError: "± 9%", why: "the clip hardly turned")]
        var said: [String] = []
        var calibrator = RigCalibrator()
        calibrator.progress = { said.append($0) }
        let found = try XCTUnwrap(calibrator.spanFieldOfView(&r, spans: spans, profile: profile), "\(said)")
        XCTAssertEqual(found.lens, lens)
        XCTAssertEqual(found.pinhole.cx, 321.5)
        XCTAssertEqual(r.camera, found)
        XCTAssertTrue(r.determines(.camera))
        XCTAssertNil(r.standardErrors?.lensCoefficients, "the profile's coefficients are given, not estimated")
        let fov = try XCTUnwrap(found.verticalFieldOfViewDegrees)
        let error = try XCTUnwrap(r.standardErrors?.verticalFieldOfViewFraction) * fov
        XCTAssertLessThanOrEqual(abs(fov - 70), max(error, 0.2), "\(fov)° ± \(error)°")
        XCTAssertTrue(said.contains { $0.contains("through lens profile P's fisheye") && $0.contains("the lens's coefficients are the profile's, given, not estimated") },
                      "\(said)")
    }

    // MARK: - The bias

    /// A frame-pair bias several joint standard errors off the spans' is replaced by the spans', which is the gyroscope's
    /// within its own standard errors; one within them is kept.
    func testAFramePairBiasFarOffIsReplacedAndOneWithinItsErrorIsKept() throws {
        let spans = measure(clip())
        let off = bias + SIMD3(0.3, -0.3, 0.3) / degrees
        var far = rig(frameBias: off, errorDegrees: 0.02)
        try RigCalibrator().spanBias(&far, spans: spans, camera: truth, centralOnly: false, through: "the true camera")
        let written = try XCTUnwrap(far.gyroBiasRadiansPerSecond)
        let error = try XCTUnwrap(far.standardErrors?.gyroBiasRadiansPerSecond) * degrees
        XCTAssertNotEqual(written, off)
        XCTAssertLessThan(error.max(), Determination.gyroBiasErrorLimitRadiansPerSecond * degrees)
        for axis in 0..<3 {
            XCTAssertLessThanOrEqual(abs(written[axis] - bias[axis]) * degrees, 3 * error[axis], "axis \(axis): \(written * degrees) °/s ± \(error)")
        }

        let near = bias + SIMD3(0.005, -0.005, 0.005) / degrees
        var close = rig(frameBias: near, errorDegrees: 0.02)
        try RigCalibrator().spanBias(&close, spans: spans, camera: truth, centralOnly: false, through: "the true camera")
        XCTAssertEqual(close.gyroBiasRadiansPerSecond, near)
        XCTAssertEqual(close.standardErrors?.gyroBiasRadiansPerSecond, SIMD3(repeating: 0.02 / degrees))
    }
}
