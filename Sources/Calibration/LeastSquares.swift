import AttitudeMath
import Foundation

// MARK: - The parameters, in named blocks

/// A block of the calibration's parameters. The solver's unknowns are slots of these blocks, never bare numbers.
enum ParameterBlock: Hashable, CaseIterable {
    /// Seconds: log time = video time + offset (the middle row's when a readout is fitted).
    case offset
    /// The natural logarithm of the focal length in pixels (fx = fy).
    case logFocal
    /// A small rotation vector in C (radians, about C's x, y, z) applied to the mount C from S.
    case mount
    /// The gyroscope's constant bias in S, rad/s, about S's x, y, z.
    case gyroBias
    /// Seconds from the first row's time to one past the last (a rolling shutter).
    case readout
    /// The estimated lens's coefficients, in OpenCV's order (`LensModel.lens`).
    case lens
}

/// One unknown of the solver: a block and the element within it (0 for a scalar block).
struct ParameterSlot: Hashable {
    var block: ParameterBlock
    var index = 0

    /// The slots of the blocks given, in this order: offset, log focal, mount (3), bias (3), readout, lens.
    static func layout(fitsFocal: Bool, fitsReadout: Bool = false, lensCoefficients: Int = 0) -> [ParameterSlot] {
        var out = [ParameterSlot(block: .offset)]
        if fitsFocal { out.append(ParameterSlot(block: .logFocal)) }
        out += (0..<3).map { ParameterSlot(block: .mount, index: $0) } + (0..<3).map { ParameterSlot(block: .gyroBias, index: $0) }
        if fitsReadout { out.append(ParameterSlot(block: .readout)) }
        out += (0..<lensCoefficients).map { ParameterSlot(block: .lens, index: $0) }
        return out
    }
}

/// What both calibration stages fit: the offset, the focal length, the mount, the gyroscope's bias, the readout
/// and the lens's coefficients (the first stage holds the last two at their start).
struct RigParameters {
    /// Seconds: log time = video time + offset.
    var offset: Double
    /// Natural logarithm of the focal length in pixels (fx = fy).
    var logFocal: Double
    /// C from S: v_C = M·v_S.
    var cameraFromIMU: Quaternion
    /// The gyroscope's constant bias in S, rad/s: what it reads at rest.
    var gyroBias = SIMD3<Double>.zero
    /// Seconds from the first row's time to one past the last.
    var readout = 0.0
    /// The lens's estimated coefficients in OpenCV's order (`LensModel.lens`).
    var lensCoefficients: [Double] = []

    /// The parameters moved by `values` along `slots`: each block by its own rule (the mount turned by a rotation
    /// vector in C, the rest added). Every block is moved, by zero when not named, so that a step's arithmetic
    /// does not depend on which blocks are free.
    func moved(along slots: [ParameterSlot], by values: [Double]) -> RigParameters {
        var offset = 0.0, logFocal = 0.0, readout = 0.0
        var mount = SIMD3<Double>.zero, bias = SIMD3<Double>.zero
        var lens = [Double](repeating: 0, count: lensCoefficients.count)
        for (slot, value) in zip(slots, values) {
            switch slot.block {
            case .offset: offset = value
            case .logFocal: logFocal = value
            case .mount: mount[slot.index] = value
            case .gyroBias: bias[slot.index] = value
            case .readout: readout = value
            case .lens: lens[slot.index] = value
            }
        }
        var q = self
        q.offset += offset
        q.logFocal += logFocal
        q.cameraFromIMU = (Quaternion(rotationVector: mount) * cameraFromIMU).normalized() ?? cameraFromIMU
        q.gyroBias += bias
        q.readout += readout
        for i in q.lensCoefficients.indices { q.lensCoefficients[i] += lens[i] }
        return q
    }

    /// The parameters moved along one slot.
    func moved(along slot: ParameterSlot, by value: Double) -> RigParameters { moved(along: [slot], by: [value]) }
}

