import Foundation
@testable import Calibration
import XCTest

/// The one solver every calibration fit runs (`DampedGaussNewton`) and its standard errors (`CovarianceEstimate`), on
/// problems whose answers are known in closed form: a straight line's ordinary least squares and its covariance
/// σ²(XᵀX)⁻¹, an exponential's exact parameters, a prior's pull, and the correlation inflation's two ends.
final class LeastSquaresTests: XCTestCase {
    /// y = 2 + 3x with fixed residuals that sum to zero and are orthogonal to x, so the line through the points is
    /// exactly (2, 3), and the residuals' variance is their squares over n - 2.
    private let xs = [0.0, 1, 2, 3, 4, 5]
    private let noise = [0.1, -0.2, 0.1, 0.1, -0.2, 0.1]
    private var ys: [Double] { zip(xs, noise).map { 2 + 3 * $0 + $1 } }

    private func line() -> LeastSquaresProblem<[Double], Void> {
        let (xs, ys) = (self.xs, self.ys)
        return LeastSquaresProblem(residuals: { p in (zip(xs, ys).map { p[0] + p[1] * $0 - $1 }, ()) },
                                   columns: { _, _, _ in [xs.map { _ in 1.0 }, xs] })
    }

    func testALinearProblemIsSolvedInOneUndampedStep() {
        XCTAssertEqual(noise.reduce(0, +), 0, accuracy: 1e-15)
        XCTAssertEqual(zip(noise, xs).map { $0 * $1 }.reduce(0, +), 0, accuracy: 1e-15)
        let solver = DampedGaussNewton(iterations: 10, damping: .none, stop: .stepBelow(1e-12, groups: [[0, 1]]))
        let outcome = solver.solve(line(), from: [0, 0])
        XCTAssertFalse(outcome.singular)
        XCTAssertEqual(outcome.point[0], 2, accuracy: 1e-12)
        XCTAssertEqual(outcome.point[1], 3, accuracy: 1e-12)
        XCTAssertLessThanOrEqual(outcome.steps, 2, "one step lands; a second finds nothing left to move")
        for (r, n) in zip(outcome.residuals, noise) { XCTAssertEqual(r, -n, accuracy: 1e-12) }
    }

    /// Levenberg's damping reaches the same line, only in more steps.
    func testTheDampedSolverReachesTheSameAnswer() {
        let solver = DampedGaussNewton(iterations: 50, damping: .levenberg(tries: 10), stop: .relativeDecreaseBelow(1e-14))
        let outcome = solver.solve(line(), from: [-5, 10])
        XCTAssertEqual(outcome.point[0], 2, accuracy: 1e-6)
        XCTAssertEqual(outcome.point[1], 3, accuracy: 1e-6)
    }

    /// σ²(XᵀX)⁻¹ by hand: XᵀX = [[n, Σx], [Σx, Σx²]] = [[6, 15], [15, 55]], its determinant 105, σ² = Σr² / (n - 2).
    func testTheCovarianceIsSigmaSquaredTimesTheInverseOfTheNormalMatrix() throws {
        let columns = [xs.map { _ in 1.0 }, xs]
        let residuals = noise.map { -$0 }
        let (inverse, variance) = try XCTUnwrap(CovarianceEstimate.covariance(columns: columns, residuals: residuals))
        XCTAssertEqual(variance, noise.map { $0 * $0 }.reduce(0, +) / 4, accuracy: 1e-15)
        let expected = [[55.0 / 105, -15.0 / 105], [-15.0 / 105, 6.0 / 105]]
        for i in 0..<2 { for j in 0..<2 { XCTAssertEqual(inverse[i][j], expected[i][j], accuracy: 1e-9) } }
        XCTAssertNil(CovarianceEstimate.covariance(columns: columns, residuals: [0.1, 0.2]), "no more residuals than unknowns")
    }

    /// y = a·exp(-b·x) from exact samples: a = 4, b = 0.7, from a start well off.
    func testANonlinearProblemConvergesToItsExactParameters() {
        let xs = (0..<20).map { Double($0) * 0.25 }
        let ys = xs.map { 4 * exp(-0.7 * $0) }
        let problem = LeastSquaresProblem<[Double], Void>(
            residuals: { p in (zip(xs, ys).map { p[0] * exp(-p[1] * $0) - $1 }, ()) },
            columns: { p, _, _ in [xs.map { exp(-p[1] * $0) }, xs.map { -p[0] * $0 * exp(-p[1] * $0) }] })
        let solver = DampedGaussNewton(iterations: 100, damping: .levenberg(tries: 20), stop: .stepBelow(1e-13, groups: [[0], [1]]))
        let outcome = solver.solve(problem, from: [1, 2])
        XCTAssertEqual(outcome.point[0], 4, accuracy: 1e-9)
        XCTAssertEqual(outcome.point[1], 0.7, accuracy: 1e-9)
    }

    /// One residual p - 1 and a prior of weight w on p about 0: the cost (p - 1)² + w²p² is least at p = 1 / (1 + w²).
    func testAPriorPullsItsUnknownTowardsZero() {
        var problem = LeastSquaresProblem<[Double], Void>(residuals: { p in ([p[0] - 1], ()) }, columns: { _, _, _ in [[1]] })
        problem.prior = .init(unknowns: [0], values: { $0 }, weight: { _ in 2 })
        let solver = DampedGaussNewton(iterations: 10, damping: .none, stop: .stepBelow(1e-14, groups: [[0]]))
        XCTAssertEqual(solver.solve(problem, from: [0]).point[0], 1.0 / 5, accuracy: 1e-12)
    }

    /// Residuals that repeat from one group to the next count as fewer: at the cap (ρ = 0.9) the variance weighs 19
    /// times; alternating ones (ρ < 0) and too few groups count as independent.
    func testTheCorrelationInflationAtItsEnds() {
        XCTAssertEqual(CovarianceEstimate.correlationInflation(Array(repeating: 0.5, count: 40), width: 2), 19, accuracy: 1e-12)
        XCTAssertEqual(CovarianceEstimate.correlationInflation((0..<40).map { $0 % 2 == 0 ? 1 : -1 }, width: 1), 1)
        XCTAssertEqual(CovarianceEstimate.correlationInflation([1, 1, 1, 1, 1, 1], width: 2), 1, "three groups: too few")
    }
}
