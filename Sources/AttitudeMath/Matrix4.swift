import Foundation

/// A 4x4 single-precision matrix stored column-major, as OpenGL takes it with `transpose = GL_FALSE`:
/// element (row r, column c) is at index `4*c + r`.
public struct Matrix4: Equatable, Sendable, CustomStringConvertible {
    public var storage: SIMD16<Float>

    /// Sixteen values column by column (like GLKMatrix4Make).
    public init(columnMajor v: [Float]) {
        precondition(v.count == 16, "Matrix4 takes 16 values")
        storage = SIMD16(v)
    }

    /// Sixteen values row by row (like GLKMatrix4MakeAndTranspose).
    public init(rowMajor v: [Float]) {
        precondition(v.count == 16, "Matrix4 takes 16 values")
        var s = SIMD16<Float>()
        for r in 0..<4 { for c in 0..<4 { s[4 * c + r] = v[4 * r + c] } }
        storage = s
    }

    public static let identity = Matrix4(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public subscript(row: Int, column: Int) -> Float {
        get { storage[4 * column + row] }
        set { storage[4 * column + row] = newValue }
    }

    /// The values column by column, ready for `glUniformMatrix4fv(..., GL_FALSE, ...)`.
    public var columnMajorArray: [Float] { (0..<16).map { storage[$0] } }

    public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var out = Matrix4(columnMajor: [Float](repeating: 0, count: 16))
        for c in 0..<4 {
            for r in 0..<4 {
                var sum: Float = 0
                for k in 0..<4 { sum += a[r, k] * b[k, c] }
                out[r, c] = sum
            }
        }
        return out
    }

    public var transposed: Matrix4 {
        var out = self
        for r in 0..<4 { for c in 0..<4 { out[r, c] = self[c, r] } }
        return out
    }

    public static func translation(_ x: Float, _ y: Float, _ z: Float) -> Matrix4 {
        Matrix4(rowMajor: [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1])
    }

    /// The homogeneous rotation of a unit quaternion.
    public static func rotation(_ q: Quaternion) -> Matrix4 {
        let m = q.rotationMatrixRows.map { $0.map(Float.init) }
        return Matrix4(rowMajor: [m[0][0], m[0][1], m[0][2], 0,
                                  m[1][0], m[1][1], m[1][2], 0,
                                  m[2][0], m[2][1], m[2][2], 0,
                                  0, 0, 0, 1])
    }

    /// gluPerspective: `fovyRadians` is the full vertical field of view, `aspect` width over height.
    public static func perspective(fovyRadians: Float, aspect: Float, near: Float, far: Float) -> Matrix4 {
        let f = 1 / tan(fovyRadians / 2)
        return Matrix4(rowMajor: [f / aspect, 0, 0, 0,
                                  0, f, 0, 0,
                                  0, 0, (far + near) / (near - far), 2 * far * near / (near - far),
                                  0, 0, -1, 0])
    }

    /// The general inverse, solved in double precision as `self·X = I` by `LinearSystem`'s elimination with partial
    /// pivoting. Throws `singularMatrix` when the determinant is zero relative to the entries' scale (`LinearSystem`'s rule).
    public func inverse() throws -> Matrix4 {
        let rows = (0..<4).map { r in (0..<4).map { c in Double(self[r, c]) } }
        let identity = (0..<4).map { r in (0..<4).map { c in r == c ? 1.0 : 0 } }
        guard let inverse = LinearSystem.solve(rows, columns: identity) else { throw AttitudeMathError.singularMatrix }
        return Matrix4(rowMajor: inverse.flatMap { $0.map(Float.init) })
    }

    /// Applies the matrix to a homogeneous point.
    public func apply(_ v: SIMD4<Float>) -> SIMD4<Float> {
        var out = SIMD4<Float>()
        for r in 0..<4 { out[r] = self[r, 0] * v.x + self[r, 1] * v.y + self[r, 2] * v.z + self[r, 3] * v.w }
        return out
    }

    public var description: String {
        (0..<4).map { r in (0..<4).map { c in String(format: "%9.4f", self[r, c]) }.joined(separator: " ") }
            .joined(separator: "\n")
    }
}
