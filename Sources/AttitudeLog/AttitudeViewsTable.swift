import AttitudeMath
import Foundation

/// `attitude views`: each attitude of a log as a rotation matrix, Core Motion Euler angles and the articles'
/// tilt, smoothed by the articles' filter, one CSV row per sample.
public enum AttitudeViewsTable {
    public static let header = "t,qw,qx,qy,qz,r11,r12,r13,r21,r22,r23,r31,r32,r33,roll,pitch,yaw,tilt,tilt_smoothed"

    /// A row whose views are not finite numbers, at log time `t`.
    public struct NotFinite: Error { public let t: Double }

    /// The whole table, with comment lines naming `input`, the filter and the frame; the attitudes are drawn
    /// relative to `relativeTo` when given. A row that is not finite stops it: nothing half written.
    public static func text(of log: AttitudeLog, input: String, relativeTo: Quaternion?,
                            filter parameters: ScalarKalmanFilter.Parameters) throws -> String {
        var filter = ScalarKalmanFilter(parameters: parameters)
        let frameName = log.frame?.rawValue ?? "unknown (\(input) names none)"
        var text = "# attitude views by steady-dice from \(input): Kalman Q \(parameters.processNoise), R \(parameters.measurementNoise), "
            + "P \(parameters.initialVariance)\n"
        if let reference = relativeTo {
            text += "# frame: relative to \(reference.w),\(reference.x),\(reference.y),\(reference.z) in \(frameName)\n"
        } else {
            text += "# frame: \(frameName)\n"
        }
        text += header + "\n"
        for sample in log.samples {
            var q = sample.worldFromDevice
            if let reference = relativeTo { q = q.relative(to: reference) }
            let views = AttitudeViews(worldFromDevice: q)
            let smoothed = filter.update(views.tilt)
            let fields = [sample.t, q.w, q.x, q.y, q.z] + views.rotationRows.flatMap { $0 }
                + [views.roll, views.pitch, views.yaw, views.tilt, smoothed]
            guard fields.allSatisfy(\.isFinite) else { throw NotFinite(t: sample.t) }
            text += fields.map { "\($0)" }.joined(separator: ",") + "\n"
        }
        return text
    }
}
