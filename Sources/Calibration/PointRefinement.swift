import AttitudeMath
import Camera
import Foundation

/// The lens model `calibrate --lens` estimates.
public enum LensModel: String, CaseIterable, Sendable {
    /// No distortion: the focal length alone.
    case pinhole
    /// OpenCV's radial-tangential model with k1 and k2 estimated (p1, p2 and k3 held at 0).
    case radial
    /// OpenCV's fisheye model with k1 to k4 estimated.
    case fisheye

    /// How many coefficients are estimated.
    var coefficientCount: Int {
        switch self {
        case .pinhole: return 0
        case .radial: return 2
        case .fisheye: return 4
        }
    }

    /// The lens with these estimated coefficients.
    func lens(_ k: [Double]) -> Lens {
        switch self {
        case .pinhole: return .pinhole
        case .radial: return .radial([k[0], k[1], 0, 0])
        case .fisheye: return .fisheye(SIMD4(k[0], k[1], k[2], k[3]))
        }
    }
}

/// The second stage of the calibration: every tracked point seen at its own row's time, through the lens.
///
/// Row y of the frame at video time t is seen at log time t + offset + readout · (y / height - 1/2) (a
/// rolling shutter; 0 for a global one): the offset is the middle row's, the one instant that stands for
/// the whole frame when a die is drawn over it. Each point's ray through the
/// lens is first moved, with the gyroscope (less its bias, through the mount), from its row's instant to
/// its frame's middle row's; the camera's rotation between the two frames' middle rows is then fitted
/// over those rays (Wahba's problem, as in the first stage), and must equal the gyroscope's. Fitting each
/// pair's rotation rather than each point's miss keeps what rotation cannot explain (a road sliding by
/// beneath a moving phone) from pulling the focal length. A damped Gauss-Newton fit on Cauchy's robust
/// cost over offset, focal length, mount, gyroscope bias, readout and the lens's coefficients; pairs far
/// off the rest are dropped and the fit run again.
struct PointRefinement {
    struct Parameters {
        /// The first stage's: the offset (log time = video time + offset, the middle row's here), the log
        /// of the focal length in pixels, the mount C from S (v_C = M·v_S) and the gyroscope's bias in S.
        var base: CameraIMUCalibration.Parameters
        /// Seconds from the first row's time to one past the last.
        var readout: Double
        /// The lens's estimated coefficients in OpenCV's order (`LensModel.lens`).
        var coefficients: [Double]
    }

    struct Point {
        var index: Int
        var a: SIMD2<Double>, b: SIMD2<Double>
    }

    /// What the fit found: the parameters, the RMS miss in pixels and the standard errors.
    struct Outcome {
        var parameters: Parameters
        var rmsPixels: Double
        /// One sigma per slot (offset, log focal, mount about C's x, y, z, bias in S, readout, coefficients;
        /// `apply`'s order), nil where not fitted or not solvable.
        var standardErrors: [Double?]
        /// One sigma of the vertical field of view, as a fraction of it.
        var fieldOfViewFraction: Double?
        /// How much the residuals' correlation from pair to pair widened the standard errors' variance.
        var correlationInflation = 1.0
        /// The largest correlation, in the fit's covariance, of the gyroscope's bias with the offset or the mount:
        /// how far they trade against it (0: not at all; 1: one explains what the other would).
        var biasTrade: Double?
    }

    let calibration: CameraIMUCalibration
    let model: LensModel
    let fitsReadout: Bool
    var points: [Point]
    /// Fit each point's miss in pixels (2 residuals a point) rather than each pair's rotation (3 a pair):
    /// the lens's shape shows in how points near the edge and the centre of one pair disagree, which a
    /// pair's best rotation averages away; used first when a lens is estimated.
    var perPoint = false
    /// Residuals per group: a point's 2 or a pair's 3.
    var width: Int { perPoint ? 2 : 3 }

    /// At most this many points of a pair, and pairs, are used: enough to pin every parameter, few enough
    /// that a debug build fits in seconds.
    static let pointsPerPair = 30
    static let largestPairCount = 240

