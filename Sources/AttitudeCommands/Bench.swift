import ArgumentParser
import Benchmarks
import CommandLineSupport
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

    func validate() throws {
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be from 1 to 1000") }
        guard (1...100_000_000).contains(samples) else { throw ValidationError("--samples must be from 1 to 100000000") }
    }

    func run() throws {
        let log = try input.map { try RawLogReader.read(path: $0) } ?? EstimatorBenchmark.synthetic(count: samples)
        let rates = try EstimatorBenchmark(mode: mode, parameters: try estimator.parameters(), runs: runs).measure(log)
        print(String(format: "%@: %d samples x %d runs, median %.3f M samples/s (min %.3f, max %.3f)", mode.rawValue, rates.samples,
                     runs, rates.median / 1e6, rates.sorted[0] / 1e6, rates.sorted[rates.sorted.count - 1] / 1e6))
        if !rates.finite { print("(non-finite output)") }
    }
}
