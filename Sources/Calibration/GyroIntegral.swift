import AttitudeMath
import Foundation

/// The gyroscope's rotation between any two times of a log: a sample at t_i is the mean rate over the interval
/// since the previous sample, constant over it (docs/conventions.md, "Time": the rule fusion integrates by, so the
/// attitude drawn is the one calibrate fits), integrated once into orientations at the sample times.
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
            let step = rate[i] * (time[i] - time[i - 1])
            q = q * RotationFit.quaternion(rotationVector: step)
            if i % 64 == 0 { q = q.normalized() ?? q }
            orientation.append(q)
        }
        self.orientation = orientation
    }

    /// From an attitude stream alone (no gyroscope): `attitude[i]` the IMU's attitude (world from S) at
    /// `time[i]`, seconds, rising. Between two samples the body turns at the constant rate that takes one
    /// into the next (its finite difference over the stream's own time stamps, the rate of the later sample as a
    /// gyroscope's would be; the first sample takes the second's), so the orientation at each
    /// sample is the stream's exactly; over a frame interval the rotation is the attitudes' difference, which
    /// needs no smoothing beyond what the stream's own filter did.
    public init(time: [Double], attitude: [Quaternion]) {
        precondition(time.count == attitude.count && time.count >= 2)
        let start = time[0]
        self.time = time.map { $0 - start }
        var relative: [Quaternion] = []
        relative.reserveCapacity(attitude.count)
        for q in attitude {
            var r = (attitude[0].conjugate * q).normalized() ?? .identity
            // One hemisphere, so each difference takes the short way.
            if let previous = relative.last, previous.dot(r) < 0 { r = -r }
            relative.append(r)
        }
        var rate: [SIMD3<Double>] = []
        for i in 1..<time.count {
            let span = time[i] - time[i - 1]
            rate.append(span > 0 ? RotationFit.rotationVector(relative[i - 1].conjugate * relative[i]) / span : .zero)
        }
        rate.insert(rate[0], at: 0)
        self.rate = rate
        orientation = relative
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
        return orientation[low] * RotationFit.quaternion(rotationVector: rate[high] * dt)
    }

    /// The body's rotation from `a` to `b` as a rotation vector in S at `a` (radians).
    public func rotation(from a: Double, to b: Double) -> SIMD3<Double> {
        RotationFit.rotationVector(orientation(at: a).conjugate * orientation(at: b))
    }

    /// The rate at `t` (rad/s): the sample's at its own time, the next sample's after it, up to that sample.
    public func rate(at t: Double) -> SIMD3<Double> {
        if t <= 0 { return rate[0] }
        if t >= duration { return rate[rate.count - 1] }
        let (low, high) = bracket(t)
        return t == time[low] ? rate[low] : rate[high]
    }

    /// The neighbouring samples with time[low] <= t < time[high]; t is inside (0, duration), seconds.
    private func bracket(_ t: Double) -> (low: Int, high: Int) {
        TimeSeries.bracket(t, in: time.indices) { time[$0] }
    }
}