    init(calibration: CameraIMUCalibration, model: LensModel, fitsReadout: Bool, pairs: [FramePairTracks]) {
        self.calibration = calibration
        self.model = model
        self.fitsReadout = fitsReadout
        let stride = max(1, (pairs.count + Self.largestPairCount - 1) / Self.largestPairCount)
        var points: [Point] = []
        for pair in pairs.enumerated().filter({ $0.offset % stride == 0 }).map(\.element) {
            let step = max(1, pair.from.count / Self.pointsPerPair)
            for i in Swift.stride(from: 0, to: pair.from.count, by: step).prefix(Self.pointsPerPair) {
                points.append(Point(index: pair.index, a: pair.from[i], b: pair.to[i]))
            }
        }
        self.points = points
    }

    var knownCamera: LensCamera? { calibration.knownCamera }

    /// Parameter slots: offset, log focal, mount (3), bias (3), readout, coefficients.
    var free: [Int] {
        var out = [0]
        if knownCamera == nil { out.append(1) }
        out += [2, 3, 4, 5, 6, 7]
        if fitsReadout { out.append(8) }
        if knownCamera == nil { out += (0..<model.coefficientCount).map { 9 + $0 } }
        return out
    }

    /// `p` moved by `delta`: the first stage's eight slots as it moves them, then the readout and the coefficients.
    func apply(_ p: Parameters, _ delta: [Double]) -> Parameters {
        var q = p
        q.base = calibration.apply(p.base, Array(delta[0..<8]))
        q.readout += delta[8]
        for i in q.coefficients.indices { q.coefficients[i] += delta[9 + i] }
        return q
    }

    var slotCount: Int { 9 + model.coefficientCount }

    func camera(_ p: Parameters) -> LensCamera {
        if let knownCamera { return knownCamera }
        let f = exp(p.base.logFocal)
        let w = calibration.width, h = calibration.height
        return LensCamera(pinhole: PinholeCamera(fx: f, fy: f, cx: Double(w - 1) / 2, cy: Double(h - 1) / 2, width: w, height: h),
                          lens: model.lens(p.coefficients))
    }

    /// Each point's unit rays in C through a camera: where it was in frame k (`a`) and where it was tracked
    /// to in frame k + 1 (`b`); nil where the lens cannot invert a pixel.
    typealias Rays = [(a: SIMD3<Double>?, b: SIMD3<Double>?)]

    /// Each point's rays through `p`'s camera: both ends for the pair fit, the near end alone (`b` nil) for
    /// the point fit, which projects the near end's ray forward instead.
    func rays(_ p: Parameters) -> Rays {
        let camera = self.camera(p)
        return points.map { point in (camera.ray(pixel: point.a), perPoint ? nil : camera.ray(pixel: point.b)) }
    }

    /// Log time at which row `y` (OpenCV pixels, 0 at the top) of frame `k` is seen: the frame's time plus
    /// the offset (the middle row's) plus the readout's share for the row's distance from the middle.
    func rowTime(frame k: Int, y: Double, _ p: Parameters) -> Double {
        calibration.time(ofFrame: k) + p.base.offset + p.readout * (y / Double(calibration.height) - 0.5)
    }

    /// A miss the lens cannot project counts as this many pixels on each axis.
    static let unprojectable = 50.0

    /// Each point's miss in pixels: its near end's ray turned by the gyroscope between the two rows'
    /// instants and projected through the lens, less where it was tracked to. Two numbers a point.
    func residuals(_ p: Parameters, rays: Rays) -> [Double] {
        let camera = self.camera(p)
        var out = [Double]()
        out.reserveCapacity(2 * points.count)
        for (point, ray) in zip(points, rays.map(\.a)) {
            let ta = rowTime(frame: point.index, y: point.a.y, p), tb = rowTime(frame: point.index + 1, y: point.b.y, p)
            guard let ray else { out += [Self.unprojectable, Self.unprojectable]; continue }
            let q = RotationFit.quaternion(rotationVector: -calibration.turn(from: ta, to: tb, p.base))
            guard let seen = camera.project(q.rotate(ray)) else { out += [Self.unprojectable, Self.unprojectable]; continue }
            out += [seen.x - point.b.x, seen.y - point.b.y]
        }
        return out
    }

    /// The points' index ranges, one per frame pair (points are kept pair by pair).
    var pairRanges: [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        guard !points.isEmpty else { return out }
        for i in 1...points.count where i == points.count || points[i].index != points[start].index {
            out.append(start..<i)
            start = i
        }
        return out
    }

