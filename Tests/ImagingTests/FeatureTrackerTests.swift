import AttitudeMath
import Imaging
import Pixels
import XCTest

/// Corners tracked from one frame to the next (`FeatureTracker`), on a scene of random blocks moved by a known
/// whole number of pixels: every pair moves by it, in the full picture's pixels, also where the picture is larger
/// than the tracker works on (over 2000 pixels across, tracked at a fraction of its size).
final class FeatureTrackerTests: XCTestCase {
    func testPairsMoveAsTheSceneInTheFullPicturesPixels() throws {
        for (width, height) in [(960, 540), (4000, 2250)] {
            let tracker = try FeatureTracker()
            _ = try tracker.push(BlockScene.picture(width: width, height: height, shift: (0, 0)), source: "first")
            let (points, _) = try tracker.push(BlockScene.picture(width: width, height: height, shift: (8, -6)), source: "second")
            XCTAssertGreaterThan(points.count, 50, "\(width)x\(height)")
            // Each pair's miss from the true move; a corner at the picture's edge, where the scene comes in, may miss.
            let misses = points.map { point -> Double in
                let e = point.to - point.from - SIMD2(8, -6)
                return e.length
            }.sorted()
            XCTAssertLessThan(misses[misses.count / 2], 0.03, "\(width)x\(height): median miss")
            XCTAssertLessThan(misses[misses.count * 9 / 10], 0.1, "\(width)x\(height): nine pairs in ten")
            // The corners spread over the whole picture, in its own pixels.
            XCTAssertGreaterThan(points.map(\.from.x).max() ?? 0, 0.8 * Double(width), "\(width)x\(height)")
            XCTAssertGreaterThan(points.map(\.from.y).max() ?? 0, 0.8 * Double(height), "\(width)x\(height)")
        }
    }
}
