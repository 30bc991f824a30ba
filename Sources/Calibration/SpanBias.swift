import AttitudeMath
import Rig
import Foundation

/// A stretch of a clip and the picture's own turn over it: how the rays of fixed points turned from its first frame to
/// its last (in the camera's frame C at the first), from the essential matrix of the points tracked through it. Over
/// seconds a moving camera has moved far enough that the essential matrix tells its move from its turn, which a frame
/// pair cannot.
public struct PictureSpan: Sendable {
    public var first: Int, last: Int
    /// The rays' turn, v_last = turn·v_first for a point far away.
    public var turn: Quaternion
    /// How many points the turn and a move explain.
    public var points: Int

    public init(first: Int, last: Int, turn: Quaternion, points: Int) {
        self.first = first; self.last = last; self.turn = turn; self.points = points
    }
}

/// The gyroscope's constant bias that makes its turn over each span the picture's (`PictureSpan`), with its standard
/// error: the one a moving camera does not fool, beside the frame pairs' (`CameraIMUCalibration`), which takes a move
/// for a turn. Fitted jointly with the scale of the picture's turns about C's x and y (a pinhole whose field of view is
/// off measures them too large or too small, and a bias fitted alone would take that on wherever the clip keeps
/// turning one way). The body's turn over a span is the gyroscope's integral less the bias over each of the log's
/// steps, turned into C by the mount M; the residual is the rotation vector of scaled(turn)·M·body·M⁻¹, zero when the
/// rays turned as the body did, in reverse.
public struct SpanBias: Sendable {
    /// The bias about S's axes, rad/s.
    public var bias: SIMD3<Double>
    /// Its standard error about S's axes, rad/s, from the fit's covariance: each axis's residuals weighed by their scatter,
    /// widened by how many spans share each stretch of the clip.
    public var standardError: SIMD3<Double>
    /// The residuals' RMS about C's axes, radians.
    public var residualRMS: SIMD3<Double>
    /// The spans fitted (after those far off the rest were left out) and the spans given.
    public var spansUsed: Int, spansGiven: Int
    /// How much larger the picture's turns about C's x and y are than the gyroscope's (1: as large), with its standard
    /// error. Through a pinhole whose field of view is too wide the picture's turns come out larger (a pixel is more of an
    /// angle), too narrow smaller; roll about z does not depend on it.
    public var turnScale: Estimate

    /// A number with its standard error.
    public struct Estimate: Sendable, Equatable {
        public var value: Double
        public var standardError: Double

        public init(value: Double, standardError: Double) {
            self.value = value
            self.standardError = standardError
        }
    }

    /// Fewer spans leave the scatter, and so the error, unknown.
    public static let minimumSpans = 4

