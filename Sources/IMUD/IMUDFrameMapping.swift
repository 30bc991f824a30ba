import SafeText
import AttitudeMath
import CSVText
import Foundation

/// The reference frame of the packet quaternion, as imud's `coord_frame` setting chooses it.
public enum IMUDCoordFrame: String, CaseIterable, Sendable {
    /// North-east-down (imud's default).
    case ned
    /// East-north-up.
    case enu

    /// Parses `ned` or `enu`, in any case.
    public init?(name: String) {
        guard let frame = IMUDCoordFrame(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
            return nil
        }
        self = frame
    }

    /// The fixed rotation from this frame into steady-dice's world frame W (Z up, X north).
    public var worldFromReference: Quaternion {
        switch self {
        case .ned: return Frames.worldFromNED
        case .enu: return Frames.worldFromENU
        }
    }
}

/// How the IMU sits relative to the camera.
///
/// Both frames are forward-right-down: C is the camera's body frame (+X along the viewing direction,
/// +Y to the right edge of the screen, +Z towards the bottom edge) and B is the body frame imud reports.
/// The rotation maps IMU coordinates into camera coordinates, `v_C = R · v_B`, with
/// `R = Rz(yaw)·Ry(pitch)·Rx(roll)` from Euler degrees `[roll, pitch, yaw]`: the same sense and
/// convention as imud's own `[mount] rotation_euler_deg` (board to body). For example `yaw90`
/// describes an IMU whose forward axis points to the camera's right.
public struct IMUDMount: Equatable, Sendable, CustomStringConvertible {
    /// `v_C = cameraBodyFromIMU · v_B`.
    public let cameraBodyFromIMU: Quaternion
    /// Euler degrees `[roll, pitch, yaw]` the rotation was made from.
    public let eulerDegrees: SIMD3<Double>
    /// The preset name, or nil for explicit angles.
    public let presetName: String?

    /// The IMU's axes are the camera's.
    public static let aligned = IMUDMount(rollDegrees: 0, pitchDegrees: 0, yawDegrees: 0, presetName: "aligned")

    /// Named presets and their Euler degrees `[roll, pitch, yaw]`.
    public static let presets: [(name: String, euler: SIMD3<Double>)] = [
        ("aligned", [0, 0, 0]),
        ("yaw90", [0, 0, 90]),
        ("yaw180", [0, 0, 180]),
        ("yaw270", [0, 0, 270]),
        ("roll90", [90, 0, 0]),
        ("roll180", [180, 0, 0]),
        ("upside-down", [180, 0, 0]),
        ("roll270", [270, 0, 0]),
        ("pitch90", [0, 90, 0]),
        ("pitch270", [0, 270, 0]),
    ]

    public init(rollDegrees: Double, pitchDegrees: Double, yawDegrees: Double) {
        self.init(rollDegrees: rollDegrees, pitchDegrees: pitchDegrees, yawDegrees: yawDegrees, presetName: nil)
    }

    private init(rollDegrees: Double, pitchDegrees: Double, yawDegrees: Double, presetName: String?) {
        cameraBodyFromIMU = Quaternion(rollDegrees: rollDegrees, pitchDegrees: pitchDegrees, yawDegrees: yawDegrees)
        eulerDegrees = SIMD3(rollDegrees, pitchDegrees, yawDegrees)
        self.presetName = presetName
    }

    /// The mount as a rotation `R` from imud's body frame B to the device frame D (`v_D = R·v_B`,
    /// docs/conventions.md: worldFromD = worldFromB · R⁻¹), as `--mount w,x,y,z` gives it. The camera's body
    /// frame C is D turned by `Frames.deviceFromBody`, so `cameraBodyFromIMU = deviceFromBody⁻¹ · R`.
    public init(deviceFromIMU r: Quaternion) {
        let q = (Frames.deviceFromBody.conjugate * r).normalized() ?? .identity
        cameraBodyFromIMU = q
        // ZYX Euler angles of q (v_C = Rz(yaw)·Ry(pitch)·Rx(roll)·v_B), for the description.
        let (roll, pitch, yaw) = q.zyxEulerRadians
        eulerDegrees = SIMD3(roll, pitch, yaw) * Angle.degrees(fromRadians: 1)
        presetName = nil
    }

    /// The mount as a rotation from imud's body frame B to the device frame D (`v_D = R·v_B`), the form
    /// `init(deviceFromIMU:)` takes and a calibration file's `imu_to_camera` holds.
    public var deviceFromIMU: Quaternion { Frames.deviceFromBody * cameraBodyFromIMU }

