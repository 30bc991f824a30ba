
/// How the camera sees the die when no camera is given, as the articles draw it (docs/frames.md; "Attitude estimation
/// on iPhone", Eq. I-VII): the virtual view 4 units behind the camera, near 0.1 and far 100; Eq. VII's model-view from
/// the attitude, and gluPerspective's projection for a viewport. The field of view is the caller's: the articles' 60° is
/// `PinholeCamera.defaultFieldOfViewDegrees`, the camera model's one default.
public enum DieView {
    /// Where the virtual view sits in the device frame D: 4 units behind the camera.
    public static let defaultViewOffset = SIMD3<Float>(0, 0, 4)
    public static let near: Float = 0.1
    public static let far: Float = 100

    /// Eq. VII, fast form: `v_T_m = (W_T_D · D_T_v)^-1 = [ R^T  -d ; 0 0 0 1 ]`, with the model frame
    /// equal to W and `R` the device-to-world rotation of `worldFromDevice`.
    public static func modelView(worldFromDevice: Quaternion, viewOffset d: SIMD3<Float> = defaultViewOffset) -> Matrix4 {
        var m = Matrix4.rotation(worldFromDevice).transposed
        m[0, 3] = -d.x
        m[1, 3] = -d.y
        m[2, 3] = -d.z
        return m
    }

    /// Eq. VII by the general 4x4 inverse of `W_T_D · D_T_v`; the reference the fast form is tested against.
    public static func modelViewByInverse(worldFromDevice: Quaternion, viewOffset d: SIMD3<Float> = defaultViewOffset) throws -> Matrix4 {
        let worldFromDeviceMatrix = Matrix4.rotation(worldFromDevice)
        let deviceFromView = Matrix4.translation(d.x, d.y, d.z)
        return try (worldFromDeviceMatrix * deviceFromView).inverse()
    }

    /// gluPerspective for a viewport whose width over height is `aspect`: `verticalFieldOfViewDegrees` (degrees) across
    /// its height.
    public static func projection(verticalFieldOfViewDegrees: Double, aspect: Float) -> Matrix4 {
        // Converted in single precision, as gluPerspective's callers do: 60° gives Float.pi / 3 to the bit.
        let fovyRadians = Angle.radians(fromDegrees: Float(verticalFieldOfViewDegrees))
        return Matrix4.perspective(fovyRadians: fovyRadians, aspect: aspect, near: near, far: far)
    }
}
