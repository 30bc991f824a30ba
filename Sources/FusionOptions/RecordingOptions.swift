import SafeText
import ArgumentParser
import CSVText
import Foundation
import Logging
import RawLog
import Recording

extension SensorLoggerPlatform: ExpressibleByArgument {}

/// How to read a recording folder, shared by every command that takes a log: `--platform`.
public struct RecordingOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Read a Sensor Logger recording with this platform's signs and frames (ios or android), "
                               + "whatever its Metadata.csv says. Default: Metadata.csv's platform, else Orientation.csv's column order, "
                               + "else android (assumed, and said so).",
                               valueName: "ios|android"))
    public var platform: SensorLoggerPlatform?

    public init() {}
}

/// Says what a raw log's reader decided and the gaps fusion restarts after, one warning line each,
/// through a logger labelled with the tool's name.
public func reportReading(_ log: RawIMULog, tool: String) {
    reportReading(log, logger: Logger(label: tool))
}

/// Says what a raw log's reader decided and the gaps fusion restarts after, one warning each.
public func reportReading(_ log: RawIMULog, logger: Logger) {
    var lines = log.notes
    lines += log.gaps.map { $0.message(path: log.path) }
    // Notes quote the files (Metadata.csv's app version, a stream's name): one clean line each.
    for line in lines { logger.warning("\(MessageText.line(line))") }
}

/// Says what an attitude log's reader decided or skipped, one warning line each.
public func reportReading(warnings: [String], tool: String) {
    reportReading(warnings: warnings, logger: Logger(label: tool))
}

/// Says what an attitude log's reader decided or skipped, one warning each.
public func reportReading(warnings: [String], logger: Logger) {
    for line in warnings { logger.warning("\(MessageText.line(line))") }
}
