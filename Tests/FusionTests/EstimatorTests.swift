import AttitudeMath
@testable import Fusion
import LogTestSupport
import XCTest

final class EstimatorTests: XCTestCase {
    let dt = 0.01

    /// Feeds a still sensor for `seconds` and returns the estimator.
    func still(_ truth: Quaternion, seconds: Double, mode: FusionMode = .nineD, bias: SIMD3<Double> = .zero,
               estimator: AttitudeEstimator? = nil) -> AttitudeEstimator {
        var est = estimator ?? AttitudeEstimator(mode: mode)
        let m = Synthetic.measure(truth, rate: .zero, bias: bias)
        for _ in 0..<Int(seconds / dt) {
            est.update(gyro: m.gyro, acc: m.acc, mag: m.mag, dt: dt)
        }
        return est
    }

    // MARK: - Known answers

    func testStaticTiltIsFoundInBothModes() {
        let truth = Quaternion(axis: [0, 0, 1], angle: 40 * Synthetic.degree) * Quaternion(axis: [1, 0.5, 0], angle: 30 * Synthetic.degree)
        let nine = still(truth, seconds: 10)
        let e9 = Synthetic.errors(nine.enuFromIMU, truth)
        XCTAssertLessThan(e9.tilt, 0.05)
        XCTAssertLessThan(e9.heading, 0.1)
        let six = still(truth, seconds: 10, mode: .sixD)
        XCTAssertLessThan(Synthetic.errors(six.enuFromIMU, truth).tilt, 0.05)
    }

    func testConstantRotationFollowsTheGyroscope() {
        // Level, turning at 90°/s about the vertical for 4 s: heading advances 360°, tilt stays zero.
        var est = AttitudeEstimator(mode: .sixD)
        var truth = Quaternion.identity
        let rate = SIMD3<Double>(0, 0, 90 * Synthetic.degree)
        est = still(truth, seconds: 2, mode: .sixD, estimator: est)
        let start = est.eFromIMU
        for _ in 0..<400 {
            truth = (truth * Quaternion(axis: rate, angle: 90 * Synthetic.degree * dt)).normalized()!
            let m = Synthetic.measure(truth, rate: rate)
            est.update(gyro: m.gyro, acc: m.acc, mag: nil, dt: dt)
        }
        // Relative to the start, the estimate turned exactly as the truth did.
        let turned = est.eFromIMU * start.conjugate
        XCTAssertLessThan(Synthetic.errors(turned, truth).total, 0.05)
        XCTAssertLessThan(Synthetic.errors(est.eFromIMU, truth).tilt, 0.05)
    }

    /// A gyroscope sample at t_i is the rate over the interval since the previous sample (docs/conventions.md,
    /// "Time"), as calibrate's GyroIntegral takes it: the attitude after sample i is the attitude at t_i, and the
    /// first sample turns nothing. Level and turning about the vertical at 1 rad/s + 0.5 rad/s² · t at BROAD's
    /// 3.5 ms period, each sample the mean over the step before it (the rate at the step's middle), the heading at
    /// t_i is t_i + 0.25·t_i² exactly. (Integrating the first sample over a nominal period put every attitude a
    /// step ahead; taking the rate as linear between samples would put it half a step behind.)
    func testTheAttitudeAfterASampleIsTheAttitudeAtItsInstant() {
        var est = AttitudeEstimator(mode: .sixD)
        let period = 0.0035
        let acc = SIMD3<Double>(0, 0, 9.81)
        var worst = 0.0
        for i in 0...600 {
            let t = Double(i) * period
            est.update(gyro: SIMD3(0, 0, 1 + 0.5 * (t - period / 2)), acc: acc, mag: nil, dt: period)
            let expected = Quaternion(axis: [0, 0, 1], angle: t + 0.25 * t * t)
            worst = max(worst, 2 * acos(min(1, abs(est.eFromIMU.dot(expected)))))
        }
        XCTAssertLessThan(worst, 1e-6)
    }

    func testGyroBiasConvergesAtRest() {
        let bias = SIMD3<Double>(0.5, -0.3, 0.8) * Synthetic.degree
        let truth = Quaternion(axis: [0, 1, 0], angle: 0.3)
        var est = still(truth, seconds: 1, bias: bias)
        XCTAssertFalse(est.isAtRest, "rest needs restMinTime (1.5 s) of stillness")
        est = still(truth, seconds: 14, bias: bias, estimator: est)
        XCTAssertTrue(est.isAtRest)
        XCTAssertLessThan(((est.gyroBiasRadiansPerSecond - bias) / Synthetic.degree).max(), 0.01)
        XCTAssertGreaterThan(((est.gyroBiasRadiansPerSecond - bias) / Synthetic.degree).min(), -0.01)
    }

