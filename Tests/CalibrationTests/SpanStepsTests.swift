import AttitudeMath
@testable import Calibration
import XCTest

/// `SpanSteps`, the span value `SpanBias` and `SpanHold` share: a span's frames put on the log's clock, and what is left
/// of its turn once a rate is taken out of the attitude's steps (`miss`), on turns worked out by hand.
final class SpanStepsTests: XCTestCase {
    private let frameTimes = [0.0, 0.1, 0.2, 0.3]

    func testASpansFramesAreOnTheLogsClockOrNone() throws {
        let span = PictureSpan(firstFrame: 1, lastFrame: 3, turn: .identity, points: 40)
        let times = try XCTUnwrap(SpanSteps.logTimes(of: span, frameTimes: frameTimes, timeOffsetSeconds: 2.5))
        XCTAssertEqual(times.start, 2.6, accuracy: 1e-12)
        XCTAssertEqual(times.end, 2.8, accuracy: 1e-12)
        XCTAssertNil(SpanSteps.logTimes(of: PictureSpan(firstFrame: 1, lastFrame: 4, turn: .identity, points: 40), frameTimes: frameTimes, timeOffsetSeconds: 0),
                     "a frame past the clip")
        XCTAssertNil(SpanSteps.logTimes(of: PictureSpan(firstFrame: 2, lastFrame: 2, turn: .identity, points: 40), frameTimes: frameTimes, timeOffsetSeconds: 0),
                     "a span that does not run forward")
    }

    /// A still camera (the picture does not turn) whose gyroscope reads a bias of 0.1 rad/s about z for 1 s, in 10 steps:
    /// the span misses by 0.1 rad about z with nothing taken out and by nothing with the bias taken out, whatever the mount.
    func testTheRateTakenOutOfEveryStepLeavesWhatThePictureDidNotSee() {
        let rate = SIMD3(0.0, 0.0, 0.1)
        let times = (0...10).map { Double($0) / 10 }
        let orientations = times.map { Quaternion(rotationVector: rate * $0) }
        let still = SpanSteps(PictureSpan(firstFrame: 0, lastFrame: 10, turn: .identity, points: 40), start: 0, end: 1,
                              times: times, orientations: orientations)
        XCTAssertEqual(still.middle, 0.5)
        for mount in [Quaternion.identity, Quaternion(axis: [1, 0, 0], angle: .pi / 2)] {
            let untouched = still.miss(rate: .zero, cameraFromIMU: mount)
            XCTAssertEqual(untouched.length, 0.1, accuracy: 1e-12)
            XCTAssertEqual(mount.rotate(rate / 0.1).x * untouched.x + mount.rotate(rate / 0.1).y * untouched.y + mount.rotate(rate / 0.1).z * untouched.z,
                           0.1, accuracy: 1e-12, "about the gyroscope's z as the camera sees it")
            let taken = still.miss(rate: rate, cameraFromIMU: mount)
            XCTAssertLessThan(taken.length, 1e-12)
        }
        // The camera turned as the gyroscope says (the rays turn back by it): nothing is missed, and a scale on the
        // picture's x and y leaves a turn about z alone.
        let turning = SpanSteps(PictureSpan(firstFrame: 0, lastFrame: 10, turn: Quaternion(rotationVector: -rate), points: 40), start: 0, end: 1,
                                times: times, orientations: orientations)
        let agreed = turning.miss(rate: .zero, scale: 1.3, cameraFromIMU: .identity)
        XCTAssertLessThan(agreed.length, 1e-12)
    }
}
