import AttitudeMath
import XCTest

/// Gaussian elimination with partial pivoting (`LinearSystem`): answers worked by hand, a system whose first pivot is
/// zero or tiny (which only a row swap solves), several right-hand sides solved as each alone (as `Matrix4`'s inverse
/// solves the identity's columns), and singular systems refused with nil.
final class LinearSystemTests: XCTestCase {
    private func assertSolution(_ a: [[Double]], _ b: [Double], _ expected: [Double], within tolerance: Double = 1e-12,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let x = try XCTUnwrap(LinearSystem.solve(a, b), "refused a system with a solution", file: file, line: line)
        XCTAssertEqual(x.count, expected.count, file: file, line: line)
        for (found, want) in zip(x, expected) {
            XCTAssertEqual(found, want, accuracy: tolerance, "\(x) against \(expected)", file: file, line: line)
        }
    }

    func testAWellPosedSystemIsSolved() throws {
        // x = (1, 2, 3): b is A·x worked by hand.
        try assertSolution([[4, -2, 1], [-2, 4, -2], [1, -2, 4]], [3, 0, 9], [1, 2, 3])
        try assertSolution([[2]], [7], [3.5])
        // A 4x4 with negative and fractional entries: x = (-1, 0.5, 2, -3).
        let a: [[Double]] = [[3, 1, -1, 2], [1, -4, 2, 0.5], [-2, 1, 5, 1], [0.25, 2, -1, 6]]
        let x: [Double] = [-1, 0.5, 2, -3]
        let b = a.map { row in zip(row, x).map(*).reduce(0, +) }
        XCTAssertEqual(b, [-10.5, -0.5, 9.5, -19.25], "the right-hand side worked by hand")
        try assertSolution(a, b, x)
    }

    func testAZeroOrTinyFirstPivotIsSwappedAway() throws {
        // Without a row swap the first pivot is 0: elimination would divide by it.
        try assertSolution([[0, 1], [1, 0]], [2, 3], [3, 2])
        try assertSolution([[0, 2, 1], [1, 1, 1], [2, 0, 3]], [5, 4, 5], [1, 2, 1])
        // A pivot of 1e-20 taken as it is loses x₀ to rounding (it comes out 0); swapped, x = (1/(1 - 1e-20), …) ≈ (1, 1).
        try assertSolution([[1e-20, 1], [1, 1]], [1, 2], [1, 1])
    }

    func testSeveralRightHandSidesAreSolvedAsEachAlone() throws {
        let a: [[Double]] = [[0, 2, 1], [1, 1, 1], [2, 0, 3]]
        let columns: [[Double]] = [[5, 1], [4, 0], [5, -2]]
        let x = try XCTUnwrap(LinearSystem.solve(a, columns: columns))
        for j in 0..<2 {
            XCTAssertEqual(x.map { $0[j] }, try XCTUnwrap(LinearSystem.solve(a, columns.map { $0[j] })), "column \(j)")
        }
        XCTAssertNil(LinearSystem.solve([[1, 2], [2, 4]], columns: [[1, 0], [0, 1]]), "singular, whatever the right-hand sides")
        XCTAssertNil(LinearSystem.solve([[1, .infinity], [0, 1]], columns: [[1], [1]]), "an entry not finite")
    }

    func testASingularSystemIsRefused() {
        XCTAssertNil(LinearSystem.solve([[1, 2], [2, 4]], [3, 6]), "rows proportional")
        XCTAssertNil(LinearSystem.solve([[1, 2, 3], [4, 5, 6], [7, 8, 9]], [1, 2, 3]), "the third row is 2·second - first")
        XCTAssertNil(LinearSystem.solve([[0, 0], [0, 0]], [0, 0]), "all zero")
        XCTAssertNil(LinearSystem.solve([[1, 0], [0, 0]], [1, 0]), "a zero column")
        // The last pivot is 1e-14 of the largest entry, under the 1e-12 the API takes as singular.
        XCTAssertNil(LinearSystem.solve([[1, 1], [1, 1 + 1e-14]], [2, 2]))
        // 1e-9 of the largest entry is over it: solved (x = (1, 1)), to the precision a condition number near 4e9 leaves.
        XCTAssertNotNil(LinearSystem.solve([[1, 1], [1, 1 + 1e-9]], [2, 2 + 1e-9]))
    }
}