    func testGyroBiasConvergesInMotion() {
        // A tumbling sensor that never rests: the inclination corrections reveal the bias.
        let bias = SIMD3<Double>(0.6, -0.4, 0.3) * Synthetic.degree
        var est = AttitudeEstimator(mode: .sixD)
        var truth = Quaternion.identity
        var errorAt100s = SIMD3<Double>.zero
        for i in 0..<30000 {
            let t = Double(i) * dt
            let rate = SIMD3(sin(0.7 * t), cos(0.3 * t), 0.5 * sin(0.11 * t)) * 0.8
            truth = (truth * Quaternion(axis: rate, angle: rate.length * dt)).normalized()!
            let m = Synthetic.measure(truth, rate: rate, bias: bias)
            est.update(gyro: m.gyro, acc: m.acc, mag: nil, dt: dt)
            XCTAssertFalse(est.isAtRest)
            if i == 10000 { errorAt100s = est.gyroBiasRadiansPerSecond - bias }
        }
        let finalError = est.gyroBiasRadiansPerSecond - bias
        XCTAssertLessThan(finalError.length / Synthetic.degree, 0.05)
        XCTAssertLessThanOrEqual((finalError * finalError).sum(), (errorAt100s * errorAt100s).sum() + 1e-12)
        XCTAssertLessThan(Synthetic.errors(est.enuFromIMU, truth).tilt, 0.2)
    }

    func testMagneticStepIsDetectedAndRejected() {
        let truth = Quaternion(axis: [0, 0, 1], angle: 1.0)
        var est = still(truth, seconds: 30)
        XCTAssertFalse(est.isMagneticallyDisturbed)
        // A magnet brought close: +30 µT along the sensor's x axis for 20 s.
        let m = Synthetic.measure(truth, rate: .zero)
        var maxHeadingError = 0.0, disturbedSamples = 0
        for _ in 0..<2000 {
            est.update(gyro: m.gyro, acc: m.acc, mag: m.mag + SIMD3(30, 0, 0), dt: dt)
            if est.isMagneticallyDisturbed { disturbedSamples += 1 }
            maxHeadingError = max(maxHeadingError, Synthetic.errors(est.enuFromIMU, truth).heading)
        }
        XCTAssertGreaterThan(disturbedSamples, 1950, "detected within 0.5 s and held")
        XCTAssertLessThan(maxHeadingError, 0.5)
        // Magnet removed: the field matches the reference again and correction resumes.
        est = still(truth, seconds: 2, estimator: est)
        XCTAssertFalse(est.isMagneticallyDisturbed)
        XCTAssertLessThan(Synthetic.errors(est.enuFromIMU, truth).heading, 0.5)

        // Without rejection the same step drags the heading far off.
        var naive = AttitudeEstimator(mode: .nineD, parameters: { var p = FusionParameters(); p.magDisturbanceRejection = false; return p }())
        naive = still(truth, seconds: 30, estimator: naive)
        for _ in 0..<2000 { naive.update(gyro: m.gyro, acc: m.acc, mag: m.mag + SIMD3(30, 0, 0), dt: dt) }
        XCTAssertGreaterThan(Synthetic.errors(naive.enuFromIMU, truth).heading, 10)
    }

    func testTapsWindowBarelyMovesTheInclination() {
        let truth = Quaternion(axis: [1, 0, 0], angle: 0.4)
        var est = still(truth, seconds: 10)
        XCTAssertTrue(est.isAtRest)
        let m = Synthetic.measure(truth, rate: .zero)
        var restDuringTaps = false, worst = 0.0
        // 5 s of taps: every 0.25 s a knock of ±38 m/s² with a rate spike of 60°/s. Both swing
        // back: a tap shakes the sensor, it neither moves nor turns it.
        for i in 0..<500 {
            let phase = i % 25
            let knock = SIMD3<Double>(30, -20, 10)
            let acc = phase == 0 ? m.acc + knock : phase == 1 ? m.acc - knock : m.acc
            let swing = SIMD3(0.9, -0.5, 0.3)
            let gyro = phase == 0 ? swing : phase == 1 ? -swing : m.gyro
            est.update(gyro: gyro, acc: acc, mag: m.mag, dt: dt)
            if i > 50 && est.isAtRest { restDuringTaps = true }
            worst = max(worst, Synthetic.errors(est.enuFromIMU, truth).tilt)
        }
        XCTAssertFalse(restDuringTaps, "taps are motion, not rest")
        XCTAssertLessThan(worst, 1.0)
        est = still(truth, seconds: 10, estimator: est)
        XCTAssertLessThan(Synthetic.errors(est.enuFromIMU, truth).tilt, 0.1)
    }

    // MARK: - Robustness and state

