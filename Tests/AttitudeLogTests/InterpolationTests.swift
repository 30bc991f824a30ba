import AttitudeLog
import AttitudeMath
import TestSupport
import XCTest

final class InterpolationTests: XCTestCase {
    /// Yaw 0° at t = 0, 90° at t = 2, 90° at t = 3, then 180° at t = 5 (file times start at 10).
    private func makeLog() throws -> AttitudeLog {
        try AttitudeLog(samples: [AttitudeSample(t: 10, worldFromDevice: yaw(0)),
                                  AttitudeSample(t: 12, worldFromDevice: yaw(90)),
                                  AttitudeSample(t: 13, worldFromDevice: yaw(90)),
                                  AttitudeSample(t: 15, worldFromDevice: yaw(180))], frame: nil)
    }

    func testSampleTimesGiveTheSamples() throws {
        let log = try makeLog()
        for sample in log.samples {
            assertSameAttitude(log.attitude(at: sample.t), sample.worldFromDevice, accuracy: 1e-15, "t = \(sample.t)")
        }
    }

    func testBetweenSamplesTheAttitudeIsSlerped() throws {
        let log = try makeLog()
        assertSameAttitude(log.attitude(at: 1), yaw(45), accuracy: 1e-12)
        assertSameAttitude(log.attitude(at: 0.5), yaw(22.5), accuracy: 1e-12)
        assertSameAttitude(log.attitude(at: 2.5), yaw(90), accuracy: 1e-12)
        assertSameAttitude(log.attitude(at: 4.5), yaw(157.5), accuracy: 1e-12)
    }

    func testOutsideTheLogTheEndsHold() throws {
        let log = try makeLog()
        assertSameAttitude(log.attitude(at: -3), yaw(0), accuracy: 0)
        assertSameAttitude(log.attitude(at: 5.0001), yaw(180), accuracy: 0)
        assertSameAttitude(log.attitude(at: .infinity), yaw(180), accuracy: 0)
        assertSameAttitude(log.attitude(at: -.infinity), yaw(0), accuracy: 0)
        assertSameAttitude(log.attitude(at: .nan), yaw(0), accuracy: 0)
    }

    func testInterpolationTakesTheShorterArcAcrossASignFlip() throws {
        // 170° then 190° about Z, the second written as the negated quaternion: 20° apart, not 340°.
        let text = "t,qw,qx,qy,qz\n0,\(cos(Angle.radians(fromDegrees: 85.0))),0,0,\(sin(Angle.radians(fromDegrees: 85.0)))\n"
            + "1,\(-cos(Angle.radians(fromDegrees: 95.0))),0,0,\(-sin(Angle.radians(fromDegrees: 95.0)))\n"
        let log = try AttitudeLog.parse(text: text, path: "flip.csv")
        assertSameAttitude(log.attitude(at: 0.5), yaw(180), accuracy: 1e-12)
        XCTAssertEqual(log.attitude(at: 0.25).angle(to: yaw(170)), Angle.radians(fromDegrees: 5), accuracy: 1e-7)
    }

    func testALongLogIsSearchedCorrectly() throws {
        // Yaw grows 3° per sample at uneven times; any t between samples must land between their angles.
        var t = 0.0
        var samples: [AttitudeSample] = []
        for index in 0..<500 {
            samples.append(AttitudeSample(t: t, worldFromDevice: yaw(Double(index) * 3)))
            t += index % 3 == 0 ? 0.01 : 0.025
        }
        let log = try AttitudeLog(samples: samples, frame: nil)
                var generator = SplitMix64(seed: 30)
        for _ in 0..<200 {
            let query = Double.random(in: 0...log.duration, using: &generator)
            let after = try XCTUnwrap(log.samples.firstIndex { $0.t > query })
            let before = after - 1
            let fraction = (query - log.samples[before].t) / (log.samples[after].t - log.samples[before].t)
            // Quaternion.slerp turns into a normalised lerp for steps under ~3.6°, which is off by < 1e-6 here;
            // a wrong segment would be off by > 1e-2.
            assertSameAttitude(log.attitude(at: query), yaw((Double(before) + fraction) * 3), accuracy: 1e-6, "t = \(query)")
        }
    }
}
