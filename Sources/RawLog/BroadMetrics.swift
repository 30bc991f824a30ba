import AttitudeMath
import Foundation

/// Attitude errors as the BROAD benchmark defines them, in radians.
public struct AttitudeErrors: Equatable, Sendable {
    public var total: Double
    public var heading: Double
    public var inclination: Double
}

/// BROAD's error metrics (Laidig et al., Data 6(7) 2021; README of shared/data/broad).
public enum BroadMetrics {
    /// Errors of an estimate against a reference, both sensor into east-north-up: with
    /// `e = estimate * conj(reference)` normalised, total `2 acos|e_w|`, heading `2 atan|e_z/e_w|`,
    /// inclination `2 acos sqrt(e_w² + e_z²)`. Nil when either is not finite.
    public static func errors(estimate: Quaternion, reference: Quaternion) -> AttitudeErrors? {
        guard let e = (estimate * reference.conjugate).normalized() else { return nil }
        let ew = abs(e.w)
        let total = 2 * acos(min(1, ew))
        let heading = 2 * atan(abs(e.z) / ew)  // ew = 0 gives atan(inf) = π/2: a 180° heading error.
        let inclination = 2 * acos(min(1, (e.w * e.w + e.z * e.z).squareRoot()))
        return AttitudeErrors(total: total, heading: heading.isNaN ? 0 : heading, inclination: inclination)
    }
}

/// Root-mean-square accumulator for errors in radians, read out in degrees.
public struct RMSAccumulator: Sendable {
    public private(set) var count = 0
    private var sumTotal = 0.0, sumHeading = 0.0, sumInclination = 0.0

    public init() {}

    public mutating func add(_ e: AttitudeErrors) {
        count += 1
        sumTotal += e.total * e.total
        sumHeading += e.heading * e.heading
        sumInclination += e.inclination * e.inclination
    }

    private func rmsDegrees(_ sum: Double) -> Double {
        count == 0 ? .nan : (sum / Double(count)).squareRoot() * 180 / .pi
    }

    public var totalDegrees: Double { rmsDegrees(sumTotal) }
    public var headingDegrees: Double { rmsDegrees(sumHeading) }
    public var inclinationDegrees: Double { rmsDegrees(sumInclination) }
}