    func testNonFiniteSamplesAreSkippedAndCounted() {
        let truth = Quaternion(axis: [0, 1, 0], angle: 0.2)
        var est = still(truth, seconds: 3)
        let before = est.state
        est.update(gyro: SIMD3(.nan, 0, 0), acc: SIMD3(0, 0, 9.8), mag: nil, dt: dt)
        est.update(gyro: .zero, acc: SIMD3(0, .infinity, 9.8), mag: nil, dt: dt)
        est.update(gyro: .zero, acc: SIMD3(0, 0, 9.8), mag: nil, dt: .nan)
        est.update(gyro: .zero, acc: SIMD3(0, 0, 9.8), mag: nil, dt: 0)
        XCTAssertEqual(est.skippedSamples, 4)
        var unchanged = est.state
        unchanged.skippedSamples = before.skippedSamples
        XCTAssertEqual(unchanged, before)
        let m = Synthetic.measure(truth, rate: .zero)
        est.update(gyro: m.gyro, acc: m.acc, mag: SIMD3(.nan, 1, 1), dt: dt)
        XCTAssertEqual(est.state.skippedMagSamples, 1)
        let q = est.enuFromIMU
        XCTAssertTrue(q.w.isFinite && q.x.isFinite && q.y.isFinite && q.z.isFinite)
    }

    func testStateReplaysBitForBitAndResets() {
        var est = AttitudeEstimator(mode: .nineD)
        var truth = Quaternion.identity
        func step(_ e: inout AttitudeEstimator, _ i: Int) {
            let t = Double(i) * dt
            let rate = SIMD3(sin(t), 0.5, cos(0.5 * t))
            truth = (truth * Quaternion(axis: rate, angle: rate.length * dt)).normalized()!
            let m = Synthetic.measure(truth, rate: rate)
            e.update(gyro: m.gyro, acc: m.acc, mag: m.mag, dt: dt * (1 + 0.01 * sin(Double(i))))
        }
        for i in 0..<500 { step(&est, i) }
        let snapshot = est.state
        let savedTruth = truth
        var first: [Quaternion] = []
        for i in 500..<1000 { step(&est, i); first.append(est.enuFromIMU) }
        est.state = snapshot
        truth = savedTruth
        var second: [Quaternion] = []
        for i in 500..<1000 { step(&est, i); second.append(est.enuFromIMU) }
        XCTAssertEqual(first, second)
        est.reset()
        XCTAssertEqual(est.state, FusionState())
    }

    func testJitteredSampleRateStillConverges() {
        let truth = Quaternion(axis: [1, 1, 0], angle: 0.5)
        var est = AttitudeEstimator(mode: .nineD)
        let m = Synthetic.measure(truth, rate: .zero)
        for i in 0..<2000 {
            est.update(gyro: m.gyro, acc: m.acc, mag: m.mag, dt: 0.005 + 0.004 * Double(i % 7) / 6)
        }
        XCTAssertLessThan(Synthetic.errors(est.enuFromIMU, truth).total, 0.1)
    }

    // MARK: - Frames

    func testFramesAreFixedRotationsOfENU() throws {
        let truth = Quaternion(axis: [0, 0, 1], angle: 0.7) * Quaternion(axis: [0, 1, 0], angle: 0.2)
        let est = still(truth, seconds: 10)
        let enu = est.enuFromIMU
        XCTAssertLessThan(est.attitude(in: .reference(.xMagneticNorthZVertical)).angle(to: Frames.worldFromENU * enu), 1e-12)
        XCTAssertLessThan(est.attitude(in: .ned).angle(to: Frames.worldFromNED.conjugate * Frames.worldFromENU * enu), 1e-12)
        // Device north-facing and level reads identity in the north frame.
        let north = still(Frames.worldFromENU.conjugate, seconds: 10).attitude(in: .reference(.xMagneticNorthZVertical))
        XCTAssertLessThan(north.angle(to: .identity), 0.002)
        XCTAssertThrowsError(try AttitudeEstimator.check(frame: .reference(.xMagneticNorthZVertical), mode: .sixD))
        XCTAssertThrowsError(try AttitudeEstimator.check(frame: .reference(.xTrueNorthZVertical), mode: .nineD))
        XCTAssertNoThrow(try AttitudeEstimator.check(frame: .enu, mode: .sixD))
        XCTAssertEqual(OutputFrame(name: "ENU"), .enu)
        XCTAssertEqual(OutputFrame(name: "CMAttitudeReferenceFrameXArbitraryZVertical"), .reference(.xArbitraryZVertical))
    }

    func testArbitraryCorrectedFrameStartsAtTheInitialHeading() {
        let truth = Quaternion(axis: [0, 0, 1], angle: 1.2)
        let est = still(truth, seconds: 5)
        let corrected = est.attitude(in: .reference(.xArbitraryCorrectedZVertical))
        XCTAssertLessThan(corrected.angle(to: est.eFromIMU), 0.01)
    }
}
