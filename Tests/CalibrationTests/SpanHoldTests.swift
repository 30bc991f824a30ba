import AttitudeMath
@testable import Calibration
import XCTest

/// Spans of the picture's own turn hold a drifting attitude to the world: a camera turning, its attitude's steps
/// carrying a bias that wanders, the picture's turns exact.
final class SpanHoldTests: XCTestCase {
    /// The mount: v_C = M·v_S, a quarter turn about C's x.
    let cameraFromIMU = Quaternion(axis: SIMD3(1, 0, 0), angle: .pi / 2)
    /// The video's frames at 30 fps over 12 s; the log's clock is 2 s ahead of the video's, sampled at 200 Hz.
    let frameTimes = (0..<360).map { Double($0) / 30 }
    let offset = 2.0
    let times = (0..<2800).map { Double($0) / 200 }

    /// The true worldFromS at log time `t`: a pan and a tilt that wander.
    func truth(_ t: Double) -> Quaternion {
        Quaternion(axis: SIMD3(0, 0, 1), angle: 0.4 * sin(0.7 * t)) * Quaternion(axis: SIMD3(1, 0, 0), angle: 0.1 * sin(1.3 * t + 0.5))
    }

    /// rad/s about S's axes: a bias of about 1 °/s that wanders by a fifth of that over a minute (slower than the
    /// smoothing's 2 s, as a gyroscope's bias wanders with its temperature).
    func bias(_ t: Double) -> SIMD3<Double> {
        Angle.radians(fromDegrees: SIMD3(1.0 + 0.2 * sin(0.1 * t), -0.4, 0.6 * cos(0.1 * t)))
    }

    /// The attitude integrated from the true steps with the bias added to each: it drifts from the truth.
    func drifting() -> [Quaternion] {
        var q = truth(times[0]), out = [q]
        for k in 1..<times.count {
            let dt = times[k] - times[k - 1]
            q = q * (truth(times[k - 1]).conjugate * truth(times[k])) * Quaternion(rotationVector: bias(times[k - 1] + dt / 2) * dt)
            out.append(q)
        }
        return out
    }

    /// The picture's exact turn over spans of 2 s every 0.5 s: rays from the first frame to the last, in C.
    func spans(seconds: Double = 2, every: Double = 0.5) -> [PictureSpan] {
        var out: [PictureSpan] = [], start = 0.0
        while let first = frameTimes.firstIndex(where: { $0 >= start }),
              let last = frameTimes.firstIndex(where: { $0 >= frameTimes[first] + seconds }) {
            let a = truth(frameTimes[first] + offset), b = truth(frameTimes[last] + offset)
            // C at the first frame from C at the last is M·a⁻¹·b·M⁻¹; fixed points' rays turn by its inverse.
            let turn = (cameraFromIMU * a.conjugate * b * cameraFromIMU.conjugate).conjugate
            out.append(PictureSpan(firstFrame: first, lastFrame: last, turn: turn, points: 100))
            start = frameTimes[first] + every
        }
        return out
    }

    func angleDegrees(_ a: Quaternion, _ b: Quaternion) -> Double {
        let r = (a.conjugate * b).rotationVector
        return Angle.degrees(fromRadians: r.length)
    }

    func testAWanderingBiasIsTakenOut() throws {
        let given = drifting()
        let hold = try XCTUnwrap(SpanHold(times: times, attitudes: given, spans: spans(), frameTimes: frameTimes, timeOffsetSeconds: offset,
                                          cameraFromIMU: cameraFromIMU))
        XCTAssertEqual(hold.spansLeftOut, 0)
        // Each span's rate is the bias over it: within 0.005 °/s of the bias at its middle.
        for span in hold.spans {
            let miss = Angle.degrees(fromRadians: span.driftRate - bias(span.logTime))
            XCTAssertLessThan(miss.length, 0.005, "span at \(span.logTime) s")
        }
        let held = hold.held(times: times, attitudes: given)
        // Where the frames are (log times 2 to 14 s), the given attitude drifts several degrees from the truth; held,
        // it stays within 0.05° of the truth turned as it was at the first frame (a turn of the world: the picture cannot
        // say where its first frame looked, only how it turned since). What is left: the rate held at the first and last
        // span's middle over the clip's first and last second, and the spans' line over a bias that curves.
        let first = times.firstIndex { $0 >= frameTimes[0] + offset }!
        let given0 = given[first] * truth(times[first]).conjugate, held0 = held[first] * truth(times[first]).conjugate
        let end = times.count - 1
        XCTAssertGreaterThan(angleDegrees(given[end], given0 * truth(times[end])), 5)
        for k in stride(from: first, to: times.count, by: 50) {
            XCTAssertLessThan(angleDegrees(held[k], held0 * truth(times[k])), 0.05, "at log time \(times[k]) s")
        }
    }

    func testAnAttitudeThatAgreesWithThePictureIsLeftAlone() throws {
        let given = times.map(truth)
        let hold = try XCTUnwrap(SpanHold(times: times, attitudes: given, spans: spans(), frameTimes: frameTimes, timeOffsetSeconds: offset,
                                          cameraFromIMU: cameraFromIMU))
        let held = hold.held(times: times, attitudes: given)
        XCTAssertLessThan(zip(given, held).map { angleDegrees($0, $1) }.max()!, 1e-6)
    }

    func testASpanFarOffIsLeftOut() throws {
        var given = spans()
        // A span whose picture turned 5° more than the world (a scene that moved across the picture).
        given[7].turn = Quaternion(axis: SIMD3(0, 1, 0), angle: Angle.radians(fromDegrees: 5)) * given[7].turn
        let hold = try XCTUnwrap(SpanHold(times: times, attitudes: drifting(), spans: given, frameTimes: frameTimes, timeOffsetSeconds: offset,
                                          cameraFromIMU: cameraFromIMU))
        XCTAssertEqual(hold.spansLeftOut, 1)
        XCTAssertEqual(hold.spans.count, given.count - 1)
    }

    func testTooFewSpansHoldNothing() {
        let few = Array(spans().prefix(3))
        XCTAssertNil(SpanHold(times: times, attitudes: drifting(), spans: few, frameTimes: frameTimes, timeOffsetSeconds: offset,
                              cameraFromIMU: cameraFromIMU))
        // Spans outside the log's times are not compared: a video clock 20 s off leaves none within the log.
        XCTAssertNil(SpanHold(times: times, attitudes: drifting(), spans: spans(), frameTimes: frameTimes, timeOffsetSeconds: 20,
                              cameraFromIMU: cameraFromIMU))
    }
}
