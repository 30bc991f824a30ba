import AttitudeMath
import Camera
import Rig
import XCTest

/// The `Rig` value: what an offset-only rig says it does not know, why a number is not determined, the mount as
/// printed, and the field of view through the lens.
final class RigTests: XCTestCase {
    func testAnOffsetAloneMarksTheCameraAndTheMountNotDetermined() {
        let rig = Rig.onlyTimeOffset(TimeOffset(seconds: 0.25, clock: .live), reason: "the clip barely turned")
        XCTAssertTrue(rig.knowsOnlyTimeOffset)
        XCTAssertEqual(rig.timeOffset, TimeOffset(seconds: 0.25, clock: .live))
        XCTAssertFalse(rig.determines(Undetermined.cameraKey))
        XCTAssertFalse(rig.determines(Undetermined.mountKey))
        XCTAssertTrue(rig.determines(Undetermined.timeOffsetKey))
        XCTAssertEqual(rig.whyUndetermined(Undetermined.mountKey), "the clip barely turned")
        XCTAssertEqual(rig.fit?.warning, "the clip barely turned")
    }

    func testWhyANumberIsNotDeterminedStartsWithItsStandardError() {
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, width: 320, height: 240)), deviceFromIMU: .identity,
                      timeOffset: TimeOffset(seconds: 0))
        XCTAssertNil(rig.whyUndetermined("k1"))
        rig.undetermined = [Undetermined(key: "k1", standardError: "± 0.4", why: "the corners stay near the centre"),
                            Undetermined(key: "gyro_bias", standardError: nil, why: "too short")]
        XCTAssertEqual(rig.whyUndetermined("k1"), "± 0.4: the corners stay near the centre")
        XCTAssertEqual(rig.whyUndetermined("gyro_bias"), "too short")
        XCTAssertFalse(rig.determines("k1"))
        XCTAssertTrue(rig.determines("k2"))
    }

    /// What the file writes for a number it does not determine begins with the fit's value, so that no estimate is
    /// withheld: the camera's field of view and focal length, the whole mount, the bias; a mount axis's and a lens
    /// coefficient's values are in the file anyway.
    func testANumberNotDeterminedIsWrittenWithTheFitsValue() {
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, width: 320, height: 240)),
                      deviceFromIMU: -Quaternion(axis: [0, 0, 1], angle: .pi / 2), timeOffset: TimeOffset(seconds: 0.25),
                      readoutSeconds: 0.0123, gyroBiasRadiansPerSecond: SIMD3(0.01, -0.02, 0.005))
        let camera = Undetermined(key: Undetermined.cameraKey, standardError: "± 6.0%", why: "too little motion")
        XCTAssertEqual(rig.notDeterminedText(camera), String(format: "the fit's 50.000° vertical, fx = fy = %.2f px; ± 6.0%%: too little motion",
                                                             120 / tan(25 * Double.pi / 180)))
        XCTAssertEqual(rig.notDeterminedText(Undetermined(key: Undetermined.mountKey, standardError: nil, why: "no axis")),
                       "the fit's 0.707107,0.000000,0.000000,0.707107 (w, x, y, z); no axis")
        XCTAssertEqual(rig.fitValue("gyro_bias"), "0.573,-1.146,0.286 °/s")
        XCTAssertEqual(rig.fitValue("rolling_shutter_readout_s"), "12.30 ms")
        XCTAssertEqual(rig.fitValue(Undetermined.timeOffsetKey), "0.2500 s")
        XCTAssertNil(rig.fitValue("imu_to_camera_y"))
        XCTAssertEqual(rig.notDeterminedText(Undetermined(key: "k1", standardError: "± 0.4", why: "near the centre")), "± 0.4: near the centre")
        rig.readoutSeconds = nil
        XCTAssertNil(rig.fitValue("rolling_shutter_readout_s"))
    }

    /// q and -q are one rotation; files and reports print the one with w ≥ 0.
    func testTheMountIsPrintedWithANonNegativeW() {
        let q = Quaternion(axis: [0, 1, 0], angle: 0.4)
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, width: 320, height: 240)), deviceFromIMU: -q,
                      timeOffset: TimeOffset(seconds: 0))
        XCTAssertEqual(rig.deviceFromIMUCanonical, q)
        rig.deviceFromIMU = q
        XCTAssertEqual(rig.deviceFromIMUCanonical, q)
    }

    /// Through a fisheye (r = f·θ with no further terms) the picture's height spans more than the pinhole of the same
    /// focal length: 2 radians where the pinhole spans 90°.
    func testTheFieldOfViewIsThePicturesThroughTheLens() throws {
        let pinhole = PinholeCamera(verticalFieldOfViewDegrees: 90, width: 480, height: 480)
        var rig = Rig(camera: LensCamera(pinhole: pinhole), deviceFromIMU: .identity, timeOffset: TimeOffset(seconds: 0))
        XCTAssertEqual(rig.verticalFieldOfViewDegrees, 90, accuracy: 1e-9)
        rig.camera.lens = .fisheye(SIMD4(0, 0, 0, 0))
        XCTAssertEqual(rig.verticalFieldOfViewDegrees, 2 * 180 / .pi, accuracy: 1e-6)
    }
}
