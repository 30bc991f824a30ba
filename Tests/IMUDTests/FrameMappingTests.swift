import AttitudeMath
import TestSupport
import XCTest
@testable import IMUD

final class FrameMappingTests: XCTestCase {
    static let mounts: [IMUDMount] = [
        .aligned,
        IMUDMount(rollDegrees: 0, pitchDegrees: 0, yawDegrees: 90),
        IMUDMount(rollDegrees: 180, pitchDegrees: 0, yawDegrees: 0),
        IMUDMount(rollDegrees: 0, pitchDegrees: 270, yawDegrees: 0),
        IMUDMount(rollDegrees: 10, pitchDegrees: -20, yawDegrees: 33.5),
    ]

    // MARK: - Round trips

    func testEncodeThenDecodeReturnsTheAttitudeForManyAttitudesFramesAndMounts() {
        for frame in IMUDCoordFrame.allCases {
            for mount in FrameMappingTests.mounts {
                let mapping = IMUDFrameMapping(coordFrame: frame, mount: mount)
                for worldFromDevice in RandomAttitudes(seed: 7, count: 500) {
                    let packetQuaternion = mapping.packetQuaternion(worldFromDevice: worldFromDevice)
                    XCTAssertGreaterThanOrEqual(packetQuaternion.w, 0)
                    assertSameAttitude(mapping.worldFromDevice(packetQuaternion: packetQuaternion), worldFromDevice, accuracy: 1e-12)
                }
            }
        }
    }

    func testDecodeThenEncodeReturnsThePacketQuaternion() {
        let mapping = IMUDFrameMapping(coordFrame: .ned, mount: IMUDMount(rollDegrees: -5, pitchDegrees: 80, yawDegrees: 200))
        for packetQuaternion in RandomAttitudes(seed: 11, count: 500) {
            assertSameAttitude(mapping.packetQuaternion(worldFromDevice: mapping.worldFromDevice(packetQuaternion: packetQuaternion)),
                               packetQuaternion, accuracy: 1e-12)
        }
    }

    func testRoundTripThroughTheWireKeepsFloatPrecision() throws {
        for frame in IMUDCoordFrame.allCases {
            let mapping = IMUDFrameMapping(coordFrame: frame, mount: FrameMappingTests.mounts[4])
            let publisher = try IMUDPublisher(outputs: [], mapping: mapping)
            for worldFromDevice in RandomAttitudes(seed: 3, count: 300) {
                let bytes = publisher.packet(worldFromDevice: worldFromDevice, flags: [], imuSeq: 0).encoded()
                let q = try IMUDPacket.decode(datagram: bytes).get().quaternion
                let decoded = mapping.worldFromDevice(packetQuaternion: try Quaternion.validated(
                    w: Double(q[0]), x: Double(q[1]), y: Double(q[2]), z: Double(q[3])))
                assertSameAttitude(decoded, worldFromDevice, accuracy: 1e-6)
            }
        }
    }

    // MARK: - Meaning of the mapping

    func testLevelIMUFacingNorthMeansCameraLooksNorthWithTopUp() {
        let worldFromDevice = IMUDFrameMapping().worldFromDevice(packetQuaternion: .identity)
        assertEqual(worldFromDevice.rotate([0, 0, -1]), [1, 0, 0], accuracy: 1e-9)   // viewing direction: north
        assertEqual(worldFromDevice.rotate([0, 1, 0]), [0, 0, 1], accuracy: 1e-9)    // top edge of the screen: up
        assertEqual(worldFromDevice.rotate([1, 0, 0]), [0, -1, 0], accuracy: 1e-9)   // right edge: east, which is -Y in W (Y west)
    }

    func testDeviceAtIdentityLooksStraightDown() {
        // docs/frames.md: at the identity attitude the camera looks down at the die. Body +X (forward) is then
        // NED down and body +Z (down) points east: the IMU's nose is pitched down by 90°.
        let nedFromBody = IMUDFrameMapping().packetQuaternion(worldFromDevice: .identity)
        assertEqual(nedFromBody.rotate([1, 0, 0]), [0, 0, 1], accuracy: 1e-9)
        assertEqual(nedFromBody.rotate([0, 0, 1]), [0, 1, 0], accuracy: 1e-9)
        XCTAssertEqual(IMUDEulerAngles(nedFromBody: nedFromBody).pitch, -.pi / 2, accuracy: 1e-6)
    }