    /// Per pair, the camera's rotation between the frames' middle rows (fitted over the points' rays, each
    /// moved to its frame's middle row) plus the gyroscope's over the same instants through the mount: zero
    /// for a perfect fit (rays turn opposite to the camera). Three numbers per pair, radians.
    func pairResiduals(_ p: Parameters, rays: Rays, ranges: [Range<Int>]) -> [Double] {
        func turn(_ from: Double, _ to: Double) -> SIMD3<Double> { calibration.turn(from: from, to: to, p.base) }
        var out = [Double]()
        out.reserveCapacity(3 * ranges.count)
        for range in ranges {
            let k = points[range.lowerBound].index
            let middleA = rowTime(frame: k, y: Double(calibration.height) / 2, p)
            let middleB = rowTime(frame: k + 1, y: Double(calibration.height) / 2, p)
            var from: [SIMD3<Double>] = [], to: [SIMD3<Double>] = []
            // A lens that cannot invert a tracked point (its distortion folds back inside the picture) is
            // not one that took it: the pair counts as unfitted rather than fitting without the point.
            guard range.allSatisfy({ rays[$0].a != nil && rays[$0].b != nil }) else {
                out += [Self.unfitPair, Self.unfitPair, Self.unfitPair]
                continue
            }
            for i in range {
                guard let a = rays[i].a, let b = rays[i].b else { continue }
                let ta = rowTime(frame: k, y: points[i].a.y, p), tb = rowTime(frame: k + 1, y: points[i].b.y, p)
                // A ray seen at t1 is, at t2, turned by minus the camera's turn from t1 to t2.
                from.append(RotationFit.quaternion(rotationVector: -turn(ta, middleA)).rotate(a))
                to.append(RotationFit.quaternion(rotationVector: -turn(tb, middleB)).rotate(b))
            }
            guard from.count >= 3, let q = RotationFit.wahba(from: from, to: to) else {
                out += [Self.unfitPair, Self.unfitPair, Self.unfitPair]
                continue
            }
            let r = RotationFit.rotationVector(q) + turn(middleA, middleB)
            out += [r.x, r.y, r.z]
        }
        return out
    }

    /// How much more the residuals' variance weighs than if they were independent: (1 + ρ) / (1 - ρ), with ρ the
    /// correlation of each group's residual with the next group's (consecutive frame pairs), as for a first-order
    /// autoregressive series; 1 when they are uncorrelated. What a rotation does not explain (translation, a
    /// rolling shutter's wobble, a lens) changes slowly from pair to pair, so neighbouring residuals repeat one
    /// another, and the data knows less than their count says: standard errors grow by its square root, and
    /// the bias's prior weighs as much more against the data.
    static func correlationInflation(_ r: [Double], width: Int) -> Double {
        let groups = r.count / width
        guard groups > 3 else { return 1 }
        var product = 0.0, square = 0.0
        for g in 0..<groups {
            for j in 0..<width {
                let v = r[g * width + j]
                square += v * v
                if g + 1 < groups { product += v * r[(g + 1) * width + j] }
            }
        }
        guard square > 0 else { return 1 }
        let rho = min(max(product / square, 0), 0.9)
        return (1 + rho) / (1 - rho)
    }

    /// The slots of the gyroscope's bias (rad/s in S), which carry `CameraIMUCalibration.gyroBiasPrior`.
    static let biasSlots = 5..<8

    /// A pair whose rays cannot be fitted counts as this many radians on each axis.
    static let unfitPair = 0.05

    /// Whether a slot changes the points' rays (the camera), so they must be recomputed for it.
    func movesRays(_ slot: Int) -> Bool { slot == 1 || slot >= 9 }

