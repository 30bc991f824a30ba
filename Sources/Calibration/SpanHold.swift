import AttitudeMath
import Foundation

/// An attitude drawn over the footage its camera filmed, held to the picture's own turn over spans of seconds
/// (`PictureSpan`: where the camera also moved, the rotation of the span's essential matrix, which the move does not
/// enter, so a drone's or a car's flight is not taken for a turn).
///
/// 1. Over each span the attitude's turn is compared with the picture's. What they differ by, over the span's length, is
///    the rate at which the attitude drifts there, about S's axes: a bias left over, or one that wanders.
/// 2. Spans whose rate lies more than `SpanSteps.outlierFactor` times the spans' median distance from their median (a
///    scene that moves, tracks that slid) are left out.
/// 3. The rest give the drift rate at each instant: a line through their rates under a Gaussian window of
///    `smoothingSeconds` about it, held at the first and last span's middle beyond them.
/// 4. That rate is taken out of each of the attitude's own steps, from its first sample on: what turns within a span
///    stays the attitude's, what drifts from span to span follows the picture.
///
/// Frames: W the attitudes' world, S the IMU's, C the camera's (docs/conventions.md); `cameraFromIMU` is the mount,
/// v_C = M·v_S. No I/O.
public struct SpanHold: Sendable {
    public struct Parameters: Equatable, Sendable {
        /// Seconds: the Gaussian window's sigma over which a line is fitted to the spans' drift rates.
        public var smoothingSeconds = 2.0
        /// Spans needed to hold the attitude at all (`PictureSpan.fewestForAFit` by default).
        public var minimumSpans = PictureSpan.fewestForAFit

        public init() {}
    }

    /// Each span used: its middle on the log's clock, and the attitude's drift rate over it, rad/s about S's axes.
    public let spans: [(logTime: Double, driftRate: SIMD3<Double>)]
    /// Spans given that lay within the attitude's times, and of those the ones left out as outliers.
    public let spansCompared: Int, spansLeftOut: Int
    let parameters: Parameters

    /// `times` (log clock, rising) and `attitudes` (worldFromS) are the attitude to hold; `spans` the picture's turns
    /// between frames whose times are `frameTimes` on the video's clock, with log time = video time + `offset`. Nil
    /// when fewer than `parameters.minimumSpans` spans remain.
    public init?(times: [Double], attitudes: [Quaternion], spans pictureSpans: [PictureSpan], frameTimes: [Double], timeOffsetSeconds offset: Double,
                 cameraFromIMU: Quaternion, parameters: Parameters = Parameters()) {
        guard times.count == attitudes.count, times.count > 1 else { return nil }
        func attitude(at t: Double) -> Quaternion? {
            guard t >= times[0], t <= times[times.count - 1] else { return nil }
            return TimeSeries.attitude(at: t, in: times.indices, time: { times[$0] }, attitude: { attitudes[$0] })
        }
        // Each span's rate: the one that, taken out of every one of the attitude's steps over the span, leaves its turn the
        // picture's (`SpanSteps.miss` zero), solved by the calibration's Gauss–Newton, undamped (the miss is nearly linear
        // in the rate; a rate about S's axes turns with the camera over the span, so it is not the miss over the length).
        let measured = pictureSpans.compactMap { span -> (logTime: Double, driftRate: SIMD3<Double>)? in
            guard let (a, b) = SpanSteps.logTimes(of: span, frameTimes: frameTimes, timeOffsetSeconds: offset),
                  let first = attitude(at: a), let last = attitude(at: b) else { return nil }
            let inside = times.indices.filter { times[$0] > a && times[$0] < b }
            let steps = SpanSteps(span, start: a, end: b, times: [a] + inside.map { times[$0] } + [b],
                                  orientations: [first] + inside.map { attitudes[$0] } + [last])
            guard let rate = Self.rate(over: steps, cameraFromIMU: cameraFromIMU) else { return nil }
            return (steps.middle, rate)
        }
        spansCompared = measured.count
        guard measured.count >= parameters.minimumSpans else { return nil }
        // At least `minimumSpans` are measured here, so each median exists.
        let middle = SIMD3(Median.of(measured.map(\.driftRate.x))!, Median.of(measured.map(\.driftRate.y))!,
                           Median.of(measured.map(\.driftRate.z))!)
        // Spans made to agree exactly have no scatter: a floor keeps them all.
        let within = Median.within(measured.map { ($0.driftRate - middle).length }, factor: SpanSteps.outlierFactor, floor: 1e-9)
        let kept = zip(measured, within).filter(\.1).map(\.0)
        guard kept.count >= parameters.minimumSpans else { return nil }
        spans = kept
        spansLeftOut = measured.count - kept.count
        self.parameters = parameters
    }

