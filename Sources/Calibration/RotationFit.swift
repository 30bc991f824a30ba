import AttitudeMath
import Foundation

/// Symmetric eigenproblems and Wahba's problem: the small linear algebra the
/// calibration needs, with no dependencies.
public enum RotationFit {
    /// Eigenvalues and eigenvectors (columns, `vectors[row][column]`) of a symmetric n x n matrix, by
    /// cyclic Jacobi rotations; eigenvalues in descending order.
    public static func symmetricEigen(_ matrix: [[Double]]) -> (values: [Double], vectors: [[Double]]) {
        let n = matrix.count
        var a = matrix
        var v = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for _ in 0..<50 {
            var off = 0.0
            for p in 0..<n { for q in (p + 1)..<n { off += a[p][q] * a[p][q] } }
            if off < 1e-30 { break }
            for p in 0..<n {
                for q in (p + 1)..<n where a[p][q] != 0 {
                    let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let akp = a[k][p], akq = a[k][q]
                        a[k][p] = c * akp - s * akq
                        a[k][q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p][k], aqk = a[q][k]
                        a[p][k] = c * apk - s * aqk
                        a[q][k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k][p], vkq = v[k][q]
                        v[k][p] = c * vkp - s * vkq
                        v[k][q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { a[$0][$0] > a[$1][$1] }
        return (order.map { a[$0][$0] }, (0..<n).map { row in order.map { v[row][$0] } })
    }

    /// The rotation R minimising Σ w·|b - R·a|² (Wahba's problem), by Horn's quaternion method: the
    /// eigenvector of the largest eigenvalue of a 4 x 4 symmetric matrix. Nil for fewer than two pairs.
    public static func wahba(from a: [SIMD3<Double>], to b: [SIMD3<Double>], weights: [Double]? = nil) -> Quaternion? {
        guard a.count >= 2, a.count == b.count else { return nil }
        var s = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<a.count {
            let w = weights?[i] ?? 1
            for r in 0..<3 { for c in 0..<3 { s[r][c] += w * a[i][r] * b[i][c] } }
        }
        let (xx, xy, xz) = (s[0][0], s[0][1], s[0][2])
        let (yx, yy, yz) = (s[1][0], s[1][1], s[1][2])
        let (zx, zy, zz) = (s[2][0], s[2][1], s[2][2])
        let n: [[Double]] = [
            [xx + yy + zz, yz - zy, zx - xz, xy - yx],
            [yz - zy, xx - yy - zz, xy + yx, zx + xz],
            [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
            [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
        ]
        let (_, vectors) = symmetricEigen(n)
        return Quaternion(w: vectors[0][0], x: vectors[1][0], y: vectors[2][0], z: vectors[3][0]).normalized()
    }
}