    static func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }

    /// The length of each consecutive group of `width` numbers.
    static func norms(_ r: [Double], width: Int) -> [Double] {
        stride(from: 0, to: r.count, by: width).map { (i: Int) -> Double in
            var sum = 0.0
            for j in i..<(i + width) { sum += r[j] * r[j] }
            return sum.squareRoot()
        }
    }

    /// Cauchy's robust cost with scale `c` over each pair's residual: Σ c² log(1 + |r|² / c²).
    /// A point the lens cannot take, or a pair it cannot fit, counts in full (its square, weight 1): under
    /// the robust cost alone a fit could hide points by bending the lens until it no longer takes them.
    static func robustCost(_ r: [Double], width: Int, scale c: Double) -> Double {
        norms(r, width: width).reduce(0) { $0 + (isPenalty($1, width: width) ? $1 * $1 : c * c * log1p($1 * $1 / (c * c))) }
    }

    /// Whether a group's residual is the penalty for a point the lens cannot take or a pair it cannot fit.
    static func isPenalty(_ norm: Double, width: Int) -> Bool {
        norm >= 0.999 * (width == 2 ? unprojectable * 2.squareRoot() : unfitPair * 3.squareRoot())
    }

    /// The residuals at `p`, given the rays at `p` when they are known.
    func evaluate(_ p: Parameters, rays known: Rays? = nil, ranges: [Range<Int>]) -> (residuals: [Double], rays: Rays) {
        let rays = known ?? self.rays(p)
        return (perPoint ? residuals(p, rays: rays) : pairResiduals(p, rays: rays, ranges: ranges), rays)
    }

    /// The Jacobian's columns for the free slots at `p`, by forward differences.
    func columns(_ p: Parameters, _ r: [Double], rays: Rays, ranges: [Range<Int>]) -> [[Double]] {
        let steps = [1e-5, 1e-5, 1e-6, 1e-6, 1e-6, 1e-5, 1e-5, 1e-5, 1e-5] + [Double](repeating: 1e-5, count: model.coefficientCount)
        return free.map { k -> [Double] in
            var delta = [Double](repeating: 0, count: slotCount)
            delta[k] = steps[k]
            let moved = apply(p, delta)
            let movedResiduals = evaluate(moved, rays: movesRays(k) ? nil : rays, ranges: ranges).residuals
            return zip(movedResiduals, r).map { ($0 - $1) / steps[k] }
        }
    }

    /// Damped Gauss-Newton on Cauchy's cost (reweighted each step) from `start`, `iterations` at most. The
    /// scale is twice the starting median residual, so that a clean clip fits as by least squares while
    /// pairs far off the rest weigh less.
    func solve(_ start: Parameters, iterations: Int, progress: (Parameters, Double, Int) -> Void) -> Parameters {
        let ranges = pairRanges
        var p = start
        var (r, rays) = evaluate(p, ranges: ranges)
        let startNorms = Self.norms(r, width: width).sorted()
        let scale = max(1e-6, 2 * (startNorms.isEmpty ? 0 : startNorms[startNorms.count / 2]))
        // The bias's prior, in the residuals' units: their RMS at the start over the prior's sigma.
        let priorWeight = (Self.cost(r) / Double(max(r.count, 1)) * Self.correlationInflation(r, width: width)).squareRoot()
            / CameraIMUCalibration.gyroBiasPrior
        func priorCost(_ p: Parameters) -> Double { (p.base.gyroBias * p.base.gyroBias).sum() * priorWeight * priorWeight }
        var damping = 1e-3
        for iteration in 0..<iterations {
            let columns = self.columns(p, r, rays: rays, ranges: ranges)
            let weights = Self.norms(r, width: width).flatMap { norm -> [Double] in
                let w = Self.isPenalty(norm, width: width) ? 1 : 1 / (1 + norm * norm / (scale * scale))
                return [Double](repeating: w, count: width)
            }
            let n = columns.count
            var normal = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            var gradient = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let weighted = zip(columns[i], weights).map { $0 * $1 }
                for j in i..<n {
                    normal[i][j] = zip(weighted, columns[j]).reduce(0) { $0 + $1.0 * $1.1 }
                    normal[j][i] = normal[i][j]
                }
                gradient[i] = -zip(weighted, r).reduce(0) { $0 + $1.0 * $1.1 }
            }
            for (i, k) in free.enumerated() where Self.biasSlots.contains(k) {
                normal[i][i] += priorWeight * priorWeight
                gradient[i] -= priorWeight * priorWeight * p.base.gyroBias[k - Self.biasSlots.lowerBound]
            }
            let cost = Self.robustCost(r, width: width, scale: scale) + priorCost(p)
            var improved = false
            for _ in 0..<8 {
                var damped = normal
                for i in 0..<n { damped[i][i] *= 1 + damping; damped[i][i] += 1e-15 }
                guard let reduced = LinearSystem.solve(damped, gradient) else { break }
                var delta = [Double](repeating: 0, count: slotCount)
                for (i, k) in free.enumerated() { delta[k] = reduced[i] }
                let candidate = apply(p, delta)
                let (candidateResiduals, candidateRays) = evaluate(candidate, ranges: ranges)
                let candidateCost = Self.robustCost(candidateResiduals, width: width, scale: scale) + priorCost(candidate)
                if candidateCost < cost {
                    p = candidate; r = candidateResiduals; rays = candidateRays
                    damping = max(damping / 10, 1e-9)
                    improved = cost - candidateCost > 1e-7 * cost
                    break
                }
                damping *= 10
            }
            // RMS pixels a point, or degrees per second a pair.
            progress(p, perPoint ? (Self.cost(r) / Double(max(points.count, 1))).squareRoot()
                         : (Self.cost(r) / Double(max(ranges.count, 1))).squareRoot() * calibration.framesPerSecond * 180 / .pi,
                     iteration + 1)
            if !improved { break }
        }
        return p
    }

    /// The fit: solve, drop the pairs whose residual is more than five times the median, solve again, and
    /// take standard errors.
    mutating func fit(_ start: Parameters, progress: @escaping (String) -> Void) -> Outcome {
        func report(_ stage: String, unit: String) -> (Parameters, Double, Int) -> Void {
            { (p: Parameters, rms: Double, step: Int) in
                let lens: String = p.coefficients.isEmpty ? "" : ", lens " + p.coefficients.map { String(format: "%.4f", $0) }.joined(separator: " ")
                progress(String(format: "%@, step %d: offset %.4f s, readout %.2f ms, focal %.1f px%@, residual %.3f %@", stage, step,
                                p.base.offset, p.readout * 1000, exp(p.base.logFocal), lens, rms, unit))
            }
        }
        var p = start
        // A lens's shape first from each point's miss: a pair's rotation alone leaves a valley in which
        // k1, k2 and the focal length trade (k1 -0.03, k2 -0.09 for a lens of -0.25, 0.06).
        if model != .pinhole && knownCamera == nil {
            perPoint = true
            // A radial lens's k1 and k2 must keep the model invertible out to the picture's corners all the
            // way, or points drop out as penalties, and a path from no distortion to a strong barrel can be
            // blocked by them: so it starts also from a moderate and a strong barrel (each monotonic to
            // past the corners) and keeps the start that ends with the fewest points lost, then the least
            // median miss.
            let starts: [[Double]] = model == .radial ? [[0, 0], [-0.15, 0.03], [-0.3, 0.1]] : [p.coefficients]
            var best: (parameters: Parameters, score: (Int, Double))?
            for (n, coefficients) in starts.enumerated() {
                var start = p
                start.coefficients = coefficients
                let label = starts.count > 1 ? " (start \(n + 1) of \(starts.count): k " + coefficients.map { String($0) }.joined(separator: ", ") + ")" : ""
                let solved = solve(start, iterations: 25, progress: report("points: the lens from \(points.count) tracked points" + label, unit: "px"))
                let misses = Self.norms(evaluate(solved, ranges: pairRanges).residuals, width: 2)
                let lost = misses.filter { Self.isPenalty($0, width: 2) }.count
                let median = misses.sorted()[misses.count / 2]
                if best == nil || (lost, median) < best!.score { best = (solved, (lost, median)) }
            }
            p = best!.parameters
            perPoint = false
        }
        p = solve(p, iterations: 25, progress: report("points: fit on \(pairRanges.count) pairs, \(points.count) tracked points", unit: "°/s"))
        let ranges = pairRanges
        let norms = Self.norms(evaluate(p, ranges: ranges).residuals, width: 3)
        let median = norms.sorted()[norms.count / 2]
        let limit = max(5 * median, 1e-5)
        let keptPairs = Set(zip(ranges, norms).filter { $0.1 <= limit }.map { points[$0.0.lowerBound].index })
        if keptPairs.count < ranges.count {
            points = points.filter { keptPairs.contains($0.index) }
            p = solve(p, iterations: 15, progress: report("points: refit on the \(keptPairs.count) pairs that fit", unit: "°/s"))
        }
        return outcome(p)
    }

    /// RMS pixels by which each point, turned from its row's instant by the gyroscope and projected
    /// through the lens, misses its track.
    func reprojectionRMS(_ p: Parameters, rays: Rays) -> Double {
        (Self.cost(residuals(p, rays: rays)) / Double(max(points.count, 1))).squareRoot()
    }

    func outcome(_ p: Parameters) -> Outcome {
        let ranges = pairRanges
        let (r, rays) = evaluate(p, ranges: ranges)
        var outcome = Outcome(parameters: p, rmsPixels: reprojectionRMS(p, rays: rays),
                              standardErrors: [Double?](repeating: nil, count: slotCount), fieldOfViewFraction: nil)
        let columns = self.columns(p, r, rays: rays, ranges: ranges)
        let prior = free.indices.filter { Self.biasSlots.contains(free[$0]) }
        outcome.correlationInflation = Self.correlationInflation(r, width: width)
        guard let (inverse, variance) = Self.covariance(columns: columns, residuals: r, inflation: outcome.correlationInflation,
                                                        priorSigma: Dictionary(uniqueKeysWithValues: prior.map { ($0, CameraIMUCalibration.gyroBiasPrior) }))
        else { return outcome }
        for (i, k) in free.enumerated() where inverse[i][i] >= 0 { outcome.standardErrors[k] = (variance * inverse[i][i]).squareRoot() }
        let traded = free.indices.filter { [0, 2, 3, 4].contains(free[$0]) }, bias = free.indices.filter { Self.biasSlots.contains(free[$0]) }
        outcome.biasTrade = bias.flatMap { b in traded.map { t in abs(inverse[b][t]) / max((inverse[b][b] * inverse[t][t]).squareRoot(), 1e-300) } }.max()
        // The field of view moves with the focal length and the coefficients: its variance is gᵀ Σ g.
        if knownCamera == nil, let fov = camera(p).verticalFieldOfViewDegrees {
            let n = columns.count
            var g = [Double](repeating: 0, count: n)
            for (i, k) in free.enumerated() where movesRays(k) {
                var delta = [Double](repeating: 0, count: slotCount)
                delta[k] = 1e-6
                if let moved = camera(apply(p, delta)).verticalFieldOfViewDegrees { g[i] = (moved - fov) / 1e-6 }
            }
            var sum = 0.0
            for i in 0..<n { for j in 0..<n { sum += g[i] * inverse[i][j] * g[j] } }
            outcome.fieldOfViewFraction = (variance * max(sum, 0)).squareRoot() / fov
        }
        return outcome
    }

    /// (JᵀJ)⁻¹ and the residuals' variance σ² for a Jacobian given by its columns, so that σ²(JᵀJ)⁻¹ is the
    /// parameters' covariance; nil with no more residuals than parameters, or a system that will not solve.
    /// A ridge far below every measured curvature keeps a direction the motion does not reach solvable and
    /// gives it the huge error it has. `priorSigma` gives, by column, a Gaussian prior's sigma in the parameter's
    /// units: the covariance is then σ²(JᵀJ + σ²·P)⁻¹ with P the priors' precisions, never wider than the prior.
    /// `inflation` scales the residuals' variance for their correlation (`correlationInflation`).
    static func covariance(columns: [[Double]], residuals r: [Double], inflation: Double = 1, priorSigma: [Int: Double] = [:])
        -> (inverse: [[Double]], variance: Double)? {
        let n = columns.count
        guard r.count > n, n > 0 else { return nil }
        var normal = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for i in 0..<n { for j in 0..<n { normal[i][j] = zip(columns[i], columns[j]).reduce(0) { $0 + $1.0 * $1.1 } } }
        let variance = cost(r) / Double(r.count - n) * inflation
        for (k, sigma) in priorSigma where k < n && sigma > 0 { normal[k][k] += variance / (sigma * sigma) }
        let ridge = 1e-12 * (0..<n).map { normal[$0][$0] }.max()!
        for k in 0..<n { normal[k][k] += ridge }
        var inverse: [[Double]] = []
        for i in 0..<n {
            var unit = [Double](repeating: 0, count: n)
            unit[i] = 1
            guard let column = LinearSystem.solve(normal, unit) else { return nil }
            inverse.append(column)
        }
        return (inverse, variance)
    }
}
