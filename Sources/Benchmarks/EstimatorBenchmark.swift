import AttitudeMath
import Foundation
import Fusion
import MonotonicTime
import RawLog

/// `attitude bench`: the estimator's throughput on one thread, a log replayed `runs` times, the median reported.
public struct EstimatorBenchmark {
    public var mode: FusionMode
    public var parameters: FusionParameters
    public var runs: Int

    public init(mode: FusionMode, parameters: FusionParameters, runs: Int) {
        self.mode = mode
        self.parameters = parameters
        self.runs = runs
    }

    /// Samples per second over the runs, and whether every output was finite.
    public struct Rates {
        public let samples: Int
        /// Samples per second, one a run, sorted.
        public let sorted: [Double]
        public let finite: Bool

        /// The median rate, the mean of the two middles for an even count, as a reported figure (NaN for no runs, which
        /// `measure` never gives).
        public var median: Double { Median.meanOfMiddles(sorted) ?? .nan }
    }

    /// Replays `log` through a new estimator each run (9D uses the magnetometer). Needs at least one run; a gyroscope-only
    /// log is refused, as fusion refuses it.
    public func measure(_ log: RawIMULog) throws -> Rates {
        let acc = try log.accelerometerForLevelling()
        var rates: [Double] = []
        var checksum = 0.0
        for _ in 0..<max(1, runs) {
            var estimator = AttitudeEstimator(mode: mode, parameters: parameters)
            let mag = mode == .nineD ? log.mag : nil
            let start = MonotonicClock.now()
            for i in 0..<log.count {
                estimator.update(gyro: log.gyro[i], acc: acc[i], mag: mag?[i], dt: log.period(before: i))
                checksum += estimator.enuFromIMU.w
            }
            rates.append(Double(log.count) / (MonotonicClock.now() - start))
        }
        return Rates(samples: log.count, sorted: rates.sorted(), finite: checksum.isFinite)
    }

    /// A 9D recording of a slowly tumbling IMU at 285.7 Hz with uniform noise, the same for a seed on every machine.
    public static func synthetic(count: Int, seed: UInt64 = 12345) -> RawIMULog {
        let dt = 0.0035
        var time = [Double](), gyro = [SIMD3<Double>](), acc = [SIMD3<Double>](), mag = [SIMD3<Double>]()
        time.reserveCapacity(count); gyro.reserveCapacity(count); acc.reserveCapacity(count); mag.reserveCapacity(count)
        var q = Quaternion.identity
        var random = SplitMix64(seed: seed)
        func noise() -> SIMD3<Double> { SIMD3(random.uniform(), random.uniform(), random.uniform()) - 0.5 }
        let gravityENU = SIMD3<Double>(0, 0, Frames.standardGravity), fieldENU = SIMD3<Double>(0, 20, -40)
        for i in 0..<count {
            let t = Double(i) * dt
            let w = SIMD3(sin(0.7 * t), cos(0.3 * t), 0.5 * sin(0.11 * t))
            q = (q * Quaternion(axis: w, angle: w.length * dt)).normalized() ?? .identity
            let imuFromENU = q.conjugate
            time.append(t)
            gyro.append(w + noise() * 0.01)
            acc.append(imuFromENU.rotate(gravityENU) + noise() * 0.1)
            mag.append(imuFromENU.rotate(fieldENU) + noise() * 0.5)
        }
        return RawIMULog(path: "<synthetic>", format: .rawCSV, time: time, gyro: gyro, acc: acc, mag: mag)
    }
}
