import AttitudeLog
import AttitudeMath
import Foundation
import Fusion
import LogLoading
import LogTestSupport
import RawLog
import XCTest

/// The loader both tools share: a raw log is fused with the estimator's status kept per sample, which
/// the HUD's fusion line reads; an attitude log has none.
final class FusionTrackTests: RawLogTestCase {
    /// The status the HUD's fusion line reads follows what the log was made to hold: 30 s at rest with a
    /// gyroscope biased by (0.5, -1, 0.75)°/s (1.35°/s), and a magnet adding 30 µT east from 20 s.
    func testARawLogKeepsTheEstimatorsStatusPerSample() throws {
        let q = Quaternion(axis: [0.3, -0.5, 1], angle: 0.7)
        let bias = SIMD3(0.5, -1, 0.75) * Synthetic.degree
        var text = "t,gx,gy,gz,ax,ay,az,mx,my,mz\n"
        for i in 0..<3000 {
            let t = Double(i) / 100
            let a = q.conjugate.rotate(Synthetic.gravityENU)
            let m = q.conjugate.rotate(Synthetic.fieldENU + (t >= 20 ? SIMD3(30, 0, 0) : .zero))
            text += "\(t),\(bias.x),\(bias.y),\(bias.z),\(a.x),\(a.y),\(a.z),\(m.x),\(m.y),\(m.z)\n"
        }
        let input = try write("raw.csv", text)
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: input)
        let track = try XCTUnwrap(fusion)
        XCTAssertEqual(track.mode, .nineD)
        XCTAssertEqual(track.statuses.count, log.samples.count)
        XCTAssertEqual(log.samples.count, 3000)
        let pattern = #"^9D (at rest|moving), field (ok|disturbed), bias ([0-9]+\.[0-9]{2})\x{B0}/s$"#
        func parts(_ sample: Int) throws -> (state: String, field: String, bias: Double) {
            let summary = track.summary(atSample: sample)
            let regex = try NSRegularExpression(pattern: pattern)
            let match = try XCTUnwrap(regex.firstMatch(in: summary, range: NSRange(summary.startIndex..., in: summary)), summary)
            let group = { (k: Int) in String(summary[Range(match.range(at: k), in: summary)!]) }
            return (group(1), group(2), try XCTUnwrap(Double(group(3))))
        }
        let injected = bias.length / Synthetic.degree
        let before = try parts(1900), after = try parts(2100)
        XCTAssertEqual(before.state, "at rest")
        XCTAssertEqual(before.field, "ok")
        XCTAssertEqual(before.bias, injected, accuracy: 0.05, "the bias at 19 s")
        XCTAssertEqual(after.state, "at rest")
        XCTAssertEqual(after.field, "disturbed", "the magnet from 20 s")
        XCTAssertEqual(try parts(50).state, "moving", "rest takes 1.5 s to be declared")
        XCTAssertEqual(track.summary(atSample: 10_000), "9D", "an index past the end names the mode only")
    }

    func testAnAttitudeLogHasNoTrack() throws {
        let input = try write("attitude.csv", "t,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n")
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: input)
        XCTAssertEqual(log.samples.count, 2)
        XCTAssertNil(fusion)
    }

    /// A gyroscope-only log (`t,gx,gy,gz`) is drawn from its gyroscope alone: each sample the rate
    /// over the interval since the previous one, integrated from the first sample, with no frame (no vertical to
    /// level by) and no estimator. Turning about x at 0.4 rad/s + 0.3 rad/s² · t for 2 s at 200 Hz, each sample the
    /// rate at the middle of the step before it, the attitude at t is exactly 0.4·t + 0.15·t² about x; before, such
    /// a log was refused as fusion's.
    func testAGyroscopeOnlyLogIsItsGyroscopeIntegrated() throws {
        var text = "t,gx,gy,gz\n"
        for i in 0...400 {
            let t = Double(i) * 0.005
            text += "\(t + 100),\(0.4 + 0.3 * (t - 0.0025)),0,0\n"
        }
        let input = try write("gyro.csv", text)
        let (log, fusion) = try loadAnyAttitudeLogWithFusion(path: input)
        // The HUD names what it is, not "none: an attitude log".
        let track = try XCTUnwrap(fusion, "a gyroscope-only log's track says it was integrated")
        XCTAssertNil(track.mode)
        XCTAssertEqual(track.summary(atSample: 200), "gyroscope only: integrated, no vertical")
        XCTAssertNil(log.frame)
        XCTAssertEqual(log.samples.count, 401)
        for sample in log.samples {
            let t = sample.t  // log time: from the first row
            XCTAssertLessThan(sample.worldFromDevice.angle(to: Quaternion(axis: [1, 0, 0], angle: 0.4 * t + 0.15 * t * t)), 1e-6, "t = \(t)")
        }
    }

    /// A calibration's gyroscope bias is taken from a raw log's gyroscope before it is integrated: a log
    /// turning about x at 0.4 rad/s whose gyroscope also reads a bias of (1.5, -0.8, 0.6)°/s is drawn, given that bias,
    /// as the turn alone; without it, the bias turns the attitude by 1.8°/s on top, 3.5° after 2 s. An attitude log
    /// has no rates to take a bias from, and is read as it is.
    func testACalibrationsGyroscopeBiasIsSubtractedFromARawLog() throws {
        let bias = SIMD3(1.5, -0.8, 0.6) * Synthetic.degree
        var text = "t,gx,gy,gz\n"
        for i in 0...400 {
            let t = Double(i) * 0.005
            text += "\(t + 100),\(0.4 + bias.x),\(bias.y),\(bias.z)\n"
        }
        let input = try write("biased.csv", text)
        let corrected = try loadAnyAttitudeLogWithFusion(path: input, gyroBiasRadiansPerSecond: bias).log
        let raw = try loadAnyAttitudeLogWithFusion(path: input).log
        for (fixed, plain) in zip(corrected.samples, raw.samples) {
            let truth = Quaternion(axis: [1, 0, 0], angle: 0.4 * fixed.t)
            XCTAssertLessThan(fixed.worldFromDevice.angle(to: truth), 1e-6, "t = \(fixed.t)")
            if fixed.t > 1.9 { XCTAssertGreaterThan(plain.worldFromDevice.angle(to: truth), 3 * Synthetic.degree, "t = \(plain.t)") }
        }
        let attitudes = try write("attitudes.csv", "t,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n")
        let read = try loadAnyAttitudeLogWithFusion(path: attitudes, gyroBiasRadiansPerSecond: bias).log
        XCTAssertEqual(read.samples.map(\.worldFromDevice), [.identity, .identity])
    }
}
