import AttitudeMath
import Foundation

/// A die placed in the world: its centre at bearing B, elevation E and distance D from the camera,
/// which sits at W's origin and turns about itself. Its faces stay along W's axes.
///
/// B and E count in the aim frame A (`worldFromAim`): W itself unless the anchor was `aimed` at a look. A value of this
/// type has its distance in `distances` and its elevation in `elevations`: they are checked when it is built.
public struct Anchor: Equatable, Sendable {
    /// Degrees clockwise from A's +X seen from above A's +Z (east of north is positive when A is a north frame).
    public let bearingDegrees: Double
    /// Degrees up from A's horizon (its XY plane).
    public let elevationDegrees: Double
    /// Distance from the camera to the die's centre, in die edges.
    public let distance: Double
    /// The aim frame A turned into W: A's +X is bearing 0 on its horizon and its +Z is up. Identity: bearings
    /// count from W's +X and elevations from W's horizon.
    public private(set) var worldFromAim: Quaternion = .identity

    /// The shortest distance at which the whole die (half-diagonal √3/2) stays beyond the near plane.
    public static let minimumDistance = 1.0
    /// The farthest distance at which the whole die stays within the far plane (100).
    public static let maximumDistance = 99.0
    public static let defaultDistance = 4.0
    /// The distances an anchor may have: the whole die between the near and the far plane.
    public static let distances = minimumDistance...maximumDistance
    /// The elevations an anchor may have, in degrees.
    public static let elevations = -90.0...90.0
    /// The elevations as a refusal says them: `within -90 to 90 degrees`.
    public static var elevationRangeText: String {
        String(format: "within %g to %g degrees", elevations.lowerBound, elevations.upperBound)
    }
    /// Why the distance has its range.
    public static let distanceReason = String(format: "(the whole die between the near plane at %g and the far plane at %g)",
                                              Double(DieView.near), Double(DieView.far))

    /// The die at bearing B, elevation E and distance D, refused (`AnchorError`) when D is outside `distances` or E
    /// outside `elevations`.
    public init(bearingDegrees: Double, elevationDegrees: Double, distance: Double = Anchor.defaultDistance) throws(AnchorError) {
        guard Self.distances.contains(distance) else { throw AnchorError.distance(distance) }
        guard Self.elevations.contains(elevationDegrees) else { throw AnchorError.elevation(elevationDegrees) }
        self.bearingDegrees = bearingDegrees
        self.elevationDegrees = elevationDegrees
        self.distance = distance
    }

    /// An anchor written in the code (a test's, a synthetic clip's), not read from a user: a value out of range is the
    /// code's mistake, stopped by a precondition.
    public init(fixedBearingDegrees bearingDegrees: Double, elevationDegrees: Double, distance: Double = Anchor.defaultDistance) {
        precondition(Self.distances.contains(distance) && Self.elevations.contains(elevationDegrees),
                     "Anchor \(bearingDegrees),\(elevationDegrees),\(distance) out of range")
        self.bearingDegrees = bearingDegrees
        self.elevationDegrees = elevationDegrees
        self.distance = distance
    }

    /// The die's centre in W: D·(cos E cos B, -cos E sin B, sin E) in A, turned into W.
    public var centreInWorld: SIMD3<Double> {
        let b = Angle.radians(fromDegrees: bearingDegrees), e = Angle.radians(fromDegrees: elevationDegrees)
        return worldFromAim.rotate(distance * SIMD3(cos(e) * cos(b), -cos(e) * sin(b), sin(e)))
    }

    /// This anchor counted from where a camera at `worldFromDevice` looks (along -Z of D). Where W's Z is up
    /// (`vertical`), bearing 0 is the look's heading and elevation counts from W's horizon; a look straight up
    /// or down takes its heading from the picture's bottom or top edge (which way the camera would tip to level).
    /// Without a vertical, B and E are angles right of and up from the look itself, with D's +Y as up.
    public func aimed(from worldFromDevice: Quaternion, vertical: Bool) -> Anchor {
        var aimed = self
        aimed.worldFromAim = vertical ? Self.heading(of: worldFromDevice) : worldFromDevice * Self.deviceFromLook
        return aimed
    }

    /// The look frame in D: +X along the viewing direction (-Z of D), +Y to the left (-X of D), +Z up (+Y of D).
    static let deviceFromLook = Quaternion(w: 0.5, x: -0.5, y: 0.5, z: 0.5)

    /// The turn about W's Z that brings W's +X to the heading of the camera at `worldFromDevice`.
    static func heading(of worldFromDevice: Quaternion) -> Quaternion {
        let look = worldFromDevice.rotate(SIMD3(0, 0, -1))
        // Looking down, the top edge (+Y of D) points where the camera looks once levelled; looking up, the bottom edge.
        let levelled = worldFromDevice.rotate(SIMD3(0, look.z < 0 ? 1 : -1, 0))
        let forward = hypot(look.x, look.y) > 1e-6 ? look : levelled
        return Quaternion(axis: SIMD3(0, 0, 1), angle: atan2(forward.y, forward.x))
    }

    /// The model-view `deviceFromModel` for the camera at W's origin (the model frame is W moved to the
    /// centre): a model point p goes to R^T·(p + centre) in D, with R the rotation of `worldFromDevice`.
    public func modelView(worldFromDevice: Quaternion) -> Matrix4 {
        let centreInDevice = worldFromDevice.conjugate.rotate(centreInWorld)
        var deviceFromModel = Matrix4.rotation(worldFromDevice).transposed
        deviceFromModel[0, 3] = Float(centreInDevice.x)
        deviceFromModel[1, 3] = Float(centreInDevice.y)
        deviceFromModel[2, 3] = Float(centreInDevice.z)
        return deviceFromModel
    }

    /// Whether every corner of the model (the die by default, half extents along W's axes) lies beyond
    /// the near plane (z_D < -near). A model wholly or partly behind that is not drawn, so no clipped
    /// half or mirrored ghost ever shows.
    public func isInFront(worldFromDevice: Quaternion, near: Double = 0.1,
                          halfExtents: SIMD3<Double> = SIMD3(0.5, 0.5, 0.5)) -> Bool {
        let deviceFromWorld = worldFromDevice.conjugate
        for x in [-1.0, 1.0] { for y in [-1.0, 1.0] { for z in [-1.0, 1.0] {
            let corner = SIMD3(x, y, z) * halfExtents
            if deviceFromWorld.rotate(centreInWorld + corner).z >= -near { return false }
        }}}
        return true
    }
}

/// An anchor's value outside its range: the user's value, so the caller's to say with its option.
public enum AnchorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A distance outside `Anchor.distances`, in die edges.
    case distance(Double)
    /// An elevation outside `Anchor.elevations`, in degrees.
    case elevation(Double)

    public var description: String {
        switch self {
        case .distance(let distance):
            return String(format: "the anchor's distance must be from %@ to %@ %@, not %g", "\(Anchor.minimumDistance)",
                          "\(Anchor.maximumDistance)", Anchor.distanceReason, distance)
        case .elevation(let degrees):
            return String(format: "the anchor's elevation must be %@, not %g", Anchor.elevationRangeText, degrees)
        }
    }
}