    /// Fits the bias and the turn scale over `spans` of a clip whose frames are at `frameTimes` (video seconds), with
    /// the gyroscope `gyro` at log time = video time + `offset`, the mount `cameraFromIMU` (v_C = M·v_S) and spans that
    /// overlap `overlap` times (a span's length over the step between spans' starts; 1 when they do not overlap). Nil
    /// when fewer than `minimumSpans` remain or the fit is singular.
    public static func fit(_ spans: [PictureSpan], frameTimes: [Double], gyro: GyroIntegral, offset: Double,
                           cameraFromIMU: Quaternion, overlap: Double) -> SpanBias? {
        // Each span's body turn as the log's own steps (the gyroscope's integral over each), so that a bias can be taken out
        // of every step: over seconds of turning, θ − bias·T would miss by the turns' products.
        struct Measured { var picture: SIMD3<Double>; var steps: [(turn: Quaternion, seconds: Double)] }
        let measured = spans.compactMap { span -> Measured? in
            guard frameTimes.indices.contains(span.first), frameTimes.indices.contains(span.last), span.last > span.first else { return nil }
            let a = frameTimes[span.first] + offset, b = frameTimes[span.last] + offset
            guard a >= gyro.time[0], b <= gyro.duration else { return nil }
            let count = max(1, Int(((b - a) / max(gyro.typicalStep, 1e-4)).rounded(.up)))
            let times = (0...count).map { a + (b - a) * Double($0) / Double(count) }
            let orientations = times.map { gyro.orientation(at: $0) }
            let steps = (0..<count).map { ((orientations[$0].conjugate * orientations[$0 + 1]), times[$0 + 1] - times[$0]) }
            return Measured(picture: span.turn.rotationVector, steps: steps)
        }
        let imuFromCamera = cameraFromIMU.conjugate
        // Parameters: the bias about S's x, y, z (rad/s) and the factor the picture's turns about C's x and y are taken by.
        func residual(_ m: Measured, _ x: [Double]) -> SIMD3<Double> {
            var body = Quaternion.identity
            let bias = SIMD3(x[0], x[1], x[2])
            for step in m.steps { body = body * step.turn * Quaternion(rotationVector: -bias * step.seconds) }
            let picture = Quaternion(rotationVector: SIMD3(x[3] * m.picture.x, x[3] * m.picture.y, m.picture.z))
            return (picture * cameraFromIMU * body * imuFromCamera).rotationVector
        }
        func columns(_ m: Measured, _ x: [Double]) -> [SIMD3<Double>] {
            let step = 1e-6
            return (0..<4).map { k in
                var up = x, down = x
                up[k] += step; down[k] -= step
                return (residual(m, up) - residual(m, down)) / (2 * step)
            }
        }
        /// The normal matrix Σ JᵀWJ and gradient −Σ JᵀWr, each axis weighed by `weight`.
        func normal(_ used: [Measured], _ x: [Double], weight: SIMD3<Double>) -> (matrix: [[Double]], gradient: [Double]) {
            var matrix = [[Double]](repeating: [0, 0, 0, 0], count: 4), gradient = [0.0, 0.0, 0.0, 0.0]
            for m in used {
                let r = residual(m, x), j = columns(m, x)
                for i in 0..<4 {
                    gradient[i] -= (j[i] * weight * r).sum()
                    for k in 0..<4 { matrix[i][k] += (j[i] * weight * j[k]).sum() }
                }
            }
            return (matrix, gradient)
        }
        func solve(_ used: [Measured]) -> [Double]? {
            var x = [0.0, 0.0, 0.0, 1.0]
            for _ in 0..<10 {
                let (matrix, gradient) = normal(used, x, weight: SIMD3(repeating: 1))
                guard let delta = LinearSystem.solve(matrix, gradient) else { return nil }
                x = zip(x, delta).map { $0 + $1 }
                if delta.map({ abs($0) }).max()! < 1e-10 { break }
            }
            return x
        }
        guard measured.count >= minimumSpans, let first = solve(measured) else { return nil }
        // Spans far off the rest (a scene that moves, tracks that slid) are left out and the fit run again.
        let norms = measured.map { length(residual($0, first)) }
        let median = norms.sorted()[norms.count / 2]
        let used = zip(measured, norms).filter { $0.1 <= max(5 * median, 1e-4) }.map(\.0)
        guard used.count >= minimumSpans, let x = solve(used) else { return nil }
        let residuals = used.map { residual($0, x) }
        let squares = residuals.reduce(SIMD3<Double>.zero) { $0 + $1 * $1 }
        // Each axis's scatter over its share of the degrees of freedom (3 residuals a span, 4 parameters).
        let scatter = squares / (Double(3 * used.count - 4) / 3)
        guard scatter.min() > 0 else {
            return SpanBias(bias: SIMD3(x[0], x[1], x[2]), standardError: .zero, residualRMS: .zero, spansUsed: used.count,
                            spansGiven: spans.count, turnScale: Estimate(value: 1 / x[3], standardError: 0))
        }
        let (matrix, _) = normal(used, x, weight: 1 / scatter)
        let covariance = (0..<4).compactMap { k in LinearSystem.solve(matrix, (0..<4).map { $0 == k ? 1.0 : 0.0 }) }
        guard covariance.count == 4 else { return nil }
        let variance = (0..<4).map { covariance[$0][$0] * max(overlap, 1) }
        let rms = squares / Double(used.count)
        return SpanBias(bias: SIMD3(x[0], x[1], x[2]),
                        standardError: SIMD3(variance[0].squareRoot(), variance[1].squareRoot(), variance[2].squareRoot()),
                        residualRMS: SIMD3(rms.x.squareRoot(), rms.y.squareRoot(), rms.z.squareRoot()),
                        spansUsed: used.count, spansGiven: spans.count,
                        // The picture's turns times x[3] are the gyroscope's: they are 1/x[3] times as large.
                        turnScale: Estimate(value: 1 / x[3], standardError: variance[3].squareRoot() / (x[3] * x[3])))
    }

