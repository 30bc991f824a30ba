import AttitudeMath
import Foundation

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

/// A least-squares problem for `DampedGaussNewton`: unknowns that a step, a plain vector of one number per unknown,
/// moves (`moved`: added, unless a point moves by a rule of its own), the residuals at a point (with what computing
/// them leaves, `Cache`, for the Jacobian at the same point), the Jacobian's columns, and optionally per-residual
/// weights, a loss other than the squares and a Gaussian prior centred on 0 on some unknowns.
struct LeastSquaresProblem<Point, Cache> {
    /// The residuals at a point, and what computing them leaves for `columns`.
    var residuals: (Point) -> (residuals: [Double], cache: Cache)
    /// The Jacobian's columns at a point, one per unknown, given the point's residuals and cache.
    var columns: (_ point: Point, _ residuals: [Double], _ cache: Cache) -> [[Double]]
    /// The point moved by a step.
    var moved: (Point, [Double]) -> Point
    /// Per-residual weights for the step (a robust loss reweighted each step), nil for least squares.
    var weights: ([Double]) -> [Double]? = { _ in nil }
    /// The loss of the residuals (the prior's is added by the solver); least squares unless told.
    var loss: ([Double]) -> Double = DampedGaussNewton.squares
    var prior: Prior?

    /// A Gaussian prior centred on 0 on the unknowns `unknowns` (by index), whose values at a point are `values`; its
    /// weight in the residuals' units (the residuals' scatter over its sigma) is taken once, from the residuals at the
    /// start.
    struct Prior {
        var unknowns: [Int]
        var values: (Point) -> [Double]
        var weight: ([Double]) -> Double
    }
}

extension LeastSquaresProblem where Point == [Double] {
    /// A problem whose unknowns are the vector itself: a step is added to it.
    init(residuals: @escaping ([Double]) -> (residuals: [Double], cache: Cache),
         columns: @escaping (_ point: [Double], _ residuals: [Double], _ cache: Cache) -> [[Double]]) {
        self.init(residuals: residuals, columns: columns, moved: { zip($0, $1).map { $0 + $1 } })
    }
}

/// The one Gauss–Newton of the calibration (the frame pairs' two stages, the rates' offset, the spans' bias): from a
/// start, each step solves the normal equations at the point (weighted, with the prior's rows), damped by Levenberg's
/// rule or not at all, until the step or the cost's decrease is below the stopping rule's limit, no damping lowers the
/// cost, the equations do not solve, or `iterations` steps are taken.
struct DampedGaussNewton {
    /// How a step is damped.
    enum Damping {
        /// Not at all: each step is taken as the normal equations give it (a problem nearly linear from its start).
        case none
        /// Levenberg's: the diagonal scaled by 1 + λ (λ from `initialLevenberg`), λ raised tenfold for a step that does not
        /// lower the cost, `tries` times at most before the fit stops, and lowered tenfold (to `smallestLevenberg`) after
        /// one that does.
        case levenberg(tries: Int)
    }

    /// When a fit stops, besides a step that no damping makes lower the cost.
    enum Stop {
        /// When the step is below the limit in every group of unknowns (indices), its absolute values summed within a group.
        case stepBelow(Double, groups: [[Int]])
        /// When a step lowers the cost by less than this share of it.
        case relativeDecreaseBelow(Double)

        /// Whether a fit that took `step`, the cost going from `before` to `after`, stops here.
        func reached(step: [Double], before: Double, after: Double) -> Bool {
            switch self {
            case .stepBelow(let limit, let groups):
                return groups.allSatisfy { group in group.reduce(0) { $0 + abs(step[$1]) } < limit }
            case .relativeDecreaseBelow(let share):
                return !(before - after > share * before)
            }
        }
    }

    /// What a fit ends with: the point, its residuals, the steps taken, and whether the normal equations failed to solve.
    struct Outcome<Point> {
        var point: Point
        var residuals: [Double]
        var steps: Int
        var singular: Bool
    }

    static let initialLevenberg = 1e-3, smallestLevenberg = 1e-9

    var iterations: Int
    var damping: Damping
    var stop: Stop

    static func squares(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }

    /// The fit of `problem` from `start`; `progress` hears the point, its residuals and the iteration (from 1) after each.
    func solve<Point, Cache>(_ problem: LeastSquaresProblem<Point, Cache>, from start: Point,
                             progress: (Point, [Double], Int) -> Void = { _, _, _ in }) -> Outcome<Point> {
        var p = start
        var (r, cache) = problem.residuals(p)
        let prior = problem.prior.map { (held: $0, weight: $0.weight(r)) }
        func cost(_ p: Point, _ r: [Double]) -> Double {
            guard let prior else { return problem.loss(r) }
            return problem.loss(r) + Self.squares(prior.held.values(p)) * prior.weight * prior.weight
        }
        var levenberg = Self.initialLevenberg
        var steps = 0, singular = false
        for iteration in 0..<iterations {
            var normal = NormalEquations(columns: problem.columns(p, r, cache), residuals: r, weights: problem.weights(r))
            if let prior {
                let w2 = prior.weight * prior.weight
                for (i, value) in zip(prior.held.unknowns, prior.held.values(p)) {
                    normal.matrix[i][i] += w2
                    normal.gradient[i] -= w2 * value
                }
            }
            let before = cost(p, r)
            var moving = false
            let tries: Int
            switch damping {
            case .none: tries = 1
            case .levenberg(let n): tries = n
            }
            for _ in 0..<tries {
                var matrix = normal.matrix
                if case .levenberg = damping {
                    for i in matrix.indices { matrix[i][i] *= 1 + levenberg; matrix[i][i] += 1e-15 }
                }
                guard let step = LinearSystem.solve(matrix, normal.gradient) else { singular = true; break }
                let candidate = problem.moved(p, step)
                let (candidateResiduals, candidateCache) = problem.residuals(candidate)
                let after = cost(candidate, candidateResiduals)
                if case .none = damping {} else if !(after < before) { levenberg *= 10; continue }
                p = candidate; r = candidateResiduals; cache = candidateCache
                steps += 1
                levenberg = max(levenberg / 10, Self.smallestLevenberg)
                moving = !stop.reached(step: step, before: before, after: after)
                break
            }
            progress(p, r, iteration + 1)
            if !moving { break }
        }
        return Outcome(point: p, residuals: r, steps: steps, singular: singular)
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
