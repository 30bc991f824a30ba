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
/// for a turn. The body's turn over a span is the gyroscope's integral less the bias over each of the log's steps,
/// turned into C by the mount M; the residual is the rotation vector of turn·M·body·M⁻¹, zero when the rays turned
/// as the body did, in reverse.
public struct SpanBias: Sendable {
    /// The bias about S's axes, rad/s.
    public var bias: SIMD3<Double>
    /// Its standard error about S's axes, rad/s: the residuals' scatter about C's axes over the spans' lengths, widened
    /// by how many spans share each stretch of the clip.
    public var standardError: SIMD3<Double>
    /// The residuals' RMS about C's axes, radians.
    public var residualRMS: SIMD3<Double>
    /// The spans fitted (after those far off the rest were left out) and the spans given.
    public var spansUsed: Int, spansGiven: Int
    /// How much larger the picture's turns about C's x and y are than the gyroscope's (less the bias), over every span
    /// measured: the least-squares slope of the one on the other, and its standard error (widened by the spans' overlap).
    /// Through a pinhole whose field of view is too wide the picture's turns come out larger (a pixel is more of an
    /// angle), too narrow smaller; roll about z does not depend on it and is left out.
    public var turnScale: (value: Double, standardError: Double)?

    /// Fewer spans leave the scatter, and so the error, unknown.
    public static let minimumSpans = 4

