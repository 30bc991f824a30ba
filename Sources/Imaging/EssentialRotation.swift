import AttitudeMath
import CVShim
import SafeText

/// The rotation between two views of one scene from the points' essential matrix (OpenCV: findEssentialMat with
/// RANSAC, recoverPose), which a camera's move does not disturb as it disturbs a rotation fitted alone.
public enum EssentialRotation {
    /// The turn of the rays of fixed points from view a to view b (X_b = R·X_a + t), as a rotation in the camera's
    /// frame C, and how many points fit it; nil when no essential matrix is found. Each pair is one point's rays in C
    /// in view a and in view b (any length, z > 0); `threshold` is RANSAC's, in the rays' normalised units (pixels over
    /// the focal length).
    public static func rotation(of rays: [(a: SIMD3<Double>, b: SIMD3<Double>)], threshold: Double) throws -> (turn: Quaternion, inliers: Int)? {
        let from = rays.flatMap { [$0.a.x / $0.a.z, $0.a.y / $0.a.z] }, to = rays.flatMap { [$0.b.x / $0.b.z, $0.b.y / $0.b.z] }
        var rows = [Double](repeating: 0, count: 9)
        var inliers: Int32 = 0
        let status = try withErrorBuffer { err, len in
            cvs_essential_rotation(from, to, Int32(rays.count), threshold, &rows, &inliers, err, len)
        } describe: { ImagingError.refused(step: "essential matrix", reason: $0) }
        guard status == 0, inliers > 0 else { return nil }
        let turn = Quaternion(rotationMatrixRows: [Array(rows[0..<3]), Array(rows[3..<6]), Array(rows[6..<9])])
        return (turn, Int(inliers))
    }
}
