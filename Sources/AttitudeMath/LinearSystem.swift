import Foundation

/// Small dense linear systems, as least-squares fits (normal equations) and a matrix's inverse need them.
public enum LinearSystem {
    /// Solves `a·x = b` for a small square system by Gaussian elimination with partial pivoting; nil when
    /// `a` is singular (`solve(_:columns:)`).
    public static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        solve(a, columns: b.map { [$0] })?.map { $0[0] }
    }

    /// Solves `a·X = B` for a small square `a` and every column of `B` at once (`b` row by row, as `a`), by
    /// Gaussian elimination with partial pivoting and back substitution; `X` row by row. Nil when `a` is singular:
    /// its largest entry zero or not finite, or a pivot below 1e-12 of it.
    public static func solve(_ a: [[Double]], columns b: [[Double]]) -> [[Double]]? {
        let n = a.count
        var m = a, v = b
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite else { return nil }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > 1e-12 * scale else { return nil }
            m.swapAt(column, pivot)
            v.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = m[row][column] / m[column][column]
                for k in column..<n { m[row][k] -= factor * m[column][k] }
                for j in v[row].indices { v[row][j] -= factor * v[column][j] }
            }
        }
        var x = v
        for row in stride(from: n - 1, through: 0, by: -1) {
            for j in x[row].indices {
                var sum = v[row][j]
                for k in (row + 1)..<n { sum -= m[row][k] * x[k][j] }
                x[row][j] = sum / m[row][row]
            }
        }
        return x
    }
}
