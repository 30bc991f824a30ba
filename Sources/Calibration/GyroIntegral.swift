import AttitudeMath
import Foundation

/// The gyroscope's rotation between any two times of a log: the rate is taken as linear between samples
/// (each sample is the rate at its own time) and integrated once into orientations at the sample times.
public struct GyroIntegral: Sendable {
    /// Sample times, seconds from the log's first row.
    public let time: [Double]
    /// Angular rate in the IMU's frame S, rad/s.
    public let rate: [SIMD3<Double>]
    /// The orientation at each sample time relative to the first (S at t into S at 0).
    private let orientation: [Quaternion]

    public init(time: [Double], rate: [SIMD3<Double>]) {
        precondition(time.count == rate.count && !time.isEmpty)
        let start = time[0]
        self.time = time.map { $0 - start }
        self.rate = rate
        var q = Quaternion.identity
        var orientation = [q]
        orientation.reserveCapacity(time.count)
        for i in 1..<time.count {
            let step = (rate[i - 1] + rate[i]) / 2 * (time[i] - time[i - 1])
            q = q * RotationFit.quaternion(rotationVector: step)
            if i % 64 == 0 { q = q.normalized() ?? q }
            orientation.append(q)
        }
        self.orientation = orientation
    }

    /// The log's span, seconds.
    public var duration: Double { time.last! }

    /// The orientation at `t` seconds (clamped to the log) relative to the first sample: S at t into S at 0.
    public func orientation(at t: Double) -> Quaternion {
        if t <= 0 { return orientation[0] }
        if t >= duration { return orientation[orientation.count - 1] }
        let (low, high) = bracket(t)
        let dt = t - time[low]
        let span = time[high] - time[low]
        guard span > 0 else { return orientation[low] }
        let rateAtT = rate[low] + (rate[high] - rate[low]) * (dt / span)
        return orientation[low] * RotationFit.quaternion(rotationVector: (rate[low] + rateAtT) / 2 * dt)
    }

    /// The body's rotation from `a` to `b` as a rotation vector in S at `a` (radians).
    public func rotation(from a: Double, to b: Double) -> SIMD3<Double> {
        RotationFit.rotationVector(orientation(at: a).conjugate * orientation(at: b))
    }

    /// The rate at `t`, linear between samples (rad/s).
    public func rate(at t: Double) -> SIMD3<Double> {
        if t <= 0 { return rate[0] }
        if t >= duration { return rate[rate.count - 1] }
        let (low, high) = bracket(t)
        let span = time[high] - time[low]
        guard span > 0 else { return rate[low] }
        return rate[low] + (rate[high] - rate[low]) * ((t - time[low]) / span)
    }

    /// The neighbouring samples with time[low] <= t < time[high]; t is inside (0, duration), seconds.
    private func bracket(_ t: Double) -> (low: Int, high: Int) {
        TimeSeries.bracket(t, in: time.indices) { time[$0] }
    }
}
