import AttitudeMath
import Foundation

/// An attitude drawn over the footage its camera filmed, held to the picture's own turn over spans of seconds
/// (`PictureSpan`: where the camera also moved, the rotation of the span's essential matrix, which the move does not
/// enter, so a drone's or a car's flight is not taken for a turn).
///
/// 1. Over each span the attitude's turn is compared with the picture's. What they differ by, over the span's length, is
///    the rate at which the attitude drifts there, about S's axes: a bias left over, or one that wanders.
/// 2. Spans whose rate lies more than `outlierFactor` times the spans' median distance from their median (a scene that
///    moves, tracks that slid) are left out.
/// 3. The rest give the drift rate at each instant: a line through their rates under a Gaussian window of
///    `smoothingSeconds` about it, held at the first and last span's middle beyond them.
/// 4. That rate is taken out of each of the attitude's own steps, from its first sample on: what turns within a span
///    stays the attitude's, what drifts from span to span follows the picture.
///
/// Frames: W the attitudes' world, S the IMU's, C the camera's (CONVENTIONS.md); `cameraFromIMU` is the mount,
/// v_C = M·v_S. No I/O.
public struct SpanHold: Sendable {
    public struct Parameters: Equatable, Sendable {
        /// Seconds: the Gaussian window's sigma over which a line is fitted to the spans' drift rates.
        public var smoothingSeconds = 2.0
        /// A span whose rate lies further than this many times the median distance from the median rate is left out.
        public var outlierFactor = 5.0
        /// Spans needed to hold the attitude at all: fewer leave the scatter, and so a wrong span, unseen.
        public var minimumSpans = 4

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
    public init?(times: [Double], attitudes: [Quaternion], spans pictureSpans: [PictureSpan], frameTimes: [Double], offset: Double,
                 cameraFromIMU: Quaternion, parameters: Parameters = Parameters()) {
        guard times.count == attitudes.count, times.count > 1 else { return nil }
        func attitude(at t: Double) -> Quaternion? {
            guard t >= times[0], t <= times[times.count - 1] else { return nil }
            return TimeSeries.attitude(at: t, in: times.indices, time: { times[$0] }, attitude: { attitudes[$0] })
        }
        let imuFromCamera = cameraFromIMU.conjugate
        // The attitude's turn over a span, M · worldFromS(a)⁻¹ · worldFromS(b) · M⁻¹, is C at its first frame from C at its
        // last; the picture's turn takes rays from the first frame to the last, its inverse (`PictureSpan.turn`). With the
        // drift rate taken out of each of the attitude's steps over the span, their product is the identity: solved by
        // steps of the product's rotation over the span's length (a rate about S's axes turns with the camera over the
        // span, so the product is not exactly exp(M·b·T)).
        let measured = pictureSpans.compactMap { span -> (logTime: Double, driftRate: SIMD3<Double>)? in
            guard frameTimes.indices.contains(span.firstFrame), frameTimes.indices.contains(span.lastFrame) else { return nil }
            let ta = frameTimes[span.firstFrame] + offset, tb = frameTimes[span.lastFrame] + offset
            guard tb > ta, let a = attitude(at: ta), let b = attitude(at: tb) else { return nil }
            let inside = times.indices.filter { times[$0] > ta && times[$0] < tb }
            let stepTimes = [ta] + inside.map { times[$0] } + [tb]
            let stepAttitudes = [a] + inside.map { attitudes[$0] } + [b]
            let steps = (1..<stepTimes.count).map { (turn: stepAttitudes[$0 - 1].conjugate * stepAttitudes[$0], seconds: stepTimes[$0] - stepTimes[$0 - 1]) }
            func miss(_ rate: SIMD3<Double>) -> SIMD3<Double> {
                var body = Quaternion.identity
                for step in steps { body = body * step.turn * Quaternion(rotationVector: -rate * step.seconds) }
                return (span.turn * cameraFromIMU * body * imuFromCamera).rotationVector
            }
            var rate = SIMD3<Double>.zero
            for _ in 0..<Self.rateIterations { rate += imuFromCamera.rotate(miss(rate)) / (tb - ta) }
            return ((ta + tb) / 2, rate)
        }
        spansCompared = measured.count
        guard measured.count >= parameters.minimumSpans else { return nil }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let middle = SIMD3(median(measured.map(\.driftRate.x)), median(measured.map(\.driftRate.y)), median(measured.map(\.driftRate.z)))
        let distances = measured.map { Self.norm($0.driftRate - middle) }
        // Spans made to agree exactly have no scatter: a floor keeps them all.
        let limit = max(parameters.outlierFactor * median(distances), 1e-9)
        let kept = zip(measured, distances).filter { $0.1 <= limit }.map(\.0)
        guard kept.count >= parameters.minimumSpans else { return nil }
        spans = kept
        spansLeftOut = measured.count - kept.count
        self.parameters = parameters
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

    /// Degrees: how far `held` turns the attitude from the one given by log time `t` (the last sample's, for the summary).
    public static func turnDegrees(from given: Quaternion, to held: Quaternion) -> Double {
        norm((given.conjugate * held).rotationVector) * 180 / .pi
    }

    /// Steps of the span's drift rate: each takes the miss left by the last over the span's length, which a span turning by
    /// less than a right angle shrinks several fold.
    static let rateIterations = 8

    private static func norm(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}