    func testENUAndNEDPacketsOfTheSamePhysicalAttitudeGiveTheSameWorldAttitude() {
        let enuFromNED = Quaternion(rotationMatrixRows: [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
        let ned = IMUDFrameMapping(coordFrame: .ned), enu = IMUDFrameMapping(coordFrame: .enu)
        for nedFromBody in RandomAttitudes(seed: 5, count: 200) {
            assertSameAttitude(enu.worldFromDevice(packetQuaternion: enuFromNED * nedFromBody),
                               ned.worldFromDevice(packetQuaternion: nedFromBody), accuracy: 1e-12)
        }
    }

    func testYaw90MountIsAnIMUWhoseForwardPointsToTheCameraRight() throws {
        // The IMU is level with its forward axis north, so the camera's right edge points north.
        let worldFromDevice = IMUDFrameMapping(mount: try IMUDMount(parsing: "yaw90")).worldFromDevice(packetQuaternion: .identity)
        assertEqual(worldFromDevice.rotate([1, 0, 0]), [1, 0, 0], accuracy: 1e-9)
        assertEqual(worldFromDevice.rotate([0, 1, 0]), [0, 0, 1], accuracy: 1e-9)
    }

    func testUpsideDownMountTurnsTheCameraTopDown() throws {
        let worldFromDevice = IMUDFrameMapping(mount: try IMUDMount(parsing: "upside-down")).worldFromDevice(packetQuaternion: .identity)
        assertEqual(worldFromDevice.rotate([0, 0, -1]), [1, 0, 0], accuracy: 1e-9)
        assertEqual(worldFromDevice.rotate([0, 1, 0]), [0, 0, -1], accuracy: 1e-9)
    }

    func testEulerAnglesFollowImudsConvention() {
        for (roll, pitch, yaw) in [(10.0, 20.0, 30.0), (-170.0, -45.0, 179.0), (0.0, 89.0, -90.0)] {
            let angles = IMUDEulerAngles(nedFromBody: Quaternion(rollDegrees: roll, pitchDegrees: pitch, yawDegrees: yaw))
            XCTAssertEqual(Angle.degrees(fromRadians: angles.roll), roll, accuracy: 1e-6)
            XCTAssertEqual(Angle.degrees(fromRadians: angles.pitch), pitch, accuracy: 1e-6)
            XCTAssertEqual(Angle.degrees(fromRadians: angles.yaw), yaw, accuracy: 1e-6)
            XCTAssertEqual(angles.headingDegrees, yaw < 0 ? yaw + 360 : yaw, accuracy: 1e-6)
        }
    }

    // MARK: - Parsing

    func testMountParsing() throws {
        XCTAssertEqual(try IMUDMount(parsing: "0,0,90"), try IMUDMount(parsing: "yaw90"))
        XCTAssertEqual(try IMUDMount(parsing: "yaw_90"), try IMUDMount(parsing: "YAW90"))
        XCTAssertEqual(try IMUDMount(parsing: "identity"), .aligned)
        XCTAssertEqual(try IMUDMount(parsing: " 180, 0 ,0"), try IMUDMount(parsing: "upside-down"))
        XCTAssertEqual(try IMUDMount(parsing: "1.5,-2,3").eulerDegrees, SIMD3(1.5, -2, 3))
        XCTAssertThrowsError(try IMUDMount(parsing: "sideways")) { error in
            XCTAssertTrue("\(error)".hasPrefix("the mount 'sideways': "), "\(error)")
            XCTAssertFalse("\(error)".contains("--"), "\(error)")
            XCTAssertTrue("\(error)".contains("upside-down"), "\(error)")
        }
        XCTAssertThrowsError(try IMUDMount(parsing: "1,x,3")) { error in
            XCTAssertTrue("\(error)".contains("field 2 of ROLL,PITCH,YAW, 'x', is not a decimal number"), "\(error)")
        }
        // The shared strict parser: no empty fields, no hex floats.
        XCTAssertThrowsError(try IMUDMount(parsing: "1,,3"))
        XCTAssertThrowsError(try IMUDMount(parsing: "0x1p3,0,0"))
        XCTAssertThrowsError(try IMUDMount(parsing: "1,2"))
        XCTAssertThrowsError(try IMUDMount(parsing: "1,2,nan"))
        XCTAssertEqual(IMUDCoordFrame(name: "ENU"), .enu)
        XCTAssertNil(IMUDCoordFrame(name: "nwu"))
    }
}
