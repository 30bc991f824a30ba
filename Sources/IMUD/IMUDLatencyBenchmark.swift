import AttitudeMath
import Foundation
import Logging
#if canImport(Glibc)
import Glibc
import MonotonicTime
#endif

/// Latency from the publisher's send to the client handing the attitude over, in microseconds.
public struct IMUDLatencyReport: Sendable, CustomStringConvertible {
    public var rateHz: Double
    public var sent: Int
    public var received: Int
    public var medianMicroseconds: Double
    public var p99Microseconds: Double
    public var maxMicroseconds: Double

    public var description: String {
        String(format: "imud latency over a Unix socket at %.0f Hz: %d sent, %d received; median %.1f µs, p99 %.1f µs, max %.1f µs",
               rateHz, sent, received, medianMicroseconds, p99Microseconds, maxMicroseconds)
    }
}

/// Measures the local path: an `IMUDPublisher` on a Unix socket in `directory`, an `IMUDClient`, one process.
public enum IMUDLatencyBenchmark {
    /// Packets per second the benchmark sends unless told another rate.
    public static let defaultRateHz = 500.0

    /// `run` in a temporary folder of its own, removed after.
    public static func run(rateHz: Double, seconds: Double) throws -> IMUDLatencyReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("steady-dice-imud-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try run(directory: directory, rateHz: rateHz, seconds: seconds)
    }

    public static func run(directory: String, rateHz: Double = defaultRateHz, seconds: Double = 5) throws -> IMUDLatencyReport {
        let path = (directory as NSString).appendingPathComponent("imud-bench.sock")
        let publisher = try IMUDPublisher(outputs: [.unix(path: path)])
        defer { publisher.close() }
        let count = max(1, Int(rateHz * seconds))
        let sendTimes = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        let handoverTimes = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        sendTimes.initialize(repeating: .nan)
        handoverTimes.initialize(repeating: .nan)
        defer {
            sendTimes.deallocate()
            handoverTimes.deallocate()
        }
        var configuration = IMUDClient.Configuration(endpoint: .unix(path: path))
        configuration.logger = Logger(label: "steady-dice.imud-bench", factory: { _ in SwiftLogNoOpLogHandler() })
        configuration.onSample = { sample in
            let index = Int(sample.imuSeq)
            if index < count { handoverTimes[index] = sample.receivedAt }
        }
        let client = IMUDClient(configuration)
        client.start()
        defer { client.stop() }
        let connectDeadline = MonotonicClock.now() + 2
        while publisher.subscriberCount == 0 {
            guard MonotonicClock.now() < connectDeadline else { throw IMUDError("the benchmark client did not connect to \(path)") }
            publisher.acceptPendingSubscribers()
            usleep(1000)
        }
        let start = MonotonicClock.now() + 0.05
        for k in 0..<count {
            Socket.sleep(until: start + Double(k) / rateHz)
            let angle = Double(k) * 0.01
            let packet = publisher.packet(worldFromDevice: Quaternion(axis: [0.3, 1, 0.2], angle: angle),
                                          flags: [.fusionConverged], imuSeq: UInt32(k))
            sendTimes[k] = MonotonicClock.now()
            publisher.publish(packet)
        }
        usleep(100_000)
        client.stop()
        var latencies: [Double] = []
        for k in 0..<count where handoverTimes[k].isFinite {
            latencies.append((handoverTimes[k] - sendTimes[k]) * 1e6)
        }
        return IMUDLatencyReport(rateHz: rateHz, sent: count, received: latencies.count,
                                 medianMicroseconds: Median.meanOfMiddles(latencies) ?? .nan,
                                 p99Microseconds: Median.percentile(latencies, 0.99) ?? .nan, maxMicroseconds: latencies.max() ?? .nan)
    }
}
