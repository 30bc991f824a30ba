import AttitudeMath
import Foundation
import Rig

/// The gyroscope's constant bias that makes its turn over each span the picture's (`PictureSpan`), with its standard
/// error: the one a moving camera does not fool, beside the frame pairs' (`CameraIMUCalibration`), which takes a move
/// for a turn. Fitted jointly with the scale of the picture's turns about C's x and y (a pinhole whose field of view is
/// off measures them too large or too small, and a bias fitted alone would take that on wherever the clip keeps
/// turning one way). The body's turn over a span is the gyroscope's integral less the bias over steps of the log's
/// typical length, turned into C by the mount M; the residual is the rotation vector of scaled(turn)·M·body·M⁻¹, zero when the
/// rays turned as the body did, in reverse.
public struct SpanBias: Sendable {
    /// The bias about S's axes.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>
    /// Its standard error about S's axes, from the fit's covariance: each axis's residuals weighed by their scatter,
    /// widened by how many spans share each stretch of the clip.
    public var standardErrorRadiansPerSecond: SIMD3<Double>
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

    /// Degrees between the fields of view `fieldOfView` scans before it bisects.
    public static let scanStepDegrees = 10.0

    /// Fits the bias and the turn scale over `spans` of a clip whose frames are at `frameTimes` (video seconds), with
    /// the gyroscope `gyro` at log time = video time + `offset`, the mount `cameraFromIMU` (v_C = M·v_S) and spans that
    /// overlap `overlap` times (a span's length over the step between spans' starts; 1 when they do not overlap). Nil
    /// when fewer than `PictureSpan.fewestForAFit` remain or the fit is singular.
    public static func fit(_ spans: [PictureSpan], frameTimes: [Double], gyro: GyroIntegral, timeOffsetSeconds offset: Double,
                           cameraFromIMU: Quaternion, overlap: Double) -> SpanBias? {
        // Each span's body turn as steps of the log's typical length (the gyroscope's integral over each).
        let measured = spans.compactMap { span -> SpanSteps? in
            guard let (a, b) = SpanSteps.logTimes(of: span, frameTimes: frameTimes, timeOffsetSeconds: offset), a >= gyro.time[0], b <= gyro.duration
            else { return nil }
            let count = max(1, Int(((b - a) / max(gyro.typicalStep, 1e-4)).rounded(.up)))
            let times = (0...count).map { a + (b - a) * Double($0) / Double(count) }
            // `GyroIntegral.orientation` maps S at t into S at the log's start: one common frame for the steps.
            return SpanSteps(span, start: a, end: b, times: times, orientations: times.map { gyro.orientation(at: $0) })
        }
        func residual(_ m: SpanSteps, _ p: Parameters) -> SIMD3<Double> {
            m.miss(rate: p.bias, scale: p.scale, cameraFromIMU: cameraFromIMU)
        }
        /// The stacked residuals (3 a span), each axis's rows divided by `sigma` (whitened: every row then weighs as its
        /// axis's scatter says).
        func stacked(_ used: [SpanSteps], _ p: Parameters, sigma: SIMD3<Double> = SIMD3(repeating: 1)) -> [Double] {
            used.flatMap { m -> [Double] in let r = residual(m, p) / sigma; return [r.x, r.y, r.z] }
        }
        /// The Jacobian's columns at `p` by central differences.
        func columns(_ used: [SpanSteps], _ p: Parameters, sigma: SIMD3<Double> = SIMD3(repeating: 1)) -> [[Double]] {
            let step = 1e-6
            return (0..<Parameters.count).map { k in
                zip(stacked(used, p.moved(k, by: step), sigma: sigma), stacked(used, p.moved(k, by: -step), sigma: sigma)).map { ($0 - $1) / (2 * step) }
            }
        }
        /// Gauss–Newton from no bias and a scale of 1, undamped: the residuals are nearly linear in the bias and the scale.
        func solve(_ used: [SpanSteps]) -> Parameters? {
            let problem = LeastSquaresProblem<Parameters, Void>(residuals: { (stacked(used, $0), ()) }, columns: { p, _, _ in columns(used, p) },
                                                                moved: { $0.moved(by: $1) })
            let solver = DampedGaussNewton(iterations: 10, damping: .none,
                                           stop: .stepBelow(1e-10, groups: (0..<Parameters.count).map { [$0] }))
            let fit = solver.solve(problem, from: Parameters())
            return fit.singular ? nil : fit.point
        }
        guard measured.count >= PictureSpan.fewestForAFit, let first = solve(measured) else { return nil }
        // Spans far off the rest (a scene that moves, tracks that slid) are left out and the fit run again.
        let kept = Median.within(measured.map { residual($0, first).length }, factor: SpanSteps.outlierFactor, floor: 1e-4)
        let used = zip(measured, kept).filter(\.1).map(\.0)
        guard used.count >= PictureSpan.fewestForAFit, let p = solve(used) else { return nil }
        let squares = used.map { residual($0, p) }.reduce(SIMD3<Double>.zero) { $0 + $1 * $1 }
        // Each axis's scatter over its share of the degrees of freedom (3 residuals a span, 4 parameters). None at all
        // (spans made to agree exactly) leaves the error unknown, not zero.
        let scatter = squares / (Double(3 * used.count - Parameters.count) / 3)
        guard scatter.min() > 0 else { return nil }
        let sigma = SIMD3(scatter.x.squareRoot(), scatter.y.squareRoot(), scatter.z.squareRoot())
        guard let covariance = CovarianceEstimate.covariance(columns: columns(used, p, sigma: sigma), residuals: stacked(used, p, sigma: sigma))
        else { return nil }
        // σ² of the whitened residuals is 1 by construction of the scatter; spans that share stretches of the clip count
        // as `overlap` times fewer.
        let variance = (0..<Parameters.count).map { covariance.inverse[$0][$0] * covariance.variance * max(overlap, 1) }
        let rms = squares / Double(used.count)
        return SpanBias(gyroBiasRadiansPerSecond: p.bias,
                        standardErrorRadiansPerSecond: SIMD3(variance[0].squareRoot(), variance[1].squareRoot(), variance[2].squareRoot()),
                        residualRMS: SIMD3(rms.x.squareRoot(), rms.y.squareRoot(), rms.z.squareRoot()),
                        spansUsed: used.count, spansGiven: spans.count,
                        // The picture's turns times `scale` are the gyroscope's: they are 1/scale times as large.
                        turnScale: Estimate(value: 1 / p.scale, standardError: variance[3].squareRoot() / (p.scale * p.scale)))
    }

