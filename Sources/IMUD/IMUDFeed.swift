import AttitudeLog
import Foundation

/// `steady-dice feed` as a library call: an attitude log published as imud's stream on `outputs` (none:
/// imud's own Unix socket) through the mount and frame of `mapping`, in real time, until it ends or
/// `requestStop()`. The lines it returns say what it did; it prints nothing.
// @unchecked Sendable: `requestStop()` is the one call made from another thread (`IMUDReplay`'s).
public final class IMUDFeed: @unchecked Sendable {
    public let log: AttitudeLog
    public let outputs: [IMUDPublisherOutput]
    private let publisher: IMUDPublisher
    private let replay: IMUDReplay

    /// Checks the wire version (`IMUDFieldError`), opens the outputs (a TCP port 0 is chosen now) and checks the
    /// replay's options.
    public init(log: AttitudeLog, outputs: [IMUDPublisherOutput], mapping: IMUDFrameMapping, wireVersion: UInt16,
                options: IMUDReplayOptions) throws {
        self.log = log
        self.outputs = outputs.isEmpty ? [.unix(path: IMUDEndpoint.defaultUnixPath)] : outputs
        publisher = try IMUDPublisher(outputs: self.outputs, mapping: mapping, wireVersion: wireVersion)
        do {
            replay = try IMUDReplay(log: log, publisher: publisher, options: options)
        } catch {
            publisher.close()
            throw error
        }
    }

    deinit { publisher.close() }

    /// What is fed where, and a warning when the log's heading is arbitrary (published with `mag_valid` clear).
    public var startLines: (info: String, warning: String?) {
        let places = outputs.map { output -> String in
            if case .tcp(let host, _) = output, let port = publisher.tcpPort { return "tcp:\(host):\(port)" }
            return output.description
        }.joined(separator: ", ")
        let info = "feeding \(log.samples.count) samples of \(log.path) as imud wire v\(publisher.wireVersion) "
            + "(\(publisher.mapping.coordFrame.rawValue.uppercased()), mount \(publisher.mapping.mount)) on \(places)"
        guard replay.headingFlags.isEmpty else { return (info, nil) }
        return (info, "\(log.path): heading arbitrary (the log is in \(log.frame?.rawValue ?? "no named frame")): published with "
                + "mag_valid clear, so a reader does not take it for magnetic north")
    }

    /// Replays to the end (forever with `loop`) or `requestStop()`, sends the shutdown packet, closes the outputs (the Unix
    /// socket it made is removed), and returns the line that sums it up. The outputs are closed here, not left to `deinit`:
    /// a stop handler's thread may still hold the feed when the process ends.
    public func run() -> String {
        replay.run()
        let stats = publisher.statistics
        publisher.close()
        return "sent \(replay.packetsSent) packets (last one flagged shutdown); \(stats.droppedForSlowSubscribers) dropped for slow "
            + "subscribers, \(stats.disconnected) disconnected, \(stats.refused) refused"
    }

    /// Asks `run()` to send the shutdown packet and return. Safe from any thread.
    public func requestStop() { replay.requestStop() }
}
