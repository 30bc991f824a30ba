import ArgumentParser
import CSVText
import Foundation
import RawLog
import Recording

extension SensorLoggerPlatform: ExpressibleByArgument {}

/// How to read a recording folder, shared by every command that takes a log: `--platform`.
public struct RecordingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read a Sensor Logger recording with this platform's signs and frames (ios or android), "
                               + "whatever its Metadata.csv says. Default: Metadata.csv's platform, else android.",
                               valueName: "ios|android"))
    public var platform: SensorLoggerPlatform?

    public init() {}
}

/// Prints what a raw log's reader decided and the gaps fusion restarts after, one line each on stderr,
/// prefixed with the tool's name.
public func reportReading(_ log: RawIMULog, tool: String) {
    var lines = log.notes
    lines += log.gaps.map { $0.message(path: log.path) }
    // Notes quote the files (Metadata.csv's app version, a stream's name): one clean line each.
    for line in lines { FileHandle.standardError.write(Data("\(tool): \(MessageText.line(line))\n".utf8)) }
}

/// Prints what an attitude log's reader decided or skipped, one line each on stderr.
public func reportReading(warnings: [String], tool: String) {
    for line in warnings { FileHandle.standardError.write(Data("\(tool): \(MessageText.line(line))\n".utf8)) }
}