// MARK: - The solver

/// The normal equations JᵀWJ δ = -JᵀWr of a Jacobian given by its columns, with optional weights per residual:
/// assembled here only, for the solver's steps and for the covariance.
struct NormalEquations {
    var matrix: [[Double]]
    var gradient: [Double]

    init(columns: [[Double]], residuals r: [Double], weights: [Double]? = nil) {
        let n = columns.count
        matrix = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        gradient = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let weighted = weights.map { zip(columns[i], $0).map { $0 * $1 } } ?? columns[i]
            for j in i..<n {
                matrix[i][j] = zip(weighted, columns[j]).reduce(0) { $0 + $1.0 * $1.1 }
                matrix[j][i] = matrix[i][j]
            }
            gradient[i] = -zip(weighted, r).reduce(0) { $0 + $1.0 * $1.1 }
        }
    }
}

/// A least-squares problem over `RigParameters` for `DampedGaussNewton`: its residuals (with what evaluating them
/// computed, `Cache`, reused for steps that do not change it), its loss, and the free slots with their
/// forward-difference steps.
struct LeastSquaresProblem<Cache> {
    var slots: [ParameterSlot]
    /// The forward-difference step of each block, in its units.
    var differenceStep: (ParameterBlock) -> Double
    /// The residuals at `p`, reusing `cache` when given (it was computed at parameters that differ only in slots
    /// `keepsCache` allows).
    var evaluate: (_ p: RigParameters, _ cache: Cache?) -> (residuals: [Double], cache: Cache)
    var keepsCache: (ParameterSlot) -> Bool = { _ in false }
    /// Residuals per group (a pair's 3, a point's 2): the unit whose correlation from one to the next widens the prior.
    var groupWidth: Int
    /// Per-residual weights for the step (a robust loss reweighted each step), nil for least squares.
    var weights: ([Double]) -> [Double]? = { _ in nil }
    /// The loss of the residuals (the prior's is added by the solver); least squares unless told.
    var loss: ([Double]) -> Double = DampedGaussNewton.squares
}

/// The one damped Gauss–Newton (Levenberg's damping of the diagonal) of both calibration stages, with forward-
/// difference derivatives, an optional robust loss, and a Gaussian prior on the gyroscope's bias centred on 0.
struct DampedGaussNewton {
    /// When a fit stops.
    enum Stop {
        /// When a step moves the offset and the log focal each by less than this, and the other slots together.
        case stepBelow(Double)
        /// When a step lowers the cost by less than this share of it.
        case relativeDecreaseBelow(Double)
    }

    var iterations: Int
    /// How many times the damping is raised tenfold before a step is given up.
    var dampingTries: Int
    var stop: Stop
    /// Rad/s: the bias prior's sigma on each axis.
    var gyroBiasPrior: Double

    static func squares(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }

    /// The Jacobian's columns over `problem.slots` at `p`, by forward differences.
    static func columns<Cache>(_ problem: LeastSquaresProblem<Cache>, at p: RigParameters, residuals r: [Double], cache: Cache)
        -> [[Double]] {
        problem.slots.map { slot -> [Double] in
            let step = problem.differenceStep(slot.block)
            let moved = problem.evaluate(p.moved(along: slot, by: step), problem.keepsCache(slot) ? cache : nil).residuals
            return zip(moved, r).map { ($0 - $1) / step }
        }
    }

    /// The prior's weight in the residuals' units: their RMS at `r` (widened for their correlation) over the sigma, so
    /// that the cost weighs the data's and the prior's squares alike.
    func priorWeight(_ r: [Double], groupWidth: Int) -> Double {
        (Self.squares(r) / Double(max(r.count, 1)) * CovarianceEstimate.correlationInflation(r, width: groupWidth)).squareRoot()
            / gyroBiasPrior
    }

