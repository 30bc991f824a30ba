import AttitudeMath
import IMUD
import XCTest

/// `--mount w,x,y,z` for imud: R with v_D = R·v_B (B imud's forward-right-down body frame, D the
/// device frame: +X right, +Y up, +Z towards the viewer) is the same physical mount as the preset
/// or ROLL,PITCH,YAW form.
final class MountRotationTests: XCTestCase {
    /// `yaw90`: the IMU's forward axis points to the camera's right. So B's +X is D's +X (right),
    /// B's +Y (its right) is the camera's back, D's +Z, and B's +Z (down) is D's -Y: R is 90° about X.
    func testYaw90IsAQuarterTurnAboutTheDevicesX() throws {
        let r = Quaternion(axis: [1, 0, 0], angle: .pi / 2)
        XCTAssertEqual(IMUDMount(deviceFromIMU: r), try IMUDMount(parsing: "yaw90"))
        let v = r.rotate([0, 1, 0])
        XCTAssertEqual(v.z, 1, accuracy: 1e-12)
    }

    /// `aligned`: B forward-right-down against D right-up-back: forward is -Z, right +X, down -Y.
    func testAlignedIsTheBodyToDeviceTurn() throws {
        let rows: [[Double]] = [[0, 1, 0], [0, 0, -1], [-1, 0, 0]]  // v_D = R·v_B
        let r = Quaternion(rotationMatrixRows: rows)
        XCTAssertEqual(IMUDMount(deviceFromIMU: r), try IMUDMount(parsing: "aligned"))
    }

    /// Away from gimbal lock, the quaternion form names the same Euler degrees.
    func testQuaternionFormDescribesItsEulerDegrees() throws {
        let r = Frames.deviceFromBody * (try IMUDMount(parsing: "10,-20,30")).cameraBodyFromIMU
        let degrees = IMUDMount(deviceFromIMU: r).eulerDegrees
        XCTAssertEqual(degrees.x, 10, accuracy: 1e-9)
        XCTAssertEqual(degrees.y, -20, accuracy: 1e-9)
        XCTAssertEqual(degrees.z, 30, accuracy: 1e-9)
    }

    /// For any Euler mount M and packet, the quaternion form deviceFromBody·M draws the same attitude,
    /// and that attitude is worldFromB · R⁻¹ (docs/conventions.md).
    func testQuaternionFormEqualsEulerFormForAnyMount() throws {
        for text in ["roll180", "pitch90", "10,-20,30", "-75.5,12,170"] {
            let euler = try IMUDMount(parsing: text)
            let r = Frames.deviceFromBody * euler.cameraBodyFromIMU
            let quaternionForm = IMUDMount(deviceFromIMU: r)
            XCTAssertEqual(quaternionForm, euler, text)
            for frame in [IMUDCoordFrame.ned, .enu] {
                let packet = Quaternion(axis: [0.3, -0.5, 0.8], angle: 1.1)
                let a = IMUDFrameMapping(coordFrame: frame, mount: euler).worldFromDevice(packetQuaternion: packet)
                let b = IMUDFrameMapping(coordFrame: frame, mount: quaternionForm).worldFromDevice(packetQuaternion: packet)
                XCTAssertLessThan(a.angle(to: b), 1e-6, text)  // angle(to:) resolves about 1e-8 rad
                let worldFromB = frame.worldFromReference * packet
                XCTAssertLessThan(a.angle(to: worldFromB * r.conjugate), 1e-6, text)
            }
        }
    }
}