    /// Parses a preset name (`aligned`, `yaw90`, `upside-down`, ...; imud's spellings `identity` and
    /// `yaw_90` are accepted too) or three comma-separated Euler degrees `ROLL,PITCH,YAW`.
    /// `option` names what gave the text in error messages (the command line passes its option).
    public init(parsing text: String, option: String = "the mount") throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let key = trimmed.lowercased().replacingOccurrences(of: "_", with: "")
        let presetKey = key == "identity" ? "aligned" : key
        if let preset = IMUDMount.presets.first(where: { $0.name == presetKey }) {
            self.init(rollDegrees: preset.euler.x, pitchDegrees: preset.euler.y, yawDegrees: preset.euler.z,
                      presetName: preset.name)
            return
        }
        guard trimmed.contains(",") else {
            throw IMUDError("\(option) \(MessageText.quoted(text)): expected a preset (\(IMUDMount.presets.map(\.name).joined(separator: ", "))) "
                + "or three Euler degrees ROLL,PITCH,YAW such as 0,0,90")
        }
        let degrees: [Double]
        do {
            degrees = try OptionValues.numbers(trimmed, counts: [3], shape: "ROLL,PITCH,YAW")
        } catch {
            throw IMUDError("\(option): \(error) (degrees, or a preset: \(IMUDMount.presets.map(\.name).joined(separator: ", ")))")
        }
        self.init(rollDegrees: degrees[0], pitchDegrees: degrees[1], yawDegrees: degrees[2], presetName: nil)
    }

    public var description: String {
        if let presetName { return presetName }
        return "\(eulerDegrees.x),\(eulerDegrees.y),\(eulerDegrees.z)"
    }

    public static func == (a: IMUDMount, b: IMUDMount) -> Bool {
        a.cameraBodyFromIMU.angle(to: b.cameraBodyFromIMU) < 1e-12
    }
}

/// Converts between imud's packet quaternion and steady-dice's `worldFromDevice` (docs/conventions.md).
///
/// `worldFromDevice = worldFromReference · referenceFromIMU · R⁻¹`, the mount rule of every source
/// (`Frames.worldFromDevice(worldFromIMU:deviceFromIMU:)`), where `referenceFromIMU` is the packet
/// quaternion (into NED, or ENU) and R the mount as `IMUDMount.deviceFromIMU`
/// (`Frames.deviceFromBody · cameraBodyFromIMU`).
public struct IMUDFrameMapping: Equatable, Sendable {
    public var coordFrame: IMUDCoordFrame
    public var mount: IMUDMount

    public init(coordFrame: IMUDCoordFrame = .ned, mount: IMUDMount = .aligned) {
        self.coordFrame = coordFrame
        self.mount = mount
    }

    /// Decode direction: the packet quaternion (IMU body into NED/ENU) to the device-to-world attitude.
    public func worldFromDevice(packetQuaternion referenceFromIMU: Quaternion) -> Quaternion {
        let worldFromIMU = coordFrame.worldFromReference * referenceFromIMU
        return IMUDFrameMapping.canonical(Frames.worldFromDevice(worldFromIMU: worldFromIMU, deviceFromIMU: mount.deviceFromIMU))
    }

    /// Encode direction: the device-to-world attitude to the packet quaternion (imud's body frame B into NED/ENU).
    public func packetQuaternion(worldFromDevice: Quaternion) -> Quaternion {
        let worldFromIMU = Frames.worldFromIMU(worldFromDevice: worldFromDevice, deviceFromIMU: mount.deviceFromIMU)
        return IMUDFrameMapping.canonical(coordFrame.worldFromReference.conjugate * worldFromIMU)
    }

    /// Encode direction for an angular rate: a rate in the device frame D to imud's body frame B
    /// (`v_B = R⁻¹·v_D`, R the mount as `IMUDMount(deviceFromIMU:)` takes it).
    public func imuRate(deviceRate: SIMD3<Double>) -> SIMD3<Double> {
        mount.deviceFromIMU.conjugate.rotate(deviceRate)
    }

    /// Unit length with `w >= 0` (q and -q are the same attitude).
    static func canonical(_ q: Quaternion) -> Quaternion {
        (q.normalized() ?? .identity).canonical
    }
}

/// ZYX Euler angles of a body-to-NED attitude, as imud derives its `pitch`, `roll`, `yaw` and `heading_deg`.
public struct IMUDEulerAngles: Equatable, Sendable {
    /// Radians about body X.
    public var roll: Double
    /// Radians about body Y, +nose up, in [-π/2, π/2].
    public var pitch: Double
    /// Radians about NED down, from north towards east, in (-π, π].
    public var yaw: Double
    /// `yaw` in degrees wrapped to [0, 360).
    public var headingDegrees: Double {
        let degrees = Angle.degrees(fromRadians: yaw)
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }

    /// The angles with `nedFromBody = Rz(yaw)·Ry(pitch)·Rx(roll)`.
    public init(nedFromBody q: Quaternion) {
        (roll, pitch, yaw) = q.zyxEulerRadians
    }
}
