import AttitudeMath
import Imaging
import Pixels
import XCTest

/// Corners followed for as long as they live (`LongTracker`), and the rotation of two views' essential matrix
/// (`EssentialRotation`).
final class LongTrackerTests: XCTestCase {
    /// Grey blocks 8 to 40 pixels across, seeded, shifted right and down by `shift` whole pixels.
    private func scene(width: Int, height: Int, shift: (x: Int, y: Int)) -> RGBImage {
        var random = SplitMix64(seed: 31)
        let padded = (width: width + 64, height: height + 64)
        var field = [UInt8](repeating: 128, count: padded.width * padded.height)
        for _ in 0..<(padded.width * padded.height / 300) {
            let x = Int(random.next() % UInt64(padded.width)), y = Int(random.next() % UInt64(padded.height))
            let w = 8 + Int(random.next() % 33), h = 8 + Int(random.next() % 33), value = UInt8(random.next() % 256)
            for row in y..<min(y + h, padded.height) { for column in x..<min(x + w, padded.width) { field[row * padded.width + column] = value } }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for column in 0..<width {
                let v = field[(row + 32 - shift.y) * padded.width + column + 32 - shift.x]
                for c in 0..<3 { pixels[3 * (row * width + column) + c] = v }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Over three frames moving 5 px then 4 px more, the corners of the first frame still alive in the last carry their
    /// numbers, and each has moved by the whole 9 px.
    func testCornersKeepTheirNumbersAcrossFrames() throws {
        let tracker = try LongTracker()
        let first = try tracker.push(scene(width: 640, height: 360, shift: (0, 0)), source: "first")
        XCTAssertGreaterThan(first.count, 100)
        _ = try tracker.push(scene(width: 640, height: 360, shift: (5, -3)), source: "second")
        let last = try tracker.push(scene(width: 640, height: 360, shift: (9, -6)), source: "third")
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
        let turn = Quaternion(axis: SIMD3(0.3, 1, 0.2), angle: 4 * .pi / 180)
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
        XCTAssertLessThan(found.turn.angle(to: turn) * 180 / .pi, 0.01)
        XCTAssertGreaterThan(found.inliers, 190)
    }
}