    /// The fit from `start`; `progress` hears the parameters, the residuals and the step (from 1) after each step.
    func solve<Cache>(_ problem: LeastSquaresProblem<Cache>, from start: RigParameters,
                      progress: (RigParameters, [Double], Int) -> Void) -> RigParameters {
        var p = start
        var (r, cache) = problem.evaluate(p, nil)
        let weight = priorWeight(r, groupWidth: problem.groupWidth)
        func priorCost(_ p: RigParameters) -> Double { (p.gyroBias * p.gyroBias).sum() * weight * weight }
        let slots = problem.slots
        var damping = 1e-3
        for iteration in 0..<iterations {
            let columns = Self.columns(problem, at: p, residuals: r, cache: cache)
            var normal = NormalEquations(columns: columns, residuals: r, weights: problem.weights(r))
            for (i, slot) in slots.enumerated() where slot.block == .gyroBias {
                normal.matrix[i][i] += weight * weight
                normal.gradient[i] -= weight * weight * p.gyroBias[slot.index]
            }
            let cost = problem.loss(r) + priorCost(p)
            var improved = false
            for _ in 0..<dampingTries {
                var damped = normal.matrix
                for i in slots.indices { damped[i][i] *= 1 + damping; damped[i][i] += 1e-15 }
                guard let delta = LinearSystem.solve(damped, normal.gradient) else { break }
                let candidate = p.moved(along: slots, by: delta)
                let (candidateResiduals, candidateCache) = problem.evaluate(candidate, nil)
                let candidateCost = problem.loss(candidateResiduals) + priorCost(candidate)
                if candidateCost < cost {
                    p = candidate; r = candidateResiduals; cache = candidateCache
                    damping = max(damping / 10, 1e-9)
                    switch stop {
                    case .stepBelow(let limit):
                        let leading = zip(slots, delta).filter { [.offset, .logFocal].contains($0.0.block) }.map { abs($0.1) }
                        let rest = zip(slots, delta).filter { ![.offset, .logFocal].contains($0.0.block) }.reduce(0) { $0 + abs($1.1) }
                        improved = !(leading.allSatisfy { $0 < limit } && rest < limit)
                    case .relativeDecreaseBelow(let share):
                        improved = cost - candidateCost > share * cost
                    }
                    break
                }
                damping *= 10
            }
            progress(p, r, iteration + 1)
            if !improved { break }
        }
        return p
    }
}

// MARK: - Standard errors

enum CovarianceEstimate {
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

    /// The parameters' covariance by the sandwich A⁻¹ B A⁻¹ clustered by `clusters` (ranges of residuals): `inverse` is A⁻¹
    /// (`covariance`'s, its prior included), B = Σ gₖ gₖᵀ with gₖ = Jₖᵀ rₖ over each cluster's rows. Residuals correlated
    /// within a cluster, however, count as one cluster's evidence, not as many rows'; with clusters of one row it is
    /// White's heteroscedasticity-consistent estimate.
    static func clustered(inverse: [[Double]], columns: [[Double]], residuals r: [Double], clusters: [Range<Int>]) -> [[Double]] {
        let n = columns.count
        var middle = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for cluster in clusters {
            let g = columns.map { column in cluster.reduce(0.0) { $0 + column[$1] * r[$1] } }
            for i in 0..<n { for j in 0..<n { middle[i][j] += g[i] * g[j] } }
        }
        return (0..<n).map { i in
            (0..<n).map { j in
                var sum = 0.0
                for k in 0..<n { for l in 0..<n { sum += inverse[i][k] * middle[k][l] * inverse[l][j] } }
                return sum
            }
        }
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
        var normal = NormalEquations(columns: columns, residuals: r).matrix
        let variance = DampedGaussNewton.squares(r) / Double(r.count - n) * inflation
        for (k, sigma) in priorSigma where k < n && sigma > 0 { normal[k][k] += variance / (sigma * sigma) }
        let ridge = 1e-12 * ((0..<n).map { normal[$0][$0] }.max() ?? 0)
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
