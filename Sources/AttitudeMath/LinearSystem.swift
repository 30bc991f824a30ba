import Foundation

/// Small dense linear systems, as least-squares fits (normal equations) need them.
public enum LinearSystem {
    /// Solves `a·x = b` for a small square system by Gaussian elimination with partial pivoting; nil when
    /// `a` is singular (a pivot below 1e-12 of its largest entry).
    public static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var m = a, v = b
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > 1e-12 * scale else { return nil }
            m.swapAt(column, pivot)
            v.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = m[row][column] / m[column][column]
                for k in column..<n { m[row][k] -= factor * m[column][k] }
                v[row] -= factor * v[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = v[row]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }
}