    /// Fits the bias over `spans` of a clip whose frames are at `frameTimes` (video seconds), with the gyroscope `gyro`
    /// at log time = video time + `offset`, the mount `cameraFromIMU` (v_C = M·v_S) and spans that overlap `overlap`
    /// times (a span's length over the step between spans' starts; 1 when they do not overlap). Nil when fewer than
    /// `minimumSpans` remain.
    public static func fit(_ spans: [PictureSpan], frameTimes: [Double], gyro: GyroIntegral, offset: Double,
                           cameraFromIMU: Quaternion, overlap: Double) -> SpanBias? {
        // Each span's body turn as the log's own steps (the gyroscope's integral over each), so that a bias can be taken out
        // of every step: over seconds of turning, θ − bias·T would miss by the turns' products.
        struct Measured { var turn: Quaternion; var steps: [(turn: Quaternion, seconds: Double)] }
        let measured = spans.compactMap { span -> Measured? in
            guard frameTimes.indices.contains(span.first), frameTimes.indices.contains(span.last), span.last > span.first else { return nil }
            let a = frameTimes[span.first] + offset, b = frameTimes[span.last] + offset
            guard a >= gyro.time[0], b <= gyro.duration else { return nil }
            let count = max(1, Int(((b - a) / max(gyro.typicalStep, 1e-4)).rounded(.up)))
            let times = (0...count).map { a + (b - a) * Double($0) / Double(count) }
            let orientations = times.map { gyro.orientation(at: $0) }
            let steps = (0..<count).map { ((orientations[$0].conjugate * orientations[$0 + 1]), times[$0 + 1] - times[$0]) }
            return Measured(turn: span.turn, steps: steps)
        }
        let imuFromCamera = cameraFromIMU.conjugate
        func bodyTurn(_ m: Measured, _ bias: SIMD3<Double>) -> Quaternion {
            var body = Quaternion.identity
            for step in m.steps { body = body * step.turn * Quaternion(rotationVector: -bias * step.seconds) }
            return cameraFromIMU * body * imuFromCamera
        }
        func residual(_ m: Measured, _ bias: SIMD3<Double>) -> SIMD3<Double> { (m.turn * bodyTurn(m, bias)).rotationVector }
        func solve(_ used: [Measured]) -> SIMD3<Double>? {
            var bias = SIMD3<Double>.zero
            for _ in 0..<8 {
                // Gauss-Newton on the three bias components; each column by a central difference.
                let step = 1e-6
                var normal = [[Double]](repeating: [0, 0, 0], count: 3), gradient = [0.0, 0.0, 0.0]
                for m in used {
                    let r = residual(m, bias)
                    let columns = (0..<3).map { k -> SIMD3<Double> in
                        var up = bias, down = bias
                        up[k] += step; down[k] -= step
                        return (residual(m, up) - residual(m, down)) / (2 * step)
                    }
                    for i in 0..<3 {
                        gradient[i] -= (columns[i] * r).sum()
                        for j in 0..<3 { normal[i][j] += (columns[i] * columns[j]).sum() }
                    }
                }
                guard let delta = LinearSystem.solve(normal, gradient) else { return nil }
                bias += SIMD3(delta[0], delta[1], delta[2])
                if (SIMD3(delta[0], delta[1], delta[2]) * SIMD3(delta[0], delta[1], delta[2])).sum().squareRoot() < 1e-9 { break }
            }
            return bias
        }
        guard measured.count >= minimumSpans, var bias = solve(measured) else { return nil }
        // Spans far off the rest (a scene that moves, tracks that slid) are left out and the bias fitted again.
        let norms = measured.map { length(residual($0, bias)) }
        let median = norms.sorted()[norms.count / 2]
        let used = zip(measured, norms).filter { $0.1 <= max(5 * median, 1e-4) }.map(\.0)
        guard used.count >= minimumSpans, let refitted = solve(used) else { return nil }
        bias = refitted
        let residuals = used.map { residual($0, bias) }
        let squares = residuals.reduce(SIMD3<Double>.zero) { $0 + $1 * $1 }
        let scatter = squares / Double(used.count - 3)
        let lengths = used.map { m in pow(m.steps.reduce(0) { $0 + $1.seconds }, 2) }.reduce(0, +)
        // About C's axes the bias's column is M·T per span, so each axis's variance is its scatter over ΣT²; about S's,
        // the mount turns the variances (to first order).
        let varianceC = scatter / lengths * max(overlap, 1)
        let m = [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)].map { cameraFromIMU.rotate($0) }
        let varianceS = SIMD3((0..<3).map { s in (m[s] * m[s] * varianceC).sum() })
        // The slope of the picture's turns on the gyroscope's about C's x and y (the rays turn opposite to the body), over
        // every span: the spans that turned most, which say most about it, are the ones a wrong field of view sets
        // farthest off the rest.
        let pairs = measured.map { m -> (picture: SIMD2<Double>, gyro: SIMD2<Double>) in
            let p = m.turn.rotationVector, g = -bodyTurn(m, bias).rotationVector
            return (SIMD2(p.x, p.y), SIMD2(g.x, g.y))
        }
        let gyroSquares = pairs.map { ($0.gyro * $0.gyro).sum() }.reduce(0, +)
        var turnScale: (value: Double, standardError: Double)?
        if gyroSquares > 0, pairs.count > 1 {
            let slope = pairs.map { ($0.picture * $0.gyro).sum() }.reduce(0, +) / gyroSquares
            let misses = pairs.map { (($0.picture - slope * $0.gyro) * ($0.picture - slope * $0.gyro)).sum() }.reduce(0, +)
            let variance = misses / Double(2 * pairs.count - 1) / gyroSquares * max(overlap, 1)
            turnScale = (slope, variance.squareRoot())
        }
        return SpanBias(bias: bias, standardError: SIMD3(varianceS.x.squareRoot(), varianceS.y.squareRoot(), varianceS.z.squareRoot()),
                        residualRMS: SIMD3((squares / Double(used.count)).x.squareRoot(), (squares / Double(used.count)).y.squareRoot(),
                                           (squares / Double(used.count)).z.squareRoot()),
                        spansUsed: used.count, spansGiven: spans.count, turnScale: turnScale)
    }

    /// The vertical field of view, degrees, of the pinhole through which the picture's turns about its x and y axes are as
    /// large as the gyroscope's (`turnScale` 1), with its standard error as a fraction of it, and the spans' fit through
    /// it; nil where the scale does not cross 1 within `range`. `spans(fov)` fits the bias over the spans measured through
    /// a pinhole of that field of view (nil: too few). Bisection on the scale, which grows with the field of view; the
    /// error is the scale's over its slope there.
    public static func fieldOfView(range: ClosedRange<Double>, spans: (Double) throws -> SpanBias?) rethrows
        -> (degrees: Double, standardErrorFraction: Double, fit: SpanBias)? {
        func scale(_ fov: Double) throws -> Double? { try spans(fov)?.turnScale?.value }
        var low = range.lowerBound, high = range.upperBound
        guard let atLow = try scale(low), let atHigh = try scale(high), atLow < 1, atHigh > 1 else { return nil }
        while high - low > 0.05 {
            let middle = (low + high) / 2
            guard let k = try scale(middle) else { return nil }
            if k < 1 { low = middle } else { high = middle }
        }
        let best = (low + high) / 2
        let h = 0.02 * best
        guard let fit = try spans(best), let error = fit.turnScale?.standardError,
              let below = try scale(best - h), let above = try scale(best + h), above > below else { return nil }
        let slope = (above - below) / (2 * h)
        return (best, error / slope / best, fit)
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
        /// `standardErrors` joint standard errors on its worst axis.
        case replaced(previous: SIMD3<Double>?, standardErrors: Double)
    }

    /// The prior on a camera's vertical field of view where nothing else says it: the default pinhole's 60° give or take
    /// this share (one sigma: 45° to 75°, the span of phones' and action cameras' fields).
    public static let fieldOfViewPriorFraction = 0.25
    /// The spans' field of view (`SpanBias.fieldOfView`) is written where it narrows that prior to a fifth, as the bias
    /// is held by the data where it narrows its prior to a fifth; its standard error is written with it, and may be more
    /// than `fieldOfViewFraction`, which a die at the picture's edge needs: the best known, said as it is.
    public static var spanFieldOfViewFraction: Double { fieldOfViewPriorFraction / 5 }

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
        var worst = Double.infinity
        if let previous, let previousError = rig.standardErrors?.gyroBiasDegreesPerSecond {
            let joint: SIMD3<Double> = spanError * spanError + previousError * previousError
            let difference = (spans.bias - previous) * degrees
            let off = SIMD3(abs(difference.x), abs(difference.y), abs(difference.z))
            worst = (0..<3).map { off[$0] / joint[$0].squareRoot() }.max() ?? .infinity
            if worst <= spanAgreement { return .agrees }
        }
        rig.gyroBiasRadiansPerSecond = spans.bias
        rig.standardErrors?.gyroBiasDegreesPerSecond = spanError
        rig.undetermined.removeAll { $0.quantity == .gyroBias }
        return .replaced(previous: previous, standardErrors: worst)
    }
}

