import ArgumentParser
import CommandLineSupport
import Scene
import AttitudeMath
import Foundation
import Fusion
import RawLog
import SteadyDiceAssets

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the estimator's throughput in samples per second on one thread; build with -c release.")

    @Argument(help: "A raw log to replay; without one, a synthetic 9D recording is used.", transform: { Examples.path(for: $0) })
    var input: String?

    @Option(parsing: .unconditional, help: "6d or 9d.")
    var mode: FusionMode = .nineD

    @Option(parsing: .unconditional, help: "Number of timed runs; the median is reported.")
    var runs = 7

    @Option(parsing: .unconditional, help: "Samples in the synthetic recording.")
    var samples = 1_000_000

    @OptionGroup var estimator: EstimatorOptions

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let log = try input.map { try RawLogReader.read(path: $0) } ?? Self.synthetic(count: samples)
        let parameters = try estimator.parameters()
        var rates: [Double] = []
        var checksum = 0.0
        for _ in 0..<runs {
            var est = AttitudeEstimator(mode: mode, parameters: parameters)
            let mag = mode == .nineD ? log.mag : nil
            let start = DispatchTime.now().uptimeNanoseconds
            for i in 0..<log.count {
                est.update(gyro: log.gyro[i], acc: log.acc[i], mag: mag?[i], dt: log.period(before: i))
                checksum += est.enuFromSensor.w
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
            rates.append(Double(log.count) / seconds)
        }
        rates.sort()
        let median = rates[rates.count / 2]
        print(String(format: "%@: %d samples x %d runs, median %.3f M samples/s (min %.3f, max %.3f)",
                     mode.rawValue, log.count, runs, median / 1e6, rates.first! / 1e6, rates.last! / 1e6))
        if checksum.isNaN { print("(non-finite output)") }
    }

    /// A 9D recording of a slowly tumbling sensor at 285.7 Hz with noise.
    static func synthetic(count: Int) -> RawIMULog {
        let dt = 0.0035
        var time = [Double](), gyro = [SIMD3<Double>](), acc = [SIMD3<Double>](), mag = [SIMD3<Double>]()
        time.reserveCapacity(count); gyro.reserveCapacity(count); acc.reserveCapacity(count); mag.reserveCapacity(count)
        var q = Quaternion.identity
        var seed: UInt64 = 12345
        func noise() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) - 0.5
        }
        let gravityENU = SIMD3<Double>(0, 0, 9.81), fieldENU = SIMD3<Double>(0, 20, -40)
        for i in 0..<count {
            let t = Double(i) * dt
            let w = SIMD3(sin(0.7 * t), cos(0.3 * t), 0.5 * sin(0.11 * t))
            q = (q * Quaternion(axis: w, angle: (w * w).sum().squareRoot() * dt)).normalized() ?? .identity
            let sensorFromENU = q.conjugate
            time.append(t)
            gyro.append(w + SIMD3(noise(), noise(), noise()) * 0.01)
            acc.append(sensorFromENU.rotate(gravityENU) + SIMD3(noise(), noise(), noise()) * 0.1)
            mag.append(sensorFromENU.rotate(fieldENU) + SIMD3(noise(), noise(), noise()) * 0.5)
        }
        return RawIMULog(path: "<synthetic>", format: .rawCSV, time: time, gyro: gyro, acc: acc, mag: mag)
    }
}
