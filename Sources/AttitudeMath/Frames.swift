import Foundation

/// Reference frames W, all Z-up (CONVENTIONS.md), named as Core Motion's `CMAttitudeReferenceFrame`.
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

/// Fixed rotations between the frames of CONVENTIONS.md. Each is named `targetFromSource`.
public enum Frames {
    /// East-north-up into the Z-up north frame W: -90° about Z.
    public static let worldFromENU = Quaternion(w: 0.5.squareRoot(), x: 0, y: 0, z: -(0.5.squareRoot()))
    /// North-east-down into the Z-up north frame W: 180° about X.
    public static let worldFromNED = Quaternion(w: 0, x: 1, y: 0, z: 0)
    /// imud's forward-right-down body frame B into Apple's device frame D:
    /// `X_D = Y_B`, `Y_D = -Z_B`, `Z_D = -X_B`.
    public static let deviceFromBody = Quaternion(rotationMatrixRows: [[0, 1, 0], [0, 0, -1], [-1, 0, 0]])

    /// `xMagneticNorthZVertical` into `xTrueNorthZVertical` where the magnetic declination is
    /// `declinationDegrees` (east of true north positive): a turn of −declination about Z, which
    /// carries magnetic north to `(cos D, −sin D, 0)`, D east of true north (Y is west).
    public static func trueNorthFromMagneticNorth(declinationDegrees: Double) -> Quaternion {
        Quaternion(axis: [0, 0, 1], angle: -declinationDegrees * .pi / 180)
    }
}

