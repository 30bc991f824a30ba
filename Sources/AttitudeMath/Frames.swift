import Foundation

/// Reference frames W, all Z-up (docs/conventions.md), named as Core Motion's `CMAttitudeReferenceFrame`.
public enum ReferenceFrame: String, CaseIterable, Sendable {
    case xArbitraryZVertical
    case xArbitraryCorrectedZVertical
    case xMagneticNorthZVertical
    case xTrueNorthZVertical

    /// Parses a frame name; accepts the Core Motion spelling with or without its `CMAttitudeReferenceFrame` prefix.
    public init?(name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let bare = trimmed.hasPrefix("CMAttitudeReferenceFrame")
            ? String(trimmed.dropFirst("CMAttitudeReferenceFrame".count)) : trimmed
        guard let frame = ReferenceFrame.allCases.first(where: { $0.rawValue.lowercased() == bare.lowercased() }) else {
            return nil
        }
        self = frame
    }
}

/// Where an attitude is reported: a Core Motion reference frame, or east-north-up / north-east-down
/// (BROAD's and imud's conventions). An attitude in it rotates the device (sensor) frame into the named frame.
/// Used by fusion (where to report) and by log conversion (what to convert into).
public enum OutputFrame: Equatable, Sendable, CustomStringConvertible {
    case reference(ReferenceFrame)
    /// East-north-up. In 6D the heading is arbitrary (north is wherever the start put it).
    case enu
    /// North-east-down. In 6D the heading is arbitrary.
    case ned

    /// `enu`, `ned` or a Core Motion name (with or without its `CMAttitudeReferenceFrame` prefix), any case.
    public init?(name: String) {
        switch name.lowercased() {
        case "enu": self = .enu
        case "ned": self = .ned
        default:
            guard let frame = ReferenceFrame(name: name) else { return nil }
            self = .reference(frame)
        }
    }

    public var description: String {
        switch self {
        case .reference(let frame): return frame.rawValue
        case .enu: return "enu"
        case .ned: return "ned"
        }
    }
}

/// Fixed rotations between the frames of docs/conventions.md. Each is named `targetFromSource`.
public enum Frames {
    /// Standard gravity, m/s² (the CGPM's g_n): what an accelerometer at rest reads, and what a reading in g is taken by.
    public static let standardGravity = 9.80665

    /// East-north-up into the Z-up north frame W: -90° about Z.
    public static let worldFromENU = Quaternion(w: 0.5.squareRoot(), x: 0, y: 0, z: -(0.5.squareRoot()))
    /// North-east-down into the Z-up north frame W: 180° about X.
    public static let worldFromNED = Quaternion(w: 0, x: 1, y: 0, z: 0)
    /// imud's forward-right-down body frame B into Apple's device frame D:
    /// `X_D = Y_B`, `Y_D = -Z_B`, `Z_D = -X_B`.
    public static let deviceFromBody = Quaternion(rotationMatrixRows: [[0, 1, 0], [0, 0, -1], [-1, 0, 0]])

    /// The mount rule, the one place it is written (docs/conventions.md): an attitude source's IMU frame S
    /// sits on the device D by the mount R with `v_D = R·v_S`, so the device's attitude is
    /// `worldFromDevice = worldFromIMU · R⁻¹`, normalised (unchanged when the product cannot be).
    public static func worldFromDevice(worldFromIMU: Quaternion, deviceFromIMU mount: Quaternion) -> Quaternion {
        (worldFromIMU * mount.conjugate).normalized() ?? worldFromIMU
    }

    /// The mount rule turned round: the IMU's attitude `worldFromIMU = worldFromDevice · R` for a device
    /// at `worldFromDevice`, normalised (a source that publishes what its sensor would read, as imud's encoder).
    public static func worldFromIMU(worldFromDevice: Quaternion, deviceFromIMU mount: Quaternion) -> Quaternion {
        (worldFromDevice * mount).normalized() ?? worldFromDevice
    }

    /// `xMagneticNorthZVertical` into `xTrueNorthZVertical` where the magnetic declination is
    /// `declinationDegrees` (east of true north positive): a turn of −declination about Z, which
    /// carries magnetic north to `(cos D, −sin D, 0)`, D east of true north (Y is west).
    public static func trueNorthFromMagneticNorth(declinationDegrees: Double) -> Quaternion {
        Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: -declinationDegrees))
    }
}