    /// The rate (rad/s about S's axes) that, taken out of each of `steps`' steps, makes the attitude's turn the picture's;
    /// nil where the equations do not solve.
    static func rate(over steps: SpanSteps, cameraFromIMU: Quaternion) -> SIMD3<Double>? {
        func residuals(_ p: [Double]) -> [Double] {
            let miss = steps.miss(rate: SIMD3(p[0], p[1], p[2]), cameraFromIMU: cameraFromIMU)
            return [miss.x, miss.y, miss.z]
        }
        let problem = LeastSquaresProblem<[Double], Void>(residuals: { (residuals($0), ()) }, columns: { p, _, _ in
            let step = 1e-6
            return (0..<3).map { k in
                var up = p, down = p
                up[k] += step; down[k] -= step
                return zip(residuals(up), residuals(down)).map { ($0 - $1) / (2 * step) }
            }
        })
        let fit = DampedGaussNewton(iterations: 10, damping: .none, stop: .stepBelow(1e-12, groups: [[0, 1, 2]]))
            .solve(problem, from: [0, 0, 0])
        return fit.singular ? nil : SIMD3(fit.point[0], fit.point[1], fit.point[2])
    }

    /// The drift rate at log time `t`, rad/s about S's axes: a line through the spans' rates under a Gaussian window
    /// about `t` (so that the rate is not dragged towards the spans' middle near the first and last), evaluated at `t`
    /// clamped to the first and last span's middle.
    public func driftRate(atLogTime t: Double) -> SIMD3<Double> {
        let at = min(max(t, spans[0].logTime), spans[spans.count - 1].logTime)
        let sigma = parameters.smoothingSeconds
        var w = 0.0, wd = 0.0, wdd = 0.0, wr = SIMD3<Double>.zero, wdr = SIMD3<Double>.zero
        for span in spans {
            let d = span.logTime - at
            let weight = exp(-0.5 * (d / sigma) * (d / sigma))
            w += weight; wd += weight * d; wdd += weight * d * d
            wr += weight * span.driftRate; wdr += weight * d * span.driftRate
        }
        // The weighted least-squares line r(d) = α + β·d; its value at d = 0 is α. Spans all at one time leave the mean.
        let determinant = w * wdd - wd * wd
        guard determinant > 1e-12 * max(w * wdd, 1e-300) else { return wr / w }
        return (wdd * wr - wd * wdr) / determinant
    }

    /// `attitudes` (worldFromS at `times`, log clock, rising) with the drift taken out of each step: the first is kept,
    /// and each next is the one before it turned by the attitude's own step less the drift rate over that step.
    public func held(times: [Double], attitudes: [Quaternion]) -> [Quaternion] {
        guard var current = attitudes.first else { return [] }
        var out = [current]
        out.reserveCapacity(attitudes.count)
        for k in 1..<attitudes.count {
            let step = attitudes[k - 1].conjugate * attitudes[k]
            let seconds = times[k] - times[k - 1]
            let next = current * step * Quaternion(rotationVector: -driftRate(atLogTime: times[k - 1] + seconds / 2) * seconds)
            current = next.normalized() ?? next
            out.append(current)
        }
        return out
    }

    /// Degrees: the turn from the attitude `given` to the one `held` at the same time (stderr's summary says it for the last
    /// sample).
    public static func turnDegrees(from given: Quaternion, to held: Quaternion) -> Double {
        Angle.degrees(fromRadians: (given.conjugate * held).rotationVector.length)
    }
}
