import Foundation
import TestSupport
import XCTest

/// The package's executables (`steady-dice`, `attitude`), which `swift build` puts beside the test bundle,
/// run as processes with a deadline so that a hang cannot stall the suite.
public enum BuiltTool {
    /// How a run ended, and what it wrote.
    public struct Result: Sendable {
        public var status: Int32
        /// True when `status` is the signal that ended it.
        public var signalled: Bool
        /// True when it outlasted its deadline and was killed.
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
    }

    /// The environment variable naming the folder of the executables the tests run: `scripts/test` builds
    /// them optimised (`swift build -c release`) and sets it, so a command-line test runs at the speed a user
    /// sees while the unit tests keep their debug build.
    public static let folderVariable = "STEADY_DICE_TOOLS"

    /// The built executable `name`: in `$STEADY_DICE_TOOLS` when it is set (and only there), otherwise beside
    /// the test bundle. Fails the test (throws `Requirement.Missing`) when it is not built.
    public static func url(_ name: String) throws -> URL {
        let folders: [URL]
        if let tools = ProcessInfo.processInfo.environment[folderVariable], !tools.isEmpty {
            folders = [URL(fileURLWithPath: tools)]
        } else {
            folders = [Bundle(for: Marker.self).bundleURL.deletingLastPathComponent(),
                       URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        }
        let candidates = folders.map { $0.appendingPathComponent(name) }
        guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Requirement.Missing("\(name) is not built (looked at \(candidates.map(\.path).joined(separator: " and "))); run `swift build` first, or `swift build -c release` for $\(folderVariable)")
        }
        return url
    }

    /// Runs the built executable `name` with `arguments` to its end, or kills it after `timeout` seconds.
    /// A run killed at the deadline fails the test unless `timeoutFails` is false (the caller then reads `timedOut`).
    /// Standard input is empty; stdout and stderr are read concurrently, so neither pipe can fill and block it.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: URL? = nil, timeout: Double = 120, timeoutFails: Bool = true,
                           file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        try run(url(name), arguments, environment: environment, currentDirectory: currentDirectory,
                timeout: timeout, timeoutFails: timeoutFails, file: file, line: line)
    }

    /// `run(_:_:)` for an executable given by its URL.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: URL? = nil, timeout: Double = 120, timeoutFails: Bool = true,
                           file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collectedOutput = Collected(output), collectedErrors = Collected(errors)
        let what = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        let timedOut = finish(process, within: timeout, what: what, fails: timeoutFails, file: file, line: line)
        return Result(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                      timedOut: timedOut, stdout: String(decoding: collectedOutput.wait(), as: UTF8.self),
                      stderr: String(decoding: collectedErrors.wait(), as: UTF8.self))
    }

    /// Waits up to `timeout` seconds for `process` to exit; past that, kills it (SIGKILL) and, when
    /// `fails`, fails the test. Returns whether it was killed.
    @discardableResult
    public static func finish(_ process: Process, within timeout: Double, what: String, fails: Bool = true,
                              file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let timedOut = process.isRunning
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            if fails { XCTFail("\(what) did not finish within \(timeout) s; killed it", file: file, line: line) }
        }
        process.waitUntilExit()
        return timedOut
    }

    /// Everything a pipe delivers until its writer closes it, read on a thread of its own.
    // @unchecked Sendable: the reader thread writes `data` once and signals `done`; the test reads it only after waiting on `done`.
    private final class Collected: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        init(_ pipe: Pipe) {
            Thread { [self] in
                data = pipe.fileHandleForReading.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        func wait() -> Data { done.wait(); return data }
    }

    private final class Marker {}
}
