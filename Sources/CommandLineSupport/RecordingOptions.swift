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


extension RecordingError: CommandLineWorded {
    /// A recording whose platform cannot be told names `--platform`; any other says the library's words.
    public var commandLineMessage: String {
        needsPlatform ? "\(path): \(message); give --platform ios or --platform android" : description
    }
}
