import AttitudeMath
import Foundation

/// BROAD's error metrics (Laidig et al., Data 6(7) 2021; README of shared/data/broad): the root mean square of each
/// part of `AttitudeError` over a trial, the heading by its size, read out in degrees. BROAD names the tilt inclination.
public struct RMSAccumulator: Sendable {
    public private(set) var count = 0
    private var sumTotal = 0.0, sumHeading = 0.0, sumTilt = 0.0

    public init() {}

    public mutating func add(_ e: AttitudeError) {
        count += 1
        sumTotal += e.total * e.total
        sumHeading += e.heading * e.heading
        sumTilt += e.tilt * e.tilt
    }

    private func rmsDegrees(_ sum: Double) -> Double {
        count == 0 ? .nan : Angle.degrees(fromRadians: (sum / Double(count)).squareRoot())
    }

    public var totalDegrees: Double { rmsDegrees(sumTotal) }
    public var headingDegrees: Double { rmsDegrees(sumHeading) }
    public var tiltDegrees: Double { rmsDegrees(sumTilt) }
}
