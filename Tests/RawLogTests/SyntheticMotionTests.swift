import AttitudeMath
import LogTestSupport
import RawLog
import XCTest

/// A trial's reference replayed as a raw log (`SyntheticMotion`): its attitude follows the reference, its gyroscope is
/// that attitude's own rate, its accelerometer reads gravity in S, and its raw CSV reads back as the log it is.
final class SyntheticMotionTests: RawLogTestCase {
    func testTheMotionFollowsItsReferenceAndItsLogReadsBack() throws {
        let reference = Synthetic.tumblingLog(seconds: 10, rate: 100)
        let truth = try XCTUnwrap(reference.reference)
        let motion = try SyntheticMotion(reference: reference, start: 3, duration: 2)
        XCTAssertEqual(motion.logStart, 3, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(motion.logTime.last), 2, accuracy: 0.02)
        // The attitude is the smoothed gyroscope integrated from the reference: it stays within a fraction of a degree.
        for t in [0.0, 0.5, 1.0, 1.5, 2.0] {
            let k = try XCTUnwrap(reference.time.firstIndex { $0 >= motion.logStart + t })
            let angle = motion.worldFromIMU(atLogTime: t).angle(to: try XCTUnwrap(truth[k]))
            XCTAssertLessThan(Angle.degrees(fromRadians: angle), 0.5, "t = \(t)")
        }
        // The gyroscope is the attitude's own rate: a short step of the attitude turns by the rate times the step.
        let k = motion.logTime.count / 2, dt = 1e-3
        let step = (motion.worldFromIMU(atLogTime: motion.logTime[k]).conjugate * motion.worldFromIMU(atLogTime: motion.logTime[k] + dt))
        XCTAssertLessThan((step.rotationVector / dt - motion.gyro[k]).length, 0.05 * max(1, motion.gyro[k].length))
        // The accelerometer reads gravity in S: its length is g.
        for a in motion.acc { XCTAssertEqual(a.length, Frames.standardGravity, accuracy: 1e-9) }
        // The raw CSV reads back as a raw log of the same rows, a bias added to every gyroscope sample.
        let bias = SIMD3(0.01, -0.02, 0.005)
        let log = try RawLogReader.read(path: try write("motion.csv", motion.rawCSV(gyroBiasRadiansPerSecond: bias)))
        XCTAssertEqual(log.count, motion.logTime.count)
        XCTAssertEqual(log.time[1], motion.logTime[1], accuracy: 1e-6)
        XCTAssertLessThan((log.gyro[k] - motion.gyro[k] - bias).length, 1e-8)
        // Noise is drawn from the seed: the same seed, the same log; another seed, another.
        XCTAssertEqual(motion.rawCSV(gyroNoiseRadiansPerSecond: 0.01, seed: 7), motion.rawCSV(gyroNoiseRadiansPerSecond: 0.01, seed: 7))
        XCTAssertNotEqual(motion.rawCSV(gyroNoiseRadiansPerSecond: 0.01, seed: 7), motion.rawCSV(gyroNoiseRadiansPerSecond: 0.01, seed: 8))
    }
}
