import AttitudeMath
import Camera
import Foundation

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
    struct Point {
        var index: Int
        var a: SIMD2<Double>, b: SIMD2<Double>
    }

    /// What the fit found: the parameters, the RMS miss in pixels and the standard errors.
    struct Outcome {
        var parameters: RigParameters
        var rmsPixels: Double
        /// One sigma per fitted slot (the mount's about C's x, y, z), absent where not fitted or not solvable.
        var standardErrors: [ParameterSlot: Double]
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
    /// What the residuals measure.
    enum Residuals {
        /// Each pair's rotation fitted over its points against the gyroscope's (3 residuals a pair, radians).
        case pairRotation
        /// Each point's miss in pixels (2 a point): the lens's shape shows in how points near the edge and the
        /// centre of one pair disagree, which a pair's best rotation averages away; used first when a lens is
        /// estimated on a clip that only turns.
        case pointMiss
        /// Each point's distance in pixels from its epipolar line (1 a point): the camera also moves, along one
        /// direction per frame pair that the fit solves for itself (`epipolarResiduals`).
        case epipolar
    }

    var residualKind = Residuals.pairRotation
    /// The epipolar distances' pixels per radian, held through a fit: were they the focal length being fitted, a fit
    /// could shrink every distance by shrinking the focal length and bending the lens to keep the picture's width.
    var pixelsPerRadian: Double?
    /// Whether the camera moves as well as turns (`translationTest`): the fit is then the epipolar one.
    var translates = false
    /// Residuals per group: a point's 2 or 1, or a pair's 3.
    var width: Int {
        switch residualKind {
        case .pairRotation: return 3
        case .pointMiss: return 2
        case .epipolar: return 1
        }
    }

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

    /// The fitted slots: offset, log focal (unless the camera is known), mount, bias, readout (when fitted), the
    /// lens's coefficients (unless the camera is known).
    var free: [ParameterSlot] {
        ParameterSlot.layout(fitsFocal: knownCamera == nil, fitsReadout: fitsReadout,
                             lensCoefficients: knownCamera == nil ? model.coefficientCount : 0)
    }

    func camera(_ p: RigParameters) -> LensCamera {
        if let knownCamera { return knownCamera }
        return LensCamera(pinhole: calibration.pinhole(focal: exp(p.logFocal)), lens: model.lens(p.lensCoefficients))
    }

    /// Each point's unit rays in C through a camera: where it was in frame k (`a`) and where it was tracked
    /// to in frame k + 1 (`b`); nil where the lens cannot invert a pixel.
    typealias Rays = [(a: SIMD3<Double>?, b: SIMD3<Double>?)]

    /// Each point's rays through `p`'s camera: both ends for the pair and epipolar fits, the near end alone (`b`
    /// nil) for the point fit, which projects the near end's ray forward instead.
    func rays(_ p: RigParameters) -> Rays {
        let camera = self.camera(p)
        let both = residualKind != .pointMiss
        return points.map { point in (camera.ray(pixel: point.a), both ? camera.ray(pixel: point.b) : nil) }
    }

    /// Log time at which row `y` (OpenCV pixels, 0 at the top) of frame `k` is seen: the frame's time plus
    /// the offset (the middle row's) plus the readout's share for the row's distance from the middle.
    func rowTime(frame k: Int, y: Double, _ p: RigParameters) -> Double {
        calibration.logTime(ofFrame: k, timeOffsetSeconds: p.offset) + p.readout * (y / Double(calibration.size.height) - 0.5)
    }

    /// A miss the lens cannot project counts as this many pixels on each axis.
    static let unprojectable = 50.0

    /// Each point's miss in pixels: its near end's ray turned by the gyroscope between the two rows'
    /// instants and projected through the lens, less where it was tracked to. Two numbers a point.
    func residuals(_ p: RigParameters, rays: Rays) -> [Double] {
        let camera = self.camera(p)
        var out = [Double]()
        out.reserveCapacity(2 * points.count)
        for (point, ray) in zip(points, rays.map(\.a)) {
            let ta = rowTime(frame: point.index, y: point.a.y, p), tb = rowTime(frame: point.index + 1, y: point.b.y, p)
            guard let ray else { out += [Self.unprojectable, Self.unprojectable]; continue }
            let q = Quaternion(rotationVector: -calibration.turn(from: ta, to: tb, p))
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
    func pairResiduals(_ p: RigParameters, rays: Rays, ranges: [Range<Int>]) -> [Double] {
        func turn(_ from: Double, _ to: Double) -> SIMD3<Double> { calibration.turn(from: from, to: to, p) }
        var out = [Double]()
        out.reserveCapacity(3 * ranges.count)
        for range in ranges {
            let k = points[range.lowerBound].index
            let middleA = rowTime(frame: k, y: Double(calibration.size.height) / 2, p)
            let middleB = rowTime(frame: k + 1, y: Double(calibration.size.height) / 2, p)
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
                from.append(Quaternion(rotationVector: -turn(ta, middleA)).rotate(a))
                to.append(Quaternion(rotationVector: -turn(tb, middleB)).rotate(b))
            }
            guard from.count >= 3, let q = RotationFit.wahba(from: from, to: to) else {
                out += [Self.unfitPair, Self.unfitPair, Self.unfitPair]
                continue
            }
            let r = q.rotationVector + turn(middleA, middleB)
            out += [r.x, r.y, r.z]
        }
        return out
    }

    /// A pair whose rays cannot be fitted counts as this many radians on each axis.
    static let unfitPair = 0.05

    /// The points' ranges that share one direction of motion: each frame pair's own. A car's heading holds for seconds,
    /// but a drone's, a walker's or a hand's turns within a second, and a direction held over several pairs while it
    /// turns biases the rotation (a synthetic camera on a Lissajous path in a 3 m room: a 48.9° field of view for 55°
    /// with one direction per half second, 54.8° with one per pair); a pair's tens of points pin its own direction.
    var segments: [[Range<Int>]] { pairRanges.map { [$0] } }

    /// Each point's distance in pixels from its epipolar line, one number a point, in the points' order. Both of a
    /// point's rays are moved to their frames' middle rows (as `pairResiduals` does); the near one is turned by the
    /// gyroscope between the middle rows (less its bias, through the mount) to x, and the far one, b, must then lie
    /// in the plane of x and the camera's motion t: b · (t × x) = 0 (a scene point seen from two places). x, b and t are
    /// unit vectors in C (OpenCV's camera frame: x right, y down, z forward) at frame k + 1's middle-row instant; t is
    /// the line, in that frame, from the camera's place at frame k + 1 to its place at frame k (any length, either
    /// sign). t, one direction per pair, is the one that fits best (`motionDirection`), solved anew at every `p`, so the fit's
    /// parameters are those of the rotation, with the translation projected out. A distant point (no parallax)
    /// constrains the rotation as in a pure turn; a near one constrains it across its line only, where the motion
    /// cannot move it.
    func epipolarResiduals(_ p: RigParameters, rays: Rays) -> [Double] {
        func turn(_ from: Double, _ to: Double) -> SIMD3<Double> { calibration.turn(from: from, to: to, p) }
        let focal = pixelsPerRadian ?? camera(p).pinhole.fy
        var out = [Double](repeating: Self.unprojectable, count: points.count)
        for segment in segments {
            var turned: [SIMD3<Double>] = [], seen: [SIMD3<Double>] = [], indices: [Int] = []
            for range in segment {
                let k = points[range.lowerBound].index
                let middleA = rowTime(frame: k, y: Double(calibration.size.height) / 2, p)
                let middleB = rowTime(frame: k + 1, y: Double(calibration.size.height) / 2, p)
                let between = Quaternion(rotationVector: -turn(middleA, middleB))
                for i in range {
                    guard let a = rays[i].a, let b = rays[i].b else { continue }
                    let ta = rowTime(frame: k, y: points[i].a.y, p), tb = rowTime(frame: k + 1, y: points[i].b.y, p)
                    turned.append(between.rotate(Quaternion(rotationVector: -turn(ta, middleA)).rotate(a)))
                    seen.append(Quaternion(rotationVector: -turn(tb, middleB)).rotate(b))
                    indices.append(i)
                }
            }
            guard turned.count >= 3 else { continue }
            let t = Self.motionDirection(turned: turned, seen: seen, focal: focal)
            for (j, i) in indices.enumerated() {
                out[i] = Self.epipolarDistance(turned[j], seen[j], motion: t) * focal
            }
        }
        return out
    }

    /// Radians (signed): how far the ray `seen` lies from the plane through the ray `turned` and the direction `motion`.
    static func epipolarDistance(_ turned: SIMD3<Double>, _ seen: SIMD3<Double>, motion: SIMD3<Double>) -> Double {
        let normal = cross(motion, turned)
        let size = normal.length
        guard size > 1e-12 else { return 0 }
        return seen.dot(normal) / size / seen.length
    }

    /// The direction t that best puts each `seen` ray in the plane of its `turned` ray and t: the eigenvector of least
    /// eigenvalue of Σ w c cᵀ with c = turned × seen (t · c = seen · (t × turned)), reweighted three times so that each
    /// point counts by its distance from its plane (w = 1 / |t × turned|²) under Cauchy's cost at three times the
    /// points' median distance (a car driving by moves otherwise). Sign: the largest component positive, so that a
    /// residual's sign does not flip between two evaluations a derivative's step apart.
    static func motionDirection(turned: [SIMD3<Double>], seen: [SIMD3<Double>], focal: Double) -> SIMD3<Double> {
        let c = zip(turned, seen).map { cross($0, $1) }
        var weights = [Double](repeating: 1, count: c.count)
        var t = SIMD3<Double>(0, 0, 1)
        for round in 0..<4 {
            var matrix = [[Double]](repeating: [0, 0, 0], count: 3)
            for (v, w) in zip(c, weights) {
                for i in 0..<3 { for j in 0..<3 { matrix[i][j] += w * v[i] * v[j] } }
            }
            let (_, vectors) = RotationFit.symmetricEigen(matrix)
            t = SIMD3(vectors[0][2], vectors[1][2], vectors[2][2])
            let largest = (0..<3).max { abs(t[$0]) < abs(t[$1]) }!
            if t[largest] < 0 { t = -t }
            guard round < 3 else { break }
            let distances = zip(turned, seen).map { abs(epipolarDistance($0, $1, motion: t)) * focal }
            let scale = max(3 * (Median.of(distances) ?? 0), 1e-3)
            weights = zip(turned, distances).map { x, d in
                let n = cross(t, x)
                return 1 / (1 + d * d / (scale * scale)) / max((n * n).sum(), 1e-6)
            }
        }
        return t
    }

    /// Whether the camera moves as well as turns, by Torr's geometric robust information criterion (GRIC): each model
    /// is charged its capped residuals in units of the tracking noise, the dimensions of its points' manifold and its
    /// parameters. A pure turn: each point's 2D miss, a point moves on a 2D manifold, no parameters (the gyroscope gives
    /// the rotation). A turn and a move: each point's distance from its epipolar line, a 3D manifold, 2 parameters a
    /// pair. λ1 = ln 4 (4 the dimension of a point pair's data), λ2 = ln(4n), λ3 = 2 (Torr 1998). The noise is
    /// estimated from the epipolar distances (1.4826 times their median), no less than `trackingNoisePixels`.
    /// `noisePixels`: the noise to judge by, when already estimated (two fits compared on one scale).
    func translationTest(_ p: RigParameters, noisePixels: Double? = nil) -> (turnOnly: Double, turnAndMove: Double, noisePixels: Double) {
        // Both ends' rays, once: the point misses use the near ends alone.
        var copy = self
        copy.residualKind = .epipolar
        let rays = copy.rays(p)
        let misses = Self.norms(copy.residuals(p, rays: rays), width: 2)
        let distances = copy.epipolarResiduals(p, rays: rays).map(abs)
        let kept = zip(misses, distances).filter { !Self.isPenalty($0.0, width: 2) && !Self.isPenalty($0.1, width: 1) }
        guard !kept.isEmpty else { return (0, .infinity, 0) }
        let n = Double(kept.count)
        let sigma = noisePixels ?? max(1.4826 * (Median.of(kept.map(\.1)) ?? 0), Self.trackingNoisePixels)
        let lambda1 = log(4.0), lambda2 = log(4 * n), lambda3 = 2.0
        let turnOnly = kept.reduce(0) { $0 + min($1.0 * $1.0 / (sigma * sigma), lambda3 * (4 - 2)) } + lambda1 * 2 * n
        let turnAndMove = kept.reduce(0) { $0 + min($1.1 * $1.1 / (sigma * sigma), lambda3 * (4 - 3)) } + lambda1 * 3 * n
            + lambda2 * 2 * Double(segments.count)
        return (turnOnly, turnAndMove, sigma)
    }

    /// Pixels: the least tracking noise assumed (Lucas–Kanade on real pictures does no better), so that a clip whose
    /// tracks fit a pure turn almost exactly is not taken to move because its noise is smaller than the model's error.
    static let trackingNoisePixels = 0.1

    /// Whether a slot changes the points' rays (the camera), so they must be recomputed for it.
    func movesRays(_ slot: ParameterSlot) -> Bool { slot.block == .logFocal || slot.block == .lens }

    static func cost(_ r: [Double]) -> Double { DampedGaussNewton.squares(r) }

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
        switch width {
        case 1: return norm >= 0.999 * unprojectable
        case 2: return norm >= 0.999 * unprojectable * 2.squareRoot()
        default: return norm >= 0.999 * unfitPair * 3.squareRoot()
        }
    }

    /// The residuals at `p`, given the rays at `p` when they are known.
    func evaluate(_ p: RigParameters, rays known: Rays? = nil, ranges: [Range<Int>]) -> (residuals: [Double], rays: Rays) {
        let rays = known ?? self.rays(p)
        switch residualKind {
        case .pairRotation: return (pairResiduals(p, rays: rays, ranges: ranges), rays)
        case .pointMiss: return (residuals(p, rays: rays), rays)
        case .epipolar: return (epipolarResiduals(p, rays: rays), rays)
        }
    }

    /// The least-squares problem at the current points: the pairs' (or points') residuals, reusing the rays for
    /// slots that do not move them, under Cauchy's robust cost of scale `scale`.
    func problem(scale: Double) -> RigProblem<Rays> {
        let ranges = pairRanges, width = self.width
        return RigProblem<Rays>(
            slots: free,
            differenceStep: { $0 == .mount ? 1e-6 : 1e-5 },
            evaluate: { p, rays in
                let (r, rays) = evaluate(p, rays: rays, ranges: ranges)
                return (r, rays)
            },
            keepsCache: { !movesRays($0) },
            groupWidth: width,
            weights: { r in
                Self.norms(r, width: width).flatMap { norm -> [Double] in
                    let w = Self.isPenalty(norm, width: width) ? 1 : 1 / (1 + norm * norm / (scale * scale))
                    return [Double](repeating: w, count: width)
                }
            },
            loss: { Self.robustCost($0, width: width, scale: scale) })
    }

    /// The Jacobian's columns for the free slots at `p`, by forward differences.
    func columns(_ p: RigParameters, _ r: [Double], rays: Rays) -> [[Double]] {
        problem(scale: 1).columns(at: p, residuals: r, cache: rays)
    }

    /// Damped Gauss-Newton on Cauchy's cost (reweighted each step) from `start`, `iterations` at most. The
    /// scale is twice the starting median residual, so that a clean clip fits as by least squares while
    /// pairs far off the rest weigh less.
    func solve(_ start: RigParameters, iterations: Int, progress: (RigParameters, Double, Int) -> Void) -> RigParameters {
        let ranges = pairRanges
        let scale = max(1e-6, 2 * (Median.of(Self.norms(evaluate(start, ranges: ranges).residuals, width: width)) ?? 0))
        let solver = DampedGaussNewton(iterations: iterations, damping: .levenberg(tries: 8), stop: .relativeDecreaseBelow(1e-7))
        return problem(scale: scale).solve(by: solver, from: start) { p, r, step in
            // RMS pixels a point, or degrees per second a pair.
            progress(p, residualKind != .pairRotation ? (Self.cost(r) / Double(max(points.count, 1))).squareRoot()
                         : Angle.degrees(fromRadians: (Self.cost(r) / Double(max(ranges.count, 1))).squareRoot() * calibration.framesPerSecond),
                     step)
        }
    }

    /// The fit: solve, drop the pairs whose residual is more than five times the median, solve again, and
    /// take standard errors.
    mutating func fit(_ start: RigParameters, progress: @escaping (String) -> Void) -> Outcome {
        func report(_ stage: String, unit: String) -> (RigParameters, Double, Int) -> Void {
            { (p: RigParameters, rms: Double, step: Int) in
                let lens: String = p.lensCoefficients.isEmpty ? "" : ", lens " + p.lensCoefficients.map { String(format: "%.4f", $0) }.joined(separator: " ")
                progress(String(format: "%@, step %d: offset %.4f s, readout %.2f ms, focal %.1f px%@, residual %.3f %@", stage, step,
                                p.offset, p.readout * 1000, exp(p.logFocal), lens, rms, unit))
            }
        }
        var p = start
        if translates { return fitMoving(start, report: report) }
        // A lens's shape first from each point's miss: a pair's rotation alone leaves a valley in which
        // k1, k2 and the focal length trade (k1 -0.03, k2 -0.09 for a lens of -0.25, 0.06).
        if model != .pinhole && knownCamera == nil {
            residualKind = .pointMiss
            // A radial lens's k1 and k2 must keep the model invertible out to the picture's corners all the
            // way, or points drop out as penalties, and a path from no distortion to a strong barrel can be
            // blocked by them: so it starts also from a moderate and a strong barrel (each monotonic to
            // past the corners) and keeps the start that ends with the fewest points lost, then the least
            // median miss.
            let starts: [[Double]] = model == .radial ? [[0, 0], [-0.15, 0.03], [-0.3, 0.1]] : [p.lensCoefficients]
            var best: (parameters: RigParameters, score: (Int, Double))?
            for (n, coefficients) in starts.enumerated() {
                var start = p
                start.lensCoefficients = coefficients
                let label = starts.count > 1 ? " (start \(n + 1) of \(starts.count): k " + coefficients.map { String($0) }.joined(separator: ", ") + ")" : ""
                let solved = solve(start, iterations: 25, progress: report("points: the lens from \(points.count) tracked points" + label, unit: "px"))
                let misses = Self.norms(evaluate(solved, ranges: pairRanges).residuals, width: 2)
                let lost = misses.filter { Self.isPenalty($0, width: 2) }.count
                let median = Median.of(misses) ?? 0
                if best == nil || (lost, median) < best!.score { best = (solved, (lost, median)) }
            }
            p = best!.parameters
            residualKind = .pairRotation
        }
        p = solve(p, iterations: 25, progress: report("points: fit on \(pairRanges.count) pairs, \(points.count) tracked points", unit: "°/s"))
        let ranges = pairRanges
        let norms = Self.norms(evaluate(p, ranges: ranges).residuals, width: 3)
        let keptPairs = Set(zip(ranges, Median.within(norms, factor: 5, floor: 1e-5)).filter(\.1).map { points[$0.0.lowerBound].index })
        if keptPairs.count < ranges.count {
            points = points.filter { keptPairs.contains($0.index) }
            p = solve(p, iterations: 15, progress: report("points: refit on the \(keptPairs.count) pairs that fit", unit: "°/s"))
        }
        return outcome(p)
    }

    /// The fit of a camera that moves as well as turns: every point's epipolar distance (`epipolarResiduals`), the
    /// lens's coefficients with the rest; then the points more than five times the median distance off (a car
    /// driving by, a mistrack) dropped and the fit run again.
    private mutating func fitMoving(_ start: RigParameters,
                                    report: (String, String) -> (RigParameters, Double, Int) -> Void) -> Outcome {
        residualKind = .epipolar
        pixelsPerRadian = camera(start).pinhole.fy
        var p = solve(start, iterations: 25,
                      progress: report("points, the camera moving: fit on \(pairRanges.count) pairs, \(points.count) tracked points", "px"))
        let distances = evaluate(p, ranges: pairRanges).residuals.map(abs)
        let kept = zip(points, Median.within(distances, factor: 5, floor: 1e-3)).filter(\.1).map(\.0)
        if kept.count < points.count {
            points = kept
            p = solve(p, iterations: 15, progress: report("points, the camera moving: refit on the \(points.count) points that fit", "px"))
        }
        return outcome(p)
    }

    /// Blocks of consecutive frame pairs the jackknife leaves out in turn.
    static let jackknifeBlocks = 6

    /// The block jackknife's standard errors at the fit `p`, whose residuals are `r` and Jacobian `columns`: the clip's pairs
    /// cut into `jackknifeBlocks` runs of consecutive pairs, the fit refitted without each run, and the spread of those fits,
    /// (K − 1)/K · Σ (θₖ − θ̄)². Each refit starts from the linear jackknife's answer (one Newton step of the same weighted
    /// cost, Cauchy's weights at `p` and the bias's prior, with the run's rows taken out of the normal equations, which
    /// costs no evaluation) and takes two steps of the fit from there. It measures what the Jacobian's cannot: how far
    /// the answer moves with the stretch of clip it rests on, where what the model misses (a stabiliser, a lens it does
    /// not describe, translation taken for turning) changes slowly along the clip and the residuals are not independent.
    /// By slot (the mount's rotation vector about C's x, y, z, radians; the offset and readout in seconds; the bias in
    /// rad/s in S), with the field of view's share; nil when the clip has too few pairs to cut.
    func jackknife(_ p: RigParameters, residuals r: [Double], columns: [[Double]]) -> (standardErrors: [ParameterSlot: Double], fieldOfViewFraction: Double?)? {
        let pairs = Array(Set(points.map(\.index))).sorted()
        let k = Self.jackknifeBlocks
        guard pairs.count >= 4 * k, !columns.isEmpty else { return nil }
        let slots = free
        // Each residual's frame pair: a pair's three (rotation), a point's two (miss) or one (epipolar distance).
        let rowPairs: [Int]
        switch residualKind {
        case .pairRotation: rowPairs = pairRanges.flatMap { [Int](repeating: points[$0.lowerBound].index, count: 3) }
        case .pointMiss: rowPairs = points.flatMap { [$0.index, $0.index] }
        case .epipolar: rowPairs = points.map(\.index)
        }
        guard rowPairs.count == r.count else { return nil }
        let scale = max(1e-6, 2 * (Median.of(Self.norms(r, width: width)) ?? 0))
        let weights = problem(scale: scale).weights(r) ?? [Double](repeating: 1, count: r.count)
        let prior = RigProblem<Rays>.priorWeight(r, groupWidth: width)
        var whole = NormalEquations(columns: columns, residuals: r, weights: weights)
        for (i, slot) in slots.enumerated() where slot.block == .gyroBias {
            whole.matrix[i][i] += prior * prior
            whole.gradient[i] -= prior * prior * p.gyroBias[slot.index]
        }
        var estimates: [[Double]] = []
        var fields: [Double] = []
        for block in 0..<k {
            let first = pairs[block * pairs.count / k]
            let end = block + 1 == k ? Int.max : pairs[(block + 1) * pairs.count / k]
            let left = NormalEquations(columns: columns, residuals: r,
                                       weights: zip(weights, rowPairs).map { $1 >= first && $1 < end ? $0 : 0 })
            var matrix = zip(whole.matrix, left.matrix).map { zip($0, $1).map { $0 - $1 } }
            for i in slots.indices { matrix[i][i] += 1e-15 + 1e-12 * matrix[i][i] }
            guard let step = LinearSystem.solve(matrix, zip(whole.gradient, left.gradient).map { $0 - $1 }) else { return nil }
            // The linear step, then the fit itself for two steps from there without the block: a robust cost's weights and
            // a moving camera's directions of motion move with the data, which the linear step cannot see.
            var without = self
            without.points = points.filter { $0.index < first || $0.index >= end }
            let q = without.solve(p.moved(along: slots, by: step), iterations: 2) { _, _, _ in }
            let turn = (q.cameraFromIMU * p.cameraFromIMU.conjugate)
            let rotation = turn.rotationVector
            estimates.append(slots.map { slot in
                switch slot.block {
                case .offset: return q.offset
                case .logFocal: return q.logFocal
                case .mount: return rotation[slot.index]
                case .gyroBias: return q.gyroBias[slot.index]
                case .readout: return q.readout
                case .lens: return q.lensCoefficients[slot.index]
                }
            })
            if knownCamera == nil, let fov = camera(q).verticalFieldOfViewDegrees { fields.append(fov) }
        }
        func spread(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return (Double(values.count - 1) / Double(values.count) * values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }).squareRoot()
        }
        var out: [ParameterSlot: Double] = [:]
        for (i, slot) in slots.enumerated() { out[slot] = spread(estimates.map { $0[i] }) }
        let fieldOfViewFraction = fields.count == k ? camera(p).verticalFieldOfViewDegrees.map { spread(fields) / $0 } : nil
        return (out, fieldOfViewFraction)
    }

    /// RMS pixels by which each point, turned from its row's instant by the gyroscope and projected
    /// through the lens, misses its track.
    func reprojectionRMS(_ p: RigParameters, rays: Rays) -> Double {
        (Self.cost(residuals(p, rays: rays)) / Double(max(points.count, 1))).squareRoot()
    }

    func outcome(_ p: RigParameters) -> Outcome {
        let ranges = pairRanges
        let (r, rays) = evaluate(p, ranges: ranges)
        let rms = residualKind == .epipolar ? (Self.cost(r) / Double(max(r.count, 1))).squareRoot() : reprojectionRMS(p, rays: rays)
        var outcome = Outcome(parameters: p, rmsPixels: rms, standardErrors: [:], fieldOfViewFraction: nil)
        let columns = self.columns(p, r, rays: rays)
        let free = self.free
        let bias = free.indices.filter { free[$0].block == .gyroBias }
        outcome.correlationInflation = CovarianceEstimate.correlationInflation(r, width: width)
        guard let (inverse, variance) = CovarianceEstimate.covariance(
            columns: columns, residuals: r, inflation: outcome.correlationInflation,
            priorSigma: Dictionary(uniqueKeysWithValues: bias.map { ($0, CameraIMUCalibration.gyroBiasPriorRadiansPerSecond) }))
        else { return outcome }
        // A moving camera's residuals share their pair's direction of motion and what the model misses there: within a
        // pair they are not independent, so its covariance is the sandwich clustered by pair
        // (`CovarianceEstimate.clustered`), which takes whatever they share from the residuals themselves.
        var covariance = inverse.map { $0.map { $0 * variance } }
        if residualKind == .epipolar {
            let clusters = segments.compactMap { s in s.first.flatMap { first in s.last.map { first.lowerBound..<$0.upperBound } } }
            covariance = CovarianceEstimate.clustered(inverse: inverse, columns: columns, residuals: r, clusters: clusters)
        }
        for (i, slot) in free.enumerated() where covariance[i][i] >= 0 { outcome.standardErrors[slot] = covariance[i][i].squareRoot() }
        // Each standard error is the larger of the Jacobian's and the block jackknife's: the first assumes the model
        // describes the clip, the second sees what it misses but, from a few blocks, is itself rough.
        let spread = jackknife(p, residuals: r, columns: columns)
        if let spread {
            for (slot, sigma) in spread.standardErrors { outcome.standardErrors[slot] = max(outcome.standardErrors[slot] ?? 0, sigma) }
        }
        let traded = free.indices.filter { [.offset, .mount].contains(free[$0].block) }
        outcome.biasTrade = bias.flatMap { b in traded.map { t in abs(inverse[b][t]) / max((inverse[b][b] * inverse[t][t]).squareRoot(), 1e-300) } }.max()
        // The field of view moves with the focal length and the coefficients: its variance is gᵀ Σ g.
        if knownCamera == nil, let fov = camera(p).verticalFieldOfViewDegrees {
            let n = columns.count
            var g = [Double](repeating: 0, count: n)
            for (i, slot) in free.enumerated() where movesRays(slot) {
                if let moved = camera(p.moved(along: slot, by: 1e-6)).verticalFieldOfViewDegrees { g[i] = (moved - fov) / 1e-6 }
            }
            var sum = 0.0
            for i in 0..<n { for j in 0..<n { sum += g[i] * covariance[i][j] * g[j] } }
            outcome.fieldOfViewFraction = max(max(sum, 0).squareRoot() / fov, spread?.fieldOfViewFraction ?? 0)
        }
        return outcome
    }
}