    /// What the spans' fit solves for: the bias about S's x, y, z (rad/s), and the factor the picture's turns about C's
    /// x and y are taken by to be the gyroscope's.
    struct Parameters {
        var bias = SIMD3<Double>.zero
        var scale = 1.0
        static let count = 4

        /// Moved by `delta`, in the order bias x, y, z, scale.
        func moved(by delta: [Double]) -> Parameters {
            Parameters(bias: bias + SIMD3(delta[0], delta[1], delta[2]), scale: scale + delta[3])
        }

        /// Moved along parameter `k` alone.
        func moved(_ k: Int, by step: Double) -> Parameters {
            moved(by: (0..<Self.count).map { $0 == k ? step : 0 })
        }
    }

    /// The vertical field of view, degrees, of the pinhole through which the picture's turns about its x and y axes are as
    /// large as the gyroscope's (`turnScale` 1), with its standard error as a fraction of it, and the spans' fit through
    /// it; nil where the scale does not rise through 1 exactly once within `range`. `spans(fov)` fits over the spans
    /// measured through a pinhole of that field of view (nil: too few). Through a pinhole near the camera's the scale
    /// grows with the field of view; far narrower, the essential matrices' turns can come out larger again (a wrong
    /// camera bends a turn into what a move would do). So the range is first scanned every `scanStepDegrees`, the one
    /// step where the scale rises through 1 kept (none, or more than one, gives nil rather than a guess), and the
    /// crossing bisected there. The error is the scale's over its slope at the crossing.
    public static func fieldOfView(range: ClosedRange<Double>, spans: (Double) throws -> SpanBias?) rethrows
        -> (degrees: Double, standardErrorFraction: Double, fit: SpanBias)? {
        func scale(_ fov: Double) throws -> Double? { try spans(fov)?.turnScale.value }
        let count = max(1, Int(((range.upperBound - range.lowerBound) / scanStepDegrees).rounded(.up)))
        let grid = (0...count).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / Double(count) }
        var scales: [Double?] = []
        for fov in grid { scales.append(try scale(fov)) }
        let rising = grid.indices.dropLast().filter { i in
            guard let a = scales[i], let b = scales[i + 1] else { return false }
            return a < 1 && b >= 1
        }
        guard rising.count == 1 else { return nil }
        var low = grid[rising[0]], high = grid[rising[0] + 1]
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
