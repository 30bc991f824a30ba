import Foundation

/// How far an estimated attitude is from a reference, both device to a world whose Z is up, split into a turn about
/// the vertical (heading) and the rest (tilt), as the BROAD benchmark splits it (Laidig et al., Data 6(7) 2021). With
/// e = estimate · reference⁻¹ (a turn in the world), normalised and taken with e_w ≥ 0, all in radians.
public struct AttitudeError: Equatable, Sendable {
    /// The whole turn between the two, 2·acos e_w: 0 to π.
    public let total: Double
    /// The angle between the two "up" directions, 2·acos√(e_w² + e_z²): 0 to π. BROAD calls it the inclination error.
    public let tilt: Double
    /// The turn about the vertical from the reference to the estimate, −2·atan2(e_z, e_w): −π to π, positive clockwise
    /// seen from above (from north towards east in a north frame, as bearings count). BROAD's heading error is its size.
    public let heading: Double

    /// The error of `estimate` against `reference`; nil when either is not a finite, non-zero quaternion.
    public init?(estimate: Quaternion, reference: Quaternion) {
        guard let e = (estimate * reference.conjugate).normalized()?.canonical else { return nil }
        total = 2 * acos(min(1, e.w))
        tilt = 2 * acos(min(1, (e.w * e.w + e.z * e.z).squareRoot()))
        // W's Z is up: a positive turn about it is anticlockwise seen from above, so clockwise positive is its negative.
        heading = -(2 * atan2(e.z, e.w))
    }
}
