import AttitudeMath
import Imaging
import Pixels
import XCTest

/// Corners followed for as long as they live (`LongTracker`), and the rotation of two views' essential matrix
/// (`EssentialRotation`).
final class LongTrackerTests: XCTestCase {
    /// Over three frames moving 5 px then 4 px more, the corners of the first frame still alive in the last carry their
    /// numbers, and each has moved by the whole 9 px.
    func testCornersKeepTheirNumbersAcrossFrames() throws {
        let tracker = try LongTracker()
        let first = try tracker.push(BlockScene.picture(width: 640, height: 360, shift: (0, 0)), source: "first")
        XCTAssertGreaterThan(first.count, 100)
        _ = try tracker.push(BlockScene.picture(width: 640, height: 360, shift: (5, -3)), source: "second")
        let last = try tracker.push(BlockScene.picture(width: 640, height: 360, shift: (9, -6)), source: "third")
        let start = Dictionary(first.map { ($0.id, $0.point) }, uniquingKeysWith: { a, _ in a })
        let moves = last.compactMap { corner in start[corner.id].map { corner.point - $0 } }
        XCTAssertGreaterThan(moves.count, 80, "most corners live through")
        let misses = moves.map { (($0 - SIMD2(9, -6)) * ($0 - SIMD2(9, -6))).sum().squareRoot() }.sorted()
        XCTAssertLessThan(misses[misses.count * 9 / 10], 0.1, "90 % within a tenth of a pixel")
        XCTAssertEqual(Set(last.map(\.id)).count, last.count, "one number a corner")
    }

    /// Points 5 to 20 m away seen from two places 0.5 m apart, the camera turned 4° between them: the essential matrix
    /// gives the rays' turn, which a rotation fitted alone would confuse with the move.
    func testTheEssentialMatrixGivesTheTurnOfAMovingCamera() throws {
        var random = SplitMix64(seed: 3)
        let turn = Quaternion(axis: SIMD3(0.3, 1, 0.2), angle: Angle.radians(fromDegrees: 4))
        let move = SIMD3(0.4, 0.1, 0.3)
        var rays: [(a: SIMD3<Double>, b: SIMD3<Double>)] = []
        while rays.count < 200 {
            let depth = 5 + 15 * random.uniform()
            let a = SIMD3((random.uniform() - 0.5) * depth, (random.uniform() - 0.5) * depth * 0.6, depth)
            let b = turn.rotate(a) + move
            guard b.z > 0 else { continue }
            rays.append((a, b))
        }
        let found = try XCTUnwrap(EssentialRotation.rotation(of: rays, threshold: 1e-3))
        XCTAssertLessThan(Angle.degrees(fromRadians: found.turn.angle(to: turn)), 0.01)
        XCTAssertGreaterThan(found.inliers, 190)
    }
}
