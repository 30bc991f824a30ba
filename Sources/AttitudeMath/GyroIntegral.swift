import Foundation

/// The gyroscope's rotation between any two times of a log. A sample at t_i is the rate over the interval since the
/// previous sample, that is the rate at its middle m_i = (t_i-1 + t_i) / 2 (docs/conventions.md, "Time"; the first
/// sample's middle is half a step before it), and the rate is linear between those middles. Fusion integrates the
/// same samples by the midpoint rule (each rate times its step), so the attitude drawn is the one calibrate fits: the
/// two agree exactly for a rate that changes linearly, and within a second-order term otherwise (about 1e-5 rad at
/// BROAD's 3.5 ms).
public struct GyroIntegral: Sendable {
    /// Sample times, seconds from the log's first row.
    public let time: [Double]
    /// Angular rate in the IMU's frame S, rad/s.
    public let rate: [SIMD3<Double>]
    /// The orientation at each sample time relative to the first (S at t into S at 0).
    private let orientation: [Quaternion]
    /// A gyroscope's samples: the middle of the interval before each sample, where its rate holds, and the rate at
    /// each sample's own time (linear between the middles, extrapolated half a step past the last). Nil for an
    /// attitude stream, whose rate is constant from one sample to the next.
    private let middles: (time: [Double], rateAtSample: [SIMD3<Double>])?
    /// The median step between consecutive samples, seconds: the log's own sampling period (0 for one sample).
    public let typicalStep: Double

    public init(time: [Double], rate: [SIMD3<Double>]) {
        precondition(time.count == rate.count && !time.isEmpty)
        let start = time[0]
        let time = time.map { $0 - start }
        self.time = time
        self.rate = rate
        typicalStep = Median.period(time) ?? 0
        let n = time.count
        var middle = [n > 1 ? -(time[1] - time[0]) / 2 : 0]
        for i in 1..<max(n, 1) { middle.append((time[i - 1] + time[i]) / 2) }
        // The rate at each sample's time, between the middles around it (past the last one, on their line).
        let rateAtSample = (0..<n).map { i -> SIMD3<Double> in
            guard n > 1 else { return rate[0] }
            let (a, b) = i + 1 < n ? (i, i + 1) : (i - 1, i)
            let span = middle[b] - middle[a]
            return span > 0 ? rate[a] + (rate[b] - rate[a]) * ((time[i] - middle[a]) / span) : rate[i]
        }
        middles = (middle, rateAtSample)
        var q = Quaternion.identity
        var orientation = [q]
        orientation.reserveCapacity(n)
        for i in 1..<max(n, 1) {
            // The trapezoid on each side of the middle, where the rate is linear.
            let before: SIMD3<Double> = (rateAtSample[i - 1] + rate[i]) * ((middle[i] - time[i - 1]) / 2)
            let after: SIMD3<Double> = (rate[i] + rateAtSample[i]) * ((time[i] - middle[i]) / 2)
            let step = before + after
            q = q * Quaternion(rotationVector: step)
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
        typicalStep = Median.period(self.time) ?? 0
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
            rate.append(Quaternion.bodyRate(from: relative[i - 1], to: relative[i], over: time[i] - time[i - 1]))
        }
        rate.insert(rate[0], at: 0)
        self.rate = rate
        orientation = relative
        middles = nil
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
        guard let middles else { return orientation[low] * Quaternion(rotationVector: rate[high] * dt) }
        let middle = middles.time[high], startRate = middles.rateAtSample[low]
        let rateAtT = rate(at: t)
        var step: SIMD3<Double>
        if t <= middle {
            step = (startRate + rateAtT) * (dt / 2)
        } else {
            let before: SIMD3<Double> = (startRate + rate[high]) * ((middle - time[low]) / 2)
            step = before + (rate[high] + rateAtT) * ((t - middle) / 2)
        }
        return orientation[low] * Quaternion(rotationVector: step)
    }

    /// The body's rotation from `a` to `b` as a rotation vector in S at `a` (radians).
    public func rotation(from a: Double, to b: Double) -> SIMD3<Double> {
        (orientation(at: a).conjugate * orientation(at: b)).rotationVector
    }

    /// The rate at `t` (rad/s, clamped to the log): a gyroscope's linear between the samples' middles, an attitude
    /// stream's constant from one sample to the next.
    public func rate(at t: Double) -> SIMD3<Double> {
        guard let middles else {
            if t <= 0 { return rate[0] }
            if t >= duration { return rate[rate.count - 1] }
            let (low, high) = bracket(t)
            return t == time[low] ? rate[low] : rate[high]
        }
        if t <= 0 { return middles.rateAtSample[0] }
        if t >= duration { return middles.rateAtSample[rate.count - 1] }
        let (low, high) = bracket(t)
        let middle = middles.time[high]
        let (a, b, from, to) = t <= middle
            ? (middles.rateAtSample[low], rate[high], time[low], middle)
            : (rate[high], middles.rateAtSample[high], middle, time[high])
        return to > from ? a + (b - a) * ((t - from) / (to - from)) : b
    }

    /// The neighbouring samples with time[low] <= t < time[high]; t is inside (0, duration), seconds.
    /// The longest step between consecutive samples over [a, b] (seconds of log time, clamped to the log), the steps
    /// that bracket a and b included: how long the gyroscope went unseen there.
    public func longestStep(from a: Double, to b: Double) -> Double {
        let low = a <= 0 ? 0 : a >= duration ? time.count - 1 : bracket(a).low
        let high = b >= duration ? time.count - 1 : b <= 0 ? 0 : bracket(b).high
        guard high > low else { return 0 }
        return (low + 1...high).reduce(0) { max($0, time[$1] - time[$1 - 1]) }
    }

    private func bracket(_ t: Double) -> (low: Int, high: Int) {
        TimeSeries.bracket(t, in: time.indices) { time[$0] }
    }
}
