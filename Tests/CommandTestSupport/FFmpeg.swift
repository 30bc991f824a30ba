import Foundation
import XCTest

/// ffmpeg as tests run it to make clips: quiet, overwriting its output, no terminal input. The one place a test names
/// ffmpeg's path (RepositoryRulesTests' `testFFmpegAndLocksHaveOnePlace` keeps it so).
public enum FFmpeg {
    /// Where scripts/setup installs it (Debian's ffmpeg).
    public static let path = "/usr/bin/ffmpeg"

    /// Runs ffmpeg over `arguments` for at most `timeout` seconds; a missing ffmpeg, or a run that fails, fails the test
    /// with what ffmpeg said and throws, so nothing reads an output that was not made.
    public static func run(_ arguments: [String], timeout: TimeInterval = 120, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("ffmpeg is not installed at \(path): run scripts/setup", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let result = try BuiltTool.run(URL(fileURLWithPath: path), ["-nostdin", "-v", "error", "-y"] + arguments, timeout: timeout)
        guard result.status == 0 else {
            let failure = FFmpegFailed(arguments: arguments, status: result.status, stderr: result.stderr)
            XCTFail("\(failure)", file: file, line: line)
            throw failure
        }
    }
}

/// An ffmpeg run that exited with a failure status.
public struct FFmpegFailed: Error, CustomStringConvertible {
    public let arguments: [String]
    public let status: Int32
    /// What ffmpeg said on stderr.
    public let stderr: String

    public var description: String { "ffmpeg \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
}
