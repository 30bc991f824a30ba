import AttitudeMath
import Camera
import Pixels
import Rig
import XCTest

/// The `Rig` value: what an offset-only rig says it does not know, why a number is not determined, the mount as
/// printed, and the field of view through the lens.
final class RigTests: XCTestCase {
    func testAnOffsetAloneMarksTheCameraAndTheMountNotDetermined() {
        let rig = Rig.onlyTimeOffset(TimeOffset(seconds: 0.25, clock: .live), reason: "the clip barely turned")
        XCTAssertTrue(rig.knowsOnlyTimeOffset)
        XCTAssertNil(rig.cameraAndMount, "no placeholder camera or mount to draw through")
        XCTAssertEqual(rig.timeOffset, TimeOffset(seconds: 0.25, clock: .live))
        XCTAssertFalse(rig.determines(.camera))
        XCTAssertFalse(rig.determines(.mount))
        XCTAssertTrue(rig.determines(.timeOffset))
        XCTAssertEqual(rig.whyUndetermined(.mount), "the clip barely turned")
        XCTAssertEqual(rig.fit?.warning, "the clip barely turned")
        XCTAssertNil(rig.fitValue(.camera))
        XCTAssertNil(rig.fitValue(.mount))
    }

    func testWhyANumberIsNotDeterminedStartsWithItsStandardError() {
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: .identity,
                      timeOffset: TimeOffset(seconds: 0))
        XCTAssertNil(rig.whyUndetermined(.lensCoefficient(1)))
        rig.undetermined = [Undetermined(.lensCoefficient(1), standardError: "± 0.4", why: "the corners stay near the centre"),
                            Undetermined(.gyroBias, standardError: nil, why: "too short")]
        XCTAssertEqual(rig.whyUndetermined(.lensCoefficient(1)), "± 0.4: the corners stay near the centre")
        XCTAssertEqual(rig.whyUndetermined(.gyroBias), "too short")
        XCTAssertFalse(rig.determines(.lensCoefficient(1)))
        XCTAssertTrue(rig.determines(.lensCoefficient(2)))
    }

    /// Each quantity's file name is spelled once and read back to the same quantity; a name this version does not know
    /// is kept as written.
    func testEachQuantityHasOneFileNameThatReadsBack() {
        let quantities: [Undetermined.Quantity] = [.timeOffset, .camera, .lensCoefficient(1), .lensCoefficient(4), .readout,
                                                   .mountAxis(.x), .mountAxis(.y), .mountAxis(.z), .mount, .gyroBias]
        XCTAssertEqual(quantities.map(\.fileKey), ["time_offset_s", "camera_matrix", "k1", "k4", "rolling_shutter_readout_s",
                                                   "imu_to_camera_x", "imu_to_camera_y", "imu_to_camera_z", "imu_to_camera", "gyro_bias"])
        for quantity in quantities { XCTAssertEqual(Undetermined.Quantity(fileKey: quantity.fileKey), quantity, quantity.fileKey) }
        for name in ["k0", "k01", "imu_to_camera_w", "focal_length"] {
            XCTAssertEqual(Undetermined.Quantity(fileKey: name), .unrecognised(name))
            XCTAssertEqual(Undetermined.Quantity(fileKey: name).fileKey, name)
        }
    }

    /// What the file writes for a number it does not determine begins with the fit's value, so that no estimate is
    /// withheld: the camera's field of view and focal length, the whole mount, the bias; a mount axis's and a lens
    /// coefficient's values are in the file anyway.
    func testANumberNotDeterminedIsWrittenWithTheFitsValue() {
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))),
                      deviceFromIMU: -Quaternion(axis: [0, 0, 1], angle: .pi / 2), timeOffset: TimeOffset(seconds: 0.25),
                      readoutSeconds: 0.0123, gyroBiasRadiansPerSecond: SIMD3(0.01, -0.02, 0.005))
        let camera = Undetermined(.camera, standardError: "± 6.0%", why: "too little motion")
        XCTAssertEqual(rig.notDeterminedText(camera), String(format: "the fit's 50.000° vertical, fx = fy = %.2f px; ± 6.0%%: too little motion",
                                                             120 / tan(Angle.radians(fromDegrees: 25.0))))
        XCTAssertEqual(rig.notDeterminedText(Undetermined(.mount, standardError: nil, why: "no axis")),
                       "the fit's 0.707107,0.000000,0.000000,0.707107 (w, x, y, z); no axis")
        XCTAssertEqual(rig.fitValue(.gyroBias), "0.573,-1.146,0.286 °/s")
        XCTAssertEqual(rig.fitValue(.readout), "12.30 ms")
        XCTAssertEqual(rig.fitValue(.timeOffset), "0.2500 s")
        XCTAssertNil(rig.fitValue(.mountAxis(.y)))
        XCTAssertEqual(rig.notDeterminedText(Undetermined(.lensCoefficient(1), standardError: "± 0.4", why: "near the centre")), "± 0.4: near the centre")
        rig.readoutSeconds = nil
        XCTAssertNil(rig.fitValue(.readout))
    }

    /// q and -q are one rotation; files and reports print the one with w ≥ 0.
    func testTheMountIsPrintedWithANonNegativeW() {
        let q = Quaternion(axis: [0, 1, 0], angle: 0.4)
        var found = CameraAndMount(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: -q)
        XCTAssertEqual(found.deviceFromIMUCanonical, q)
        found.deviceFromIMU = q
        XCTAssertEqual(found.deviceFromIMUCanonical, q)
    }

    /// Through a fisheye (r = f·θ with no further terms) the picture's height spans more than the pinhole of the same
    /// focal length: 2 radians where the pinhole spans 90°.
    func testTheFieldOfViewIsThePicturesThroughTheLens() throws {
        let pinhole = PinholeCamera(verticalFieldOfViewDegrees: 90, size: PictureSize(fixedWidth: 480, height: 480))
        var found = CameraAndMount(camera: LensCamera(pinhole: pinhole), deviceFromIMU: .identity)
        XCTAssertEqual(found.verticalFieldOfViewDegrees, 90, accuracy: 1e-9)
        found.camera.lens = .fisheye(SIMD4(0, 0, 0, 0))
        XCTAssertEqual(found.verticalFieldOfViewDegrees, Angle.degrees(fromRadians: 2), accuracy: 1e-6)
    }
}
