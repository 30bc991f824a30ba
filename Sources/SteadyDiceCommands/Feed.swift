import ArgumentParser
import CommandLineSupport
import LogLoading
import Scene
import IMUD
import SteadyDiceAssets
import Workers

/// `steady-dice feed`: replays an attitude log as imud's binary stream (wire version 14 or 17), for tests and
/// for users without imud hardware; `--bench` measures the local latency instead.
struct Feed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Publish an attitude log as imud's binary stream (wire version 14 or 17) on a Unix socket, TCP or UDP.",
        discussion: """
            Replays the log at its own timestamps (or at --rate packets per second, slerped) to every connected \
            stream subscriber (up to 8 per socket) and/or to a UDP destination (with no output option, to \
            unix:/run/imud/imud-stream.sock, as imud does). SIGINT or SIGTERM sends imud's final shutdown packet \
            and removes the Unix socket. A slow subscriber loses packets rather than slowing the feed.

            Examples:
              steady-dice feed --log models/demo-attitude.csv --unix /tmp/imud.sock --loop
              steady-dice feed --log walk.csv --tcp 127.0.0.1:10112 --mount yaw90
              steady-dice feed --log walk.csv --udp 127.0.0.1:10111 --rate 500 --speed 2
              steady-dice feed --log walk.csv --unix /tmp/imud.sock --rate 100 --no-gyro
              steady-dice feed --bench
            """)

    @OptionGroup var options: FeedOptions

    @OptionGroup var messages: MessageOptions

    func run() throws {
        if options.bench {
            try runBenchmark()
            return
        }
        // The handler first: a SIGTERM that comes as soon as the socket is there still stops the feed politely.
        let stopSignals = StopSignals()
        defer { withExtendedLifetime(stopSignals) {} }
        let log = try loadAnyAttitudeLog(path: options.log ?? "", magnetometer: options.magnetometer.correction,
                                         platform: options.recording.platform)
        let feed = try IMUDFeed(log: log, outputs: try options.outputs(), mapping: options.mapping, wireVersion: options.wire,
                                options: options.replay)
        stopSignals.watch { feed.requestStop() }
        let start = feed.startLines
        Messages.logger.info("\(start.info)")
        if let warning = start.warning { Messages.logger.warning("\(warning)") }
        Messages.logger.info("\(feed.run())")
    }

    private func runBenchmark() throws {
        let rateHz = options.rate ?? IMUDLatencyBenchmark.defaultRateHz  // --rate is checked by the options
        guard options.benchSeconds.isFinite, options.benchSeconds > 0, options.benchSeconds <= 600 else { throw ValidationError("--bench-seconds must be between 0 and 600") }
        print(try IMUDLatencyBenchmark.run(rateHz: rateHz, seconds: options.benchSeconds))
    }
}
