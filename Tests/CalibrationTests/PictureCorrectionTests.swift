import AttitudeMath
@testable import Calibration
import Camera
import XCTest

/// The picture holds the attitude to what it shows: a camera turning through a still world of points, its attitude drifting.
final class PictureCorrectionTests: XCTestCase {
    let camera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, width: 640, height: 480), lens: .pinhole)
    /// The mount: v_C = R·v_S, a quarter turn about C's x (an IMU lying as a phone's does behind its camera).
    let cameraFromIMU = Quaternion(axis: SIMD3(1, 0, 0), angle: .pi / 2)
    let frameTimes = (0..<240).map { Double($0) / 30 }

    /// The true worldFromS at `t`: a pan and a tilt that wander, starting level.
    func truth(_ t: Double) -> Quaternion {
        Quaternion(axis: SIMD3(0, 0, 1), angle: 0.4 * sin(0.7 * t)) * Quaternion(axis: SIMD3(1, 0, 0), angle: 0.1 * sin(1.3 * t + 0.5))
            * Quaternion(axis: SIMD3(1, 0, 0), angle: -0.1 * sin(0.5))
    }

    /// Points fixed in W seen from frame k to k + 1 through the true attitude; each pixel off by up to `jitter`.
    func tracks(jitter: Double) -> [FramePairTracks] {
        var generator = SplitMix64(seed: 42)
        func uniform() -> Double { generator.uniform() }
        // Directions in W around where the camera looks (C's +z in W at the first frame), wide enough to stay in view.
        let look = { (t: Double) -> Quaternion in self.truth(t) * self.cameraFromIMU.conjugate }
        let world = (0..<400).map { _ -> SIMD3<Double> in
            let c = SIMD3(uniform() * 2 - 1, uniform() * 1.6 - 0.8, 1.0)
            return look(0).rotate(c / (c * c).sum().squareRoot())
        }
        return frameTimes.indices.dropLast().map { k in
            let a = look(frameTimes[k]).conjugate, b = look(frameTimes[k + 1]).conjugate
            var from: [SIMD2<Double>] = [], to: [SIMD2<Double>] = []
            for d in world {
                guard let p = camera.project(a.rotate(d)), let q = camera.project(b.rotate(d)),
                      (0..<640).contains(p.x), (0..<480).contains(p.y), (0..<640).contains(q.x), (0..<480).contains(q.y),
                      a.rotate(d).z > 0, b.rotate(d).z > 0 else { continue }
                from.append(p + SIMD2(uniform() - 0.5, uniform() - 0.5) * 2 * jitter)
                to.append(q + SIMD2(uniform() - 0.5, uniform() - 0.5) * 2 * jitter)
            }
            return FramePairTracks(index: k, from: from, to: to)
        }
    }

    /// A gyroscope attitude drifting 0.5 °/s about a tilted axis in W, on a log clock 2 s ahead of the video's.
    func drifting(_ t: Double) -> Quaternion {
        let axis = SIMD3(0.3, -0.5, 0.8) / (SIMD3(0.3, -0.5, 0.8) * SIMD3(0.3, -0.5, 0.8)).sum().squareRoot()
        return Quaternion(axis: axis, angle: 0.5 * .pi / 180 * t) * truth(t)
    }

    func testTheDriftIsTakenOutAndWhatTheGyroscopeSeesStays() {
        let offset = 2.0
        let times = stride(from: 0.0, through: 11, by: 0.005).map { $0 }
        let attitudes = times.map { drifting($0 - offset) }
        let correction = PictureCorrection(times: times, attitudes: attitudes, frameTimes: frameTimes, offset: offset,
                                           tracks: tracks(jitter: 0.1), camera: camera, cameraFromIMU: cameraFromIMU)
        XCTAssertEqual(correction.pictureUsedPairs, frameTimes.count - 1, "every pair's rotation comes from the picture")
        var worstBefore = 0.0, worstAfter = 0.0
        for (t, q) in zip(times, attitudes) where t - offset >= 0 && t - offset <= frameTimes.last! {
            let truth = truth(t - offset)
            worstBefore = max(worstBefore, q.angle(to: truth) * 180 / .pi)
            worstAfter = max(worstAfter, correction.corrected(q, atLogTime: t).angle(to: truth) * 180 / .pi)
        }
        XCTAssertGreaterThan(worstBefore, 3.9, "the drift over 8 s")
        XCTAssertLessThan(worstAfter, 0.05, "the picture's attitude, to its tracking noise chained over 239 pairs")
        XCTAssertEqual(correction.driftDegreesPerSecond, 0.5, accuracy: 0.01)
    }

    func testAGyroscopeThatAgreesWithThePictureIsLeftAlone() {
        let times = stride(from: -1.0, through: 9, by: 0.005).map { $0 }
        let attitudes = times.map(truth)
        let correction = PictureCorrection(times: times, attitudes: attitudes, frameTimes: frameTimes, offset: 0,
                                           tracks: tracks(jitter: 0.1), camera: camera, cameraFromIMU: cameraFromIMU)
        // What is left is the pairs' tracking noise chained over 239 pairs: a random walk, mostly about the optical axis.
        let worst = zip(times, attitudes).map { correction.corrected($1, atLogTime: $0).angle(to: $1) * 180 / .pi }.max()!
        XCTAssertLessThan(worst, 0.05)
    }

    func testPairsThePictureCannotReadAreTheGyroscopes() {
        let offset = 0.0
        let times = stride(from: 0.0, through: 8, by: 0.005).map { $0 }
        let attitudes = times.map { drifting($0) }
        // Half the pairs lose their corners (a blank sky), one is a cut (each corner paired with another's).
        var pairs = tracks(jitter: 0.1)
        for k in stride(from: 0, to: pairs.count, by: 2) { pairs[k] = FramePairTracks(index: k, from: [], to: []) }
        pairs[101].to = Array(pairs[101].to[7...] + pairs[101].to[..<7])
        let correction = PictureCorrection(times: times, attitudes: attitudes, frameTimes: frameTimes, offset: offset,
                                           tracks: pairs, camera: camera, cameraFromIMU: cameraFromIMU)
        XCTAssertEqual(correction.pictureUsedPairs, (frameTimes.count - 1) / 2 - 1)
        // The pairs read still hold half the drift: the other half stays the gyroscope's.
        XCTAssertEqual(correction.driftDegreesPerSecond, 0.25, accuracy: 0.02)
    }

    func testWithoutTracksNothingMoves() {
        let times = [0.0, 1, 2], attitudes = times.map(truth)
        let correction = PictureCorrection(times: times, attitudes: attitudes, frameTimes: frameTimes, offset: 0, tracks: [],
                                           camera: camera, cameraFromIMU: cameraFromIMU)
        XCTAssertEqual(correction.pictureUsedPairs, 0)
        XCTAssertEqual(correction.corrected(attitudes[1], atLogTime: 1).angle(to: attitudes[1]), 0, accuracy: 1e-12)
    }
}
