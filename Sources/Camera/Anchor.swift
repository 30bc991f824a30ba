import AttitudeMath
import Foundation

/// A die placed in the world: its centre at bearing B, elevation E and distance D from the camera,
/// which sits at W's origin and turns about itself. Its faces stay along W's axes.
public struct Anchor: Equatable, Sendable {
    /// Degrees clockwise from W's +X seen from above (east of north is positive).
    public var bearingDegrees: Double
    /// Degrees up from the horizon.
    public var elevationDegrees: Double
    /// Distance from the camera to the die's centre, in die edges.
    public var distance: Double

    /// The shortest distance at which the whole die (half-diagonal √3/2) stays beyond the near plane.
    public static let minimumDistance = 1.0
    /// The farthest distance at which the whole die stays within the far plane (100).
    public static let maximumDistance = 99.0
    public static let defaultDistance = 4.0

    public init(bearingDegrees: Double, elevationDegrees: Double, distance: Double = Anchor.defaultDistance) {
        self.bearingDegrees = bearingDegrees
        self.elevationDegrees = elevationDegrees
        self.distance = distance
    }

    /// The die's centre in W: D·(cos E cos B, -cos E sin B, sin E).
    public var centreInWorld: SIMD3<Double> {
        let b = bearingDegrees * .pi / 180, e = elevationDegrees * .pi / 180
        return distance * SIMD3(cos(e) * cos(b), -cos(e) * sin(b), sin(e))
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
