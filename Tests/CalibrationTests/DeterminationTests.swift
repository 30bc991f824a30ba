import AttitudeMath
@testable import Calibration
import Camera
import Pixels
import XCTest
import Rig

/// The one rule that decides which of a calibration's numbers are written (docs/calibration.md, "Which numbers
/// are written"): each on its own standard error against its documented threshold.
final class DeterminationTests: XCTestCase {
    /// A result with every standard error well under its threshold, the picture moving 3 px a frame.
    func result(mount: Quaternion = Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)) -> Rig {
        var fit = RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 100, framesTotal: 100, turnedDegrees: SIMD3(100, 100, 100))
        fit.medianPixelsPerPair = 3
        return Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 640, height: 480))), deviceFromIMU: mount,
                   timeOffset: TimeOffset(seconds: 0.04), readoutSeconds: 0.02, gyroBiasRadiansPerSecond: .zero,
                   standardErrors: RigStandardErrors(timeOffsetSeconds: 0.0005, verticalFieldOfViewFraction: 0.005,
                                                     mountDegrees: SIMD3(0.5, 0.5, 0.5), readoutSeconds: 0.001,
                                                     lensCoefficients: nil, gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0.02, 0.02, 0.02))),
                   fit: fit)
    }

    func judged(_ r: Rig, fitsCamera: Bool = true) -> Rig {
        var r = r
        Determination.judge(&r, framePeriod: 1.0 / 30, fitsCamera: fitsCamera)
        return r
    }

    func testEveryNumberUnderItsThresholdIsDetermined() {
        let r = judged(result())
        XCTAssertEqual(r.undetermined.map(\.quantity.fileKey), [])
        XCTAssertLessThan(try XCTUnwrap(r.deviceFromIMU).angle(to: Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)), 1e-12, "a determined mount is kept")
    }

    /// A readout fitted a little below 0 (a global shutter, within twice its standard error) is written as 0, which the
    /// file's readers take ([0, 1] s); one further below is not determined. Found when the readers' bounds refused a
    /// live rig's calibration written with -0.054 ms.
    func testANegativeReadoutIsZeroWithinItsErrorElseUndetermined() {
        var r = result()
        r.readoutSeconds = -0.000054
        let zero = judged(r)
        XCTAssertEqual(zero.readoutSeconds, 0)
        XCTAssertEqual(zero.undetermined.map(\.quantity.fileKey), [])
        r.readoutSeconds = -0.0021
        let below = judged(r)
        XCTAssertEqual(below.undetermined.map(\.quantity.fileKey), ["rolling_shutter_readout_s"])
        XCTAssertTrue(below.undetermined.first?.why.contains("-2.10 ms") == true, "\(below.undetermined)")
        r.fit?.medianPixelsPerPair = 0.4
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["camera_matrix", "rolling_shutter_readout_s"], "listed once")
    }

    /// Each threshold, just over it: only that number is listed, with its standard error.
    func testEachNumberIsJudgedOnItsOwn() {
        var r = result()
        r.standardErrors?.timeOffsetSeconds = 0.1 / 30 * 1.01
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["time_offset_s"])
        r = result()
        r.standardErrors?.verticalFieldOfViewFraction = 0.021
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["camera_matrix"])
        XCTAssertEqual(judged(r, fitsCamera: false).undetermined.map(\.quantity.fileKey), [], "a given camera is not judged")
        r = result()
        r.standardErrors?.readoutSeconds = 0.2 / 30 * 1.01
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["rolling_shutter_readout_s"])
        r = result()
        r.standardErrors?.gyroBiasRadiansPerSecond = Angle.radians(fromDegrees: SIMD3(0.02, 0.11, 0.02))
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["gyro_bias"])
        r = result()
        r.fit?.medianPixelsPerPair = 0.4
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["camera_matrix", "rolling_shutter_readout_s"], "sub-pixel motion")
        r = result()
        r.standardErrors?.mountDegrees = SIMD3(0.5, 2.1, 0.5)
        let y = judged(r).undetermined
        XCTAssertEqual(y.map(\.quantity.fileKey), ["imu_to_camera_y"])
        XCTAssertEqual(y.first?.standardError, "± 2.1°")
        r.standardErrors?.mountDegrees = SIMD3(3, 3, 3)
        XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), ["imu_to_camera_x", "imu_to_camera_y", "imu_to_camera_z", "imu_to_camera"])
    }

    /// A readout outside 0 to the frame period is no rolling shutter's, however small its standard error (the GoPro
    /// clip's fisheye fit gave -20.7 ms, a CAMM copy of the phone clip 35.1 ms at 30 fps): not determined, saying so.
    func testAReadoutOutsideTheFramePeriodIsNotDetermined() {
        for readout in [-0.0207, 0.0351, Double.nan] {
            var r = result()
            r.readoutSeconds = readout
            let judged = judged(r).undetermined
            XCTAssertEqual(judged.map(\.quantity.fileKey), ["rolling_shutter_readout_s"], "\(readout)")
            XCTAssertTrue(judged.first?.why.contains("outside 0 to the frame period (33.33 ms), which no rolling shutter reads in") == true,
                          "\(judged)")
        }
        for readout in [0.0, 0.0333] {
            var r = result()
            r.readoutSeconds = readout
            XCTAssertEqual(judged(r).undetermined.map(\.quantity.fileKey), [], "\(readout) s is a readout")
        }
    }

    /// An undetermined axis takes no turn about it: the rotation about that camera axis nearest to identity, the
    /// turn about the other axes kept.
    func testAnUndeterminedMountAxisTakesNoTurnAboutIt() throws {
        // A quarter turn about the device's z (determined), then 13° about the camera's x (C's x is D's x).
        let truth = Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)
        let found = Quaternion(axis: SIMD3(1, 0, 0), angle: Angle.radians(fromDegrees: 13)) * truth
        var r = result(mount: found)
        r.standardErrors?.mountDegrees = SIMD3(3.9, 0.5, 0.5)
        let projected = try XCTUnwrap(judged(r).deviceFromIMU)
        XCTAssertLessThan(Angle.degrees(fromRadians: projected.angle(to: truth)), 1e-9, "\(projected)")
        // About D's y (C's y flipped): the same.
        let tilted = Quaternion(axis: SIMD3(0, 1, 0), angle: -0.3) * truth
        XCTAssertLessThan(Determination.nearestIdentity(tilted, aboutCameraAxes: [1]).angle(to: truth), 1e-9)
        XCTAssertLessThan(Determination.nearestIdentity(found, aboutCameraAxes: []).angle(to: found), 1e-12)
    }

    /// A known camera for pictures of another size is refused before anything is fitted, saying both sizes (one check,
    /// here; `RigCalibrator` names the intrinsics file when it rewords it).
    func testAKnownCameraOfAnotherSizeIsRefusedFirst() {
        var calibration = CameraIMUCalibration(size: PictureSize(fixedWidth: 320, height: 240), framesPerSecond: 30, frameCount: 10,
                                               gyro: GyroIntegral(time: [0, 1], rate: [.zero, .zero]))
        calibration.knownCamera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 640, height: 480)), lens: .pinhole)
        // Ten frames would be refused as too short: the size is checked first.
        XCTAssertThrowsError(try calibration.fit([])) { error in
            XCTAssertEqual(error as? CalibrationError, .intrinsicsSize(PictureSize(fixedWidth: 640, height: 480), clip: PictureSize(fixedWidth: 320, height: 240)))
            XCTAssertTrue("\(error)".contains("the intrinsics are for 640x480 pictures, the clip's are 320x240"), "\(error)")
        }
    }

    /// A refusal that quotes another says "no answer is written" once, at its end; the offset written alone quotes
    /// why the rest is not, without that clause (the GoPro clip with its lens given said it twice).
    func testARefusalQuotingAnotherSaysNothingIsWrittenOnce() {
        let unexplained = CalibrationError.unexplained(residualDegreesPerSecond: 1.3, motionDegreesPerSecond: 1.3, used: 138, textured: 361)
        XCTAssertTrue(unexplained.description.hasSuffix("; no answer is written"), unexplained.description)
        XCTAssertFalse(unexplained.reason.contains("no answer is written"), unexplained.reason)
        let why = Determination.judgeOffset(sigma: 0.00454, framePeriod: 1 / 29.97, why: "from the rotation rates alone, " + unexplained.reason)
        let refused = CalibrationError.offsetUndetermined(offset: -0.0516, why!)
        XCTAssertEqual(refused.description.components(separatedBy: "no answer is written").count, 2, refused.description)
        let alone = Rig.onlyTimeOffset(TimeOffset(seconds: -0.02), reason: unexplained.reason)
        XCTAssertEqual(alone.undetermined.count, 2)
        for why in alone.undetermined.map(\.why) { XCTAssertFalse(why.contains("no answer is written"), why) }
    }
}
