import Foundation
import XCTest

/// Runs the built `steady-dice` executable, which `swift build` puts beside the test bundle.
enum CommandHarness {
    static func executable() throws -> URL {
        let candidates = [
            Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("steady-dice") }
        guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("steady-dice is not built beside the tests (\(candidates[0].path)); run `swift build` first")
        }
        return url
    }

    /// Starts `steady-dice ARGUMENTS`; the caller waits for or terminates it.
    static func start(_ arguments: [String], environment: [String: String]? = nil,
                      stderr: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `steady-dice ARGUMENTS` to the end: its exit status and what it wrote to stderr.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stderr: String) {
        let errors = Pipe()
        let process = try start(arguments, environment: environment, stderr: errors)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// Channel values differing by more than `tolerance`.
    static func differingChannels(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 1) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) }
        return zip(a, b).filter { abs(Int($0) - Int($1)) > tolerance }.count
    }

    private final class BundleMarker {}
}