    /// The vertical field of view, degrees, of the pinhole through which the picture's turns about its x and y axes are as
    /// large as the gyroscope's (`turnScale` 1), with its standard error as a fraction of it, and the spans' fit through
    /// it; nil where the scale does not cross 1 within `range`. `spans(fov)` fits over the spans measured through a pinhole
    /// of that field of view (nil: too few). Bisection on the scale, which grows with the field of view; the error is the
    /// scale's over its slope there.
    public static func fieldOfView(range: ClosedRange<Double>, spans: (Double) throws -> SpanBias?) rethrows
        -> (degrees: Double, standardErrorFraction: Double, fit: SpanBias)? {
        func scale(_ fov: Double) throws -> Double? { try spans(fov)?.turnScale.value }
        var low = range.lowerBound, high = range.upperBound
        guard let atLow = try scale(low), let atHigh = try scale(high), atLow < 1, atHigh > 1 else { return nil }
        while high - low > 0.05 {
            let middle = (low + high) / 2
            guard let k = try scale(middle) else { return nil }
            if k < 1 { low = middle } else { high = middle }
        }
        let best = (low + high) / 2
        let h = 0.02 * best
        guard let fit = try spans(best), let below = try scale(best - h), let above = try scale(best + h), above > below else { return nil }
        let slope = (above - below) / (2 * h)
        return (best, fit.turnScale.standardError / slope / best, fit)
    }
}

extension Determination {
    /// What the spans' bias (`SpanBias`) did to a rig's.
    public enum SpanBiasVerdict: Equatable, Sendable {
        /// The spans narrow the bias no better than `gyroBiasDegreesPerSecond`: the rig's stands.
        case undetermined
        /// Within `spanAgreement` joint standard errors of the frame pairs' on every axis: the frame pairs' stands.
        case agrees
        /// The spans' is written in place of the frame pairs' (nil: they left it undetermined), which is off by
        /// `standardErrors` joint standard errors on its worst axis (nil: it has no standard error).
        case replaced(previous: SIMD3<Double>?, standardErrors: Double?)
    }

    /// Joint standard errors within which the frame pairs' bias and the spans' agree.
    public static let spanAgreement = 3.0

    /// Judges the spans' bias against `rig`'s and writes it where it should stand: when the spans determine it (each
    /// axis's standard error within `gyroBiasDegreesPerSecond`) and the frame pairs' is undetermined or off by more than
    /// `spanAgreement` joint standard errors on some axis. The frame pairs' stands where they agree: on a camera that only
    /// turns they are the more precise, and where the camera also moves they take its move for a turn, which the spans do not.
    public static func judge(_ rig: inout Rig, spans: SpanBias) -> SpanBiasVerdict {
        let degrees = 180 / Double.pi
        let spanError = spans.standardError * degrees
        guard spanError.max() <= gyroBiasDegreesPerSecond else { return .undetermined }
        let previous = rig.determines(.gyroBias) ? rig.gyroBiasRadiansPerSecond : nil
        var worst: Double?
        if let previous, let previousError = rig.standardErrors?.gyroBiasDegreesPerSecond {
            let joint: SIMD3<Double> = spanError * spanError + previousError * previousError
            let difference = (spans.bias - previous) * degrees
            let off = SIMD3(abs(difference.x), abs(difference.y), abs(difference.z))
            let sigmas = (0..<3).map { off[$0] / joint[$0].squareRoot() }.max() ?? .infinity
            if sigmas <= spanAgreement { return .agrees }
            worst = sigmas
        }
        rig.gyroBiasRadiansPerSecond = spans.bias
        rig.standardErrors?.gyroBiasDegreesPerSecond = spanError
        rig.undetermined.removeAll { $0.quantity == .gyroBias }
        return .replaced(previous: previous, standardErrors: worst)
    }
}

