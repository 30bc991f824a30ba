import AttitudeMath
import Imaging
import Pixels
import XCTest

/// Corners tracked from one frame to the next (`FeatureTracker`), on a scene of random blocks moved by a known
/// whole number of pixels: every pair moves by it, in the full picture's pixels, also where the picture is larger
/// than the tracker works on (over 2000 pixels across, tracked at a fraction of its size).
final class FeatureTrackerTests: XCTestCase {
    /// `width` x `height` of grey blocks 8 to 40 pixels across, seeded; `shift` moves the scene right and down.
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
                pixels[3 * (row * width + column)] = v
                pixels[3 * (row * width + column) + 1] = v
                pixels[3 * (row * width + column) + 2] = v
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    func testPairsMoveAsTheSceneInTheFullPicturesPixels() throws {
        for (width, height) in [(960, 540), (4000, 2250)] {
            let tracker = try FeatureTracker()
            _ = try tracker.push(scene(width: width, height: height, shift: (0, 0)), source: "first")
            let (points, _) = try tracker.push(scene(width: width, height: height, shift: (8, -6)), source: "second")
            XCTAssertGreaterThan(points.count, 50, "\(width)x\(height)")
            // Each pair's miss from the true move; a corner at the picture's edge, where the scene comes in, may miss.
            let misses = points.map { point -> Double in
                let e = point.to - point.from - SIMD2(8, -6)
                return (e * e).sum().squareRoot()
            }.sorted()
            XCTAssertLessThan(misses[misses.count / 2], 0.03, "\(width)x\(height): median miss")
            XCTAssertLessThan(misses[misses.count * 9 / 10], 0.1, "\(width)x\(height): nine pairs in ten")
            // The corners spread over the whole picture, in its own pixels.
            XCTAssertGreaterThan(points.map(\.from.x).max() ?? 0, 0.8 * Double(width), "\(width)x\(height)")
            XCTAssertGreaterThan(points.map(\.from.y).max() ?? 0, 0.8 * Double(height), "\(width)x\(height)")
        }
    }
}
