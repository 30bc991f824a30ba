import AttitudeMath
import Calibration
import Camera
@testable import Footage
import Imaging
import Pixels
import XCTest

/// The picture's own turn over spans (`ClipTracks.pictureSpans`), on corners made by projecting known points through a
/// camera that turns, and moves, as the test says.
final class PictureSpansTests: XCTestCase {
    let camera = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 640, height: 480)))
    let rate = 0.1  // rad/s about C's y

    /// The camera's turn about its y axis at `t`: `rate`·t, and a wobble of `wobble` radians.
    func angle(_ t: Double, wobble: Double = 0) -> Double { rate * t + wobble * (1 - cos(t)) }

    /// A 30 fps clip of `seconds` (frames in `gap` left out) whose camera turns at `rate` about its y axis and moves at
    /// `velocity` m/s, seeing 300 points 10 to 30 m away (`far`: at infinity, directions alone).
    func clip(seconds: Double = 6, gap: ClosedRange<Double>? = nil, velocity: SIMD3<Double> = .zero, far: Bool = false,
              wobble: Double = 0) -> ClipTracks {
        var random = SplitMix64(seed: 5)
        let points = (0..<300).map { _ -> SIMD3<Double> in
            let depth = far ? 1 : 10 + 20 * random.uniform()
            return SIMD3((random.uniform() - 0.5) * 1.6 * depth, (random.uniform() - 0.5) * 1.2 * depth, depth)
        }
        var clip = ClipTracks()
        clip.size = PictureSize(fixedWidth: 640, height: 480)
        for k in 0..<Int(seconds * 30) {
            let t = Double(k) / 30
            if let gap, gap.contains(t) { continue }
            let worldFromCamera = Quaternion(axis: SIMD3(0, 1, 0), angle: angle(t, wobble: wobble))
            let corners = points.enumerated().compactMap { index, point -> LivingCorner? in
                let seen = worldFromCamera.conjugate.rotate(far ? point : point - velocity * t)
                guard seen.z > 0, let pixel = camera.project(seen),
                      pixel.x >= 0, pixel.y >= 0, pixel.x <= 639, pixel.y <= 479 else { return nil }
                return LivingCorner(id: index, point: pixel)
            }
            clip.frameTimes.append(t)
            clip.corners.append(corners)
        }
        return clip
    }

    /// The rays' turn from a span's first frame to its last: the camera's turn, reversed.
    func expected(_ span: PictureSpan, in clip: ClipTracks) -> Quaternion {
        Quaternion(axis: SIMD3(0, 1, 0), angle: -rate * (clip.frameTimes[span.lastFrame] - clip.frameTimes[span.firstFrame]))
    }

    /// A camera that only turns: one span every 0.5 s while 2 s of clip remain, each the turn alone, to a thousandth of a degree.
    func testACameraThatOnlyTurnsGivesItsTurn() throws {
        let c = clip(far: true)
        let spans = try c.pictureSpans(camera: camera, seconds: 2, every: 0.5)
        // Frames 0 to 179 (5.97 s): the last span starts at 3.5 s.
        XCTAssertEqual(spans.map(\.firstFrame), stride(from: 0, through: 105, by: 15).map { $0 })
        for span in spans {
            XCTAssertEqual(span.lastFrame - span.firstFrame, 60)
            XCTAssertLessThan(Angle.degrees(fromRadians: span.turn.angle(to: expected(span, in: c))), 1e-3)
        }
    }

    /// A camera that also moves, 1 m/s sideways and 0.5 m/s forward past points 10 to 30 m away: a turn alone misses by
    /// pixels, and the essential matrix gives the turn.
    func testACameraThatMovesGivesItsTurnFromTheEssentialMatrix() throws {
        let c = clip(velocity: SIMD3(1, 0, 0.5))
        let spans = try c.pictureSpans(camera: camera, seconds: 2, every: 1)
        XCTAssertGreaterThanOrEqual(spans.count, 4)
        for span in spans {
            XCTAssertLessThan(Angle.degrees(fromRadians: span.turn.angle(to: expected(span, in: c))), 0.05, "span from frame \(span.firstFrame)")
        }
    }

    /// After a gap of a second in the clip the spans go on from the next frame, every 0.5 s from there, while 2 s remain.
    func testSpansGoOnAfterAGap() throws {
        let c = clip(seconds: 8, gap: 3.0...4.0, far: true)
        let spans = try c.pictureSpans(camera: camera, seconds: 2, every: 0.5)
        let starts = spans.map { c.frameTimes[$0.firstFrame] }
        // 4.033 s, the first frame after the gap, and every 0.5 s from it while 2 s remain.
        let after = starts.filter { $0 > 4 }
        XCTAssertEqual(after.count, 4, "\(starts)")
        for (start, expected) in zip(after, [121.0, 136, 151, 166].map { $0 / 30 }) { XCTAssertEqual(start, expected, accuracy: 1e-9) }
    }

    /// With a central share, a corner counts only where it lies within it at both ends of the span.
    func testTheCentralShareHoldsAtBothEnds() throws {
        let c = clip(far: true)
        let share = 0.4
        let spans = try c.pictureSpans(camera: camera, seconds: 2, every: 2, centralShare: share)
        let centre = SIMD2(319.5, 239.5), limit = share * centre.length
        func inside(_ p: SIMD2<Double>) -> Bool { (p - centre).length <= limit }
        for span in spans {
            let first = Dictionary(c.corners[span.firstFrame].map { ($0.id, $0.point) }, uniquingKeysWith: { a, _ in a })
            let both = c.corners[span.lastFrame].filter { corner in first[corner.id].map { inside($0) && inside(corner.point) } ?? false }
            XCTAssertEqual(span.points, both.count)
        }
    }

    /// From the corners to the bias: a camera moving past points 10 to 30 m away, turning at a varying rate, and a
    /// gyroscope in the camera's own axes (the identity mount: C's y is the device's -y) reading that turn plus a bias.
    /// The spans' essential matrices, fitted with `SpanBias`, give the bias back.
    func testTheSpansGiveTheGyroscopesBias() throws {
        let wobble = 0.05
        let c = clip(seconds: 8, velocity: SIMD3(1, 0, 0.5), wobble: wobble)
        let bias = Angle.radians(fromDegrees: SIMD3(0.5, -0.3, 0.8))
        let time = (0...1600).map { Double($0) / 200 }
        // The camera's rate about C's y, d(angle)/dt, is -rate about D's (and S's) y.
        let gyro = GyroIntegral(time: time, rate: time.map { SIMD3(0, -(rate + wobble * sin($0)), 0) + bias })
        let spans = try c.pictureSpans(camera: camera, seconds: 2, every: 0.5)
        let fit = try XCTUnwrap(SpanBias.fit(spans, frameTimes: c.frameTimes, gyro: gyro, timeOffsetSeconds: 0,
                                             cameraFromIMU: CameraFrame.cameraFromDevice, overlap: 4))
        let off = Angle.degrees(fromRadians: fit.gyroBiasRadiansPerSecond - bias)
        XCTAssertLessThan(off.length, 0.02, "\(Angle.degrees(fromRadians: fit.gyroBiasRadiansPerSecond)) °/s")
        XCTAssertEqual(fit.turnScale.value, 1, accuracy: 0.01)
    }
}
