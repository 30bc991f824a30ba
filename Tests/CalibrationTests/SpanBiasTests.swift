import AttitudeMath
@testable import Calibration
import Camera
import Pixels
import Rig
import XCTest

/// The gyroscope's bias from the picture's own turn over spans (`SpanBias`), and where it stands against the frame
/// pairs' (`Determination.judge(_:spans:)`).
final class SpanBiasTests: XCTestCase {
    let degrees = Angle.degrees(fromRadians: 1.0)
    let mount = Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)  // D from S
    var cameraFromIMU: Quaternion { CameraFrame.cameraFromDevice * mount }

    /// A gyroscope reading `truth`'s rates plus `bias`, 200 Hz over 12 s, and spans of 2 s every 0.5 s of a 30 fps clip
    /// whose picture turns as the body truly does (each span's turn off by `noiseDegrees` at random, about each axis).
    /// `steadyPan` (rad/s) adds a constant turn about S's x, which the mount makes a pan about C's y.
    func clip(bias: SIMD3<Double>, noiseDegrees: Double = 0, steadyPan: Double = 0) -> (gyro: GyroIntegral, frames: [Double], spans: [PictureSpan]) {
        let time = (0...2400).map { Double($0) / 200 }
        func truth(_ t: Double) -> SIMD3<Double> { SIMD3(0.3 * sin(1.1 * t) + steadyPan, 0.2 * cos(0.7 * t), 0.25 * sin(0.5 * t + 1)) }
        let trueGyro = GyroIntegral(time: time, rate: time.map(truth))
        let gyro = GyroIntegral(time: time, rate: time.map { truth($0) + bias })
        let frames = (0..<360).map { Double($0) / 30 }
        var random = SplitMix64(seed: 7)
        var spans: [PictureSpan] = []
        for first in stride(from: 0, to: 300, by: 15) {
            let last = first + 60
            let body = cameraFromIMU.rotate(trueGyro.rotation(from: frames[first], to: frames[last]))
            let noise = SIMD3((0..<3).map { _ in (random.uniform() * 2 - 1) * noiseDegrees / degrees })
            spans.append(PictureSpan(firstFrame: first, lastFrame: last, turn: Quaternion(rotationVector: noise) * Quaternion(rotationVector: -body), points: 100))
        }
        return (gyro, frames, spans)
    }

    /// Exact spans give the bias to a thousandth of a degree per second: it is taken out of each of the log's 5 ms steps,
    /// to second order in the step, over spans that turn by up to 40°.
    func testTheBiasIsFoundFromExactSpans() throws {
        let bias = SIMD3(1.1, -0.04, 1.2) / degrees
        let c = clip(bias: bias)
        let fit = try XCTUnwrap(SpanBias.fit(c.spans, frameTimes: c.frames, gyro: c.gyro, timeOffsetSeconds: 0, cameraFromIMU: cameraFromIMU, overlap: 4))
        XCTAssertEqual(fit.spansUsed, c.spans.count)
        XCTAssertLessThan((fit.gyroBiasRadiansPerSecond - bias).length * degrees, 1e-3, "\(fit.gyroBiasRadiansPerSecond * degrees)")
        XCTAssertLessThan(fit.standardErrorRadiansPerSecond.max() * degrees, 1e-3)
        XCTAssertEqual(fit.turnScale.value, 1, accuracy: 1e-4, "the picture turns as far as the gyroscope")
    }

    /// The picture's turns about C's x and y scaled by 1.1 (as through a pinhole whose field of view is too wide) give a
    /// turn scale of 1.1; and over a clip that keeps panning one way the bias fitted with the scale stays the gyroscope's,
    /// where fitted alone it would take on a tenth of the pan.
    func testTheTurnScaleIsThePicturesTurnsOverTheGyroscopesAndLeavesTheBiasAlone() throws {
        let bias = SIMD3(0.3, -0.2, 0.1) / degrees
        let c = clip(bias: bias, steadyPan: 0.2)
        let scaled = c.spans.map { span -> PictureSpan in
            var r = span.turn.rotationVector
            r.x *= 1.1; r.y *= 1.1
            return PictureSpan(firstFrame: span.firstFrame, lastFrame: span.lastFrame, turn: Quaternion(rotationVector: r), points: span.points)
        }
        let fit = try XCTUnwrap(SpanBias.fit(scaled, frameTimes: c.frames, gyro: c.gyro, timeOffsetSeconds: 0, cameraFromIMU: cameraFromIMU, overlap: 4))
        XCTAssertEqual(fit.turnScale.value, 1.1, accuracy: 1e-3)
        XCTAssertLessThan((fit.gyroBiasRadiansPerSecond - bias).length * degrees, 1e-3, "\(fit.gyroBiasRadiansPerSecond * degrees)")
    }

    /// The field of view where the turn scale crosses 1, found by bisection, with its error over the scale's slope.
    func testTheFieldOfViewIsWhereTheTurnScaleIsOne() throws {
        func spans(_ fov: Double) -> SpanBias {
            let k = tan(fov * .pi / 360) / tan(48 * .pi / 360)
            return SpanBias(gyroBiasRadiansPerSecond: .zero, standardErrorRadiansPerSecond: .zero, residualRMS: .zero, spansUsed: 20, spansGiven: 20, turnScale: SpanBias.Estimate(value: k, standardError: 0.01))
        }
        let found = try XCTUnwrap(SpanBias.fieldOfView(range: 20...120, spans: spans))
        XCTAssertEqual(found.degrees, 48, accuracy: 0.05)
        // dk/dfov at 48°: (1 + tan²(24°)) · π/360 / tan(24°) per degree; the error is 0.01 over it, as a share of 48°.
        let slope = (1 + pow(tan(Angle.radians(fromDegrees: 24.0)), 2)) * .pi / 360 / tan(Angle.radians(fromDegrees: 24.0))
        XCTAssertEqual(found.standardErrorFraction, 0.01 / slope / 48, accuracy: 1e-4)
        XCTAssertNil(SpanBias.fieldOfView(range: 50...120, spans: spans), "no crossing inside the range")
    }

    /// With each span's turn off by up to 0.2° at random, the bias is found to within three of its standard errors, and
    /// those are a few hundredths of a degree per second.
    func testNoisySpansGiveTheBiasWithinItsStandardError() throws {
        let bias = SIMD3(0.5, 0.3, -0.8) / degrees
        let c = clip(bias: bias, noiseDegrees: 0.2)
        let fit = try XCTUnwrap(SpanBias.fit(c.spans, frameTimes: c.frames, gyro: c.gyro, timeOffsetSeconds: 0, cameraFromIMU: cameraFromIMU, overlap: 4))
        let off = (fit.gyroBiasRadiansPerSecond - bias) * degrees, error = fit.standardErrorRadiansPerSecond * degrees
        for k in 0..<3 {
            XCTAssertLessThan(abs(off[k]), 3 * error[k], "axis \(k): off \(off[k]) °/s, ± \(error[k])")
            XCTAssertGreaterThan(error[k], 0.005)
            XCTAssertLessThan(error[k], 0.1)
        }
    }

    /// A span whose turn is far off the rest (a scene that moved) is left out.
    func testASpanFarOffTheRestIsLeftOut() throws {
        let bias = SIMD3(0.2, 0.2, 0.2) / degrees
        var c = clip(bias: bias, noiseDegrees: 0.05)
        c.spans[5].turn = Quaternion(axis: SIMD3(0, 1, 0), angle: 0.3) * c.spans[5].turn
        let fit = try XCTUnwrap(SpanBias.fit(c.spans, frameTimes: c.frames, gyro: c.gyro, timeOffsetSeconds: 0, cameraFromIMU: cameraFromIMU, overlap: 4))
        XCTAssertEqual(fit.spansUsed, c.spans.count - 1)
        XCTAssertLessThan((fit.gyroBiasRadiansPerSecond - bias).length * degrees, 0.05)
    }

    func testTooFewSpansGiveNoBias() {
        let c = clip(bias: .zero)
        XCTAssertNil(SpanBias.fit(Array(c.spans.prefix(3)), frameTimes: c.frames, gyro: c.gyro, timeOffsetSeconds: 0, cameraFromIMU: cameraFromIMU, overlap: 4))
    }

    // MARK: - Which bias stands

    func rig(bias: SIMD3<Double>, errorDegrees: Double, determined: Bool = true) -> Rig {
        var r = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 640, height: 480))), deviceFromIMU: mount,
                    timeOffset: TimeOffset(seconds: 0), readoutSeconds: nil, gyroBiasRadiansPerSecond: bias,
                    standardErrors: RigStandardErrors(timeOffsetSeconds: 0.0005, verticalFieldOfViewFraction: 0.005, mountDegrees: SIMD3(0.5, 0.5, 0.5),
                                                      readoutSeconds: nil, lensCoefficients: nil,
                                                      gyroBiasRadiansPerSecond: SIMD3(repeating: errorDegrees / degrees)),
                    fit: nil)
        if !determined { r.undetermined = [Undetermined(.gyroBias, standardError: "± 0.3", why: "the prior holds it")] }
        return r
    }

    func spans(bias: SIMD3<Double>, errorDegrees: Double) -> SpanBias {
        SpanBias(gyroBiasRadiansPerSecond: bias, standardErrorRadiansPerSecond: SIMD3(repeating: errorDegrees / degrees), residualRMS: .zero, spansUsed: 20, spansGiven: 20, turnScale: SpanBias.Estimate(value: 1, standardError: 0.01))
    }

    func testTheFramePairsBiasStandsWhereTheSpansAgree() {
        var r = rig(bias: SIMD3(0.2, 0.4, -0.1) / degrees, errorDegrees: 0.05)
        let verdict = Determination.judge(&r, spans: spans(bias: SIMD3(0.25, 0.35, -0.15) / degrees, errorDegrees: 0.04))
        XCTAssertEqual(verdict, .agrees)
        XCTAssertEqual(r.gyroBiasRadiansPerSecond, SIMD3(0.2, 0.4, -0.1) / degrees)
    }

    func testTheSpansBiasIsWrittenWhereTheFramePairsAreFarOff() throws {
        var r = rig(bias: SIMD3(0.78, 0.07, 0.23) / degrees, errorDegrees: 0.08)
        let verdict = Determination.judge(&r, spans: spans(bias: SIMD3(1.1, 0, 1.2) / degrees, errorDegrees: 0.05))
        guard case .replaced(let previous?, let off) = verdict else { return XCTFail("\(verdict)") }
        XCTAssertEqual(previous, SIMD3(0.78, 0.07, 0.23) / degrees)
        XCTAssertEqual(try XCTUnwrap(off), 0.97 / (0.08 * 0.08 + 0.05 * 0.05).squareRoot(), accuracy: 1e-9, "z is the worst axis")
        XCTAssertEqual(r.gyroBiasRadiansPerSecond, SIMD3(1.1, 0, 1.2) / degrees)
        let written = try XCTUnwrap(r.standardErrors?.gyroBiasRadiansPerSecond)
        XCTAssertEqual(written.x * degrees, 0.05, accuracy: 1e-12)
    }

    func testTheSpansBiasIsWrittenWhereTheFramePairsLeftItUndetermined() {
        var r = rig(bias: .zero, errorDegrees: 0.3, determined: false)
        XCTAssertEqual(Determination.judge(&r, spans: spans(bias: SIMD3(0.5, 0.5, 0.5) / degrees, errorDegrees: 0.05)),
                       .replaced(previous: nil, sigmasOff: nil))
        XCTAssertTrue(r.determines(.gyroBias))
        XCTAssertEqual(r.gyroBiasRadiansPerSecond, SIMD3(0.5, 0.5, 0.5) / degrees)
    }

    func testSpansThatDoNotNarrowTheBiasChangeNothing() {
        var r = rig(bias: SIMD3(0.78, 0.07, 0.23) / degrees, errorDegrees: 0.08)
        XCTAssertEqual(Determination.judge(&r, spans: spans(bias: SIMD3(2, 2, 2) / degrees, errorDegrees: 0.2)), .undetermined)
        XCTAssertEqual(r.gyroBiasRadiansPerSecond, SIMD3(0.78, 0.07, 0.23) / degrees)
    }

    // MARK: - The spans' camera and the track's mount

    /// A rig whose frame pairs left the camera (a fisheye's coefficients too) and the whole mount undetermined.
    func undeterminedCameraAndMount() -> Rig {
        var r = rig(bias: .zero, errorDegrees: 0.05)
        r.camera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 125, size: PictureSize(fixedWidth: 854, height: 480)), lens: .fisheye(SIMD4(1, 2, 3, 4)))
        r.deviceFromIMU = Quaternion(axis: SIMD3(0.3, 0.8, 0.5), angle: 2)
        r.standardErrors?.lensCoefficients = [9, 78, 240, 300]
        r.undetermined = [Undetermined(.camera, standardError: "± 6%", why: "sub-pixel"), Undetermined(.lensCoefficient(1), standardError: "± 9", why: "corner"),
                          Undetermined(.readout, standardError: nil, why: "below 0"), Undetermined(.mountAxis(.x), standardError: "± 5°", why: "turns"),
                          Undetermined(.mount, standardError: nil, why: "no axis")]
        return r
    }

    func testTheSpansFieldOfViewIsWrittenAsAPinholeWithinTheFramePairsRule() throws {
        var r = undeterminedCameraAndMount()
        XCTAssertTrue(Determination.judge(&r, spanFieldOfView: 47.76, standardErrorFraction: 0.018, size: PictureSize(fixedWidth: 854, height: 480)))
        let camera = try XCTUnwrap(r.camera)
        XCTAssertEqual(camera.pinhole.verticalFieldOfViewDegrees, 47.76, accuracy: 1e-9)
        XCTAssertEqual(camera.lens.modelName, LensCamera(pinhole: camera.pinhole).lens.modelName, "a pinhole, no coefficients")
        XCTAssertEqual(r.standardErrors?.verticalFieldOfViewFraction, 0.018)
        XCTAssertNil(r.standardErrors?.lensCoefficients)
        XCTAssertEqual(r.undetermined.map(\.quantity.fileKey), ["rolling_shutter_readout_s", "imu_to_camera_x", "imu_to_camera"])
    }

    /// Measured through a lens given with its coefficients (a lens profile's), the spans' camera is written as that lens:
    /// its coefficients without standard errors, as they were given, not estimated.
    func testTheSpansFieldOfViewThroughAGivenLensIsWrittenAsThatLens() throws {
        var r = undeterminedCameraAndMount()
        let given = try XCTUnwrap(LensCamera(verticalFieldOfViewDegrees: 47.76, size: PictureSize(fixedWidth: 854, height: 480), lens: .fisheye(SIMD4(0.05, 0.01, -0.02, 0.02))))
        XCTAssertTrue(Determination.judge(&r, spanFieldOfView: 47.76, standardErrorFraction: 0.018, size: PictureSize(fixedWidth: 854, height: 480), camera: given))
        XCTAssertEqual(r.camera, given)
        XCTAssertNil(r.standardErrors?.lensCoefficients)
        XCTAssertEqual(r.undetermined.map(\.quantity.fileKey), ["rolling_shutter_readout_s", "imu_to_camera_x", "imu_to_camera"])
    }

    /// A starting camera's coefficients start the lens's estimate where its lens is of the model estimated, else none do.
    func testAStartingCamerasCoefficientsStartTheLensOfItsModel() {
        var calibration = CameraIMUCalibration(size: PictureSize(fixedWidth: 854, height: 480), framesPerSecond: 30, frameCount: 10,
                                               gyro: GyroIntegral(time: [0, 1], rate: [.zero, .zero]))
        calibration.lensModel = .fisheye
        XCTAssertEqual(calibration.startingCoefficients(count: 4), [0, 0, 0, 0], "no starting camera")
        calibration.startingCamera = LensCamera(pinhole: PinholeCamera(focalLength: 389, size: PictureSize(fixedWidth: 854, height: 480)), lens: .fisheye(SIMD4(0.05, 0.01, -0.02, 0.02)))
        XCTAssertEqual(calibration.startingCoefficients(count: 4), [0.05, 0.01, -0.02, 0.02])
        calibration.lensModel = .radial
        XCTAssertEqual(calibration.startingCoefficients(count: 2), [0, 0], "a fisheye does not start a radial lens")
        calibration.lensModel = .pinhole
        XCTAssertEqual(calibration.startingCoefficients(count: 0), [])
    }

    func testTheSpansFieldOfViewPastTheRuleOrBesideADeterminedCameraIsNotWritten() {
        var wide = undeterminedCameraAndMount()
        XCTAssertFalse(Determination.judge(&wide, spanFieldOfView: 47.76, standardErrorFraction: 0.021, size: PictureSize(fixedWidth: 854, height: 480)))
        XCTAssertFalse(wide.determines(.camera))
        var determined = rig(bias: .zero, errorDegrees: 0.05)
        XCTAssertFalse(Determination.judge(&determined, spanFieldOfView: 40, standardErrorFraction: 0.001, size: PictureSize(fixedWidth: 640, height: 480)))
        XCTAssertEqual(determined.camera?.pinhole.verticalFieldOfViewDegrees ?? 0, 60, accuracy: 1e-9, "the frame pairs' camera stands")
    }

    func testTheTracksAxesAreTheMountWhereTheFramePairsLeftItUndetermined() {
        var r = undeterminedCameraAndMount()
        XCTAssertTrue(Determination.takeTrackAxes(&r))
        XCTAssertEqual(r.deviceFromIMU, .identity)
        XCTAssertEqual(r.standardErrors?.mountDegrees, .zero)
        XCTAssertEqual(r.undetermined.map(\.quantity.fileKey), ["camera_matrix", "k1", "rolling_shutter_readout_s"])
        var determined = rig(bias: .zero, errorDegrees: 0.05)
        XCTAssertFalse(Determination.takeTrackAxes(&determined))
        XCTAssertEqual(determined.deviceFromIMU, mount, "a determined mount stands")
    }
}
