/// Which sensors the estimator fuses.
public enum FusionMode: String, CaseIterable, Sendable {
    /// Gyroscope and accelerometer: inclination is absolute, heading drifts freely
    /// (reported in `xArbitraryZVertical`).
    case sixD = "6d"
    /// Gyroscope, accelerometer and magnetometer: heading is held to magnetic north.
    case nineD = "9d"
}
