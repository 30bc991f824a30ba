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

    /// Runs `steady-dice ARGUMENTS` to the end: its exit status and what it wrote to stderr. A run
    /// that outlasts `timeout` seconds is killed and fails the test, so a hang cannot stall the suite.
    static func run(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 120,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, stderr: String) {
        let errors = Pipe()
        let process = try start(arguments, environment: environment, stderr: errors)
        let collected = Collected()
        let reader = Thread { collected.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        finish(process, within: timeout, what: "steady-dice \(arguments.joined(separator: " "))", file: file, line: line)
        let message = String(decoding: collected.wait(), as: UTF8.self)
        return (process.terminationStatus, message)
    }

    /// Waits up to `timeout` seconds for `process` to exit; past that, kills it and fails the test.
    static func finish(_ process: Process, within timeout: Double, what: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("\(what) did not finish within \(timeout) s; killed it", file: file, line: line)
        }
        process.waitUntilExit()
    }

    /// Data handed from a reader thread to the test.
    // @unchecked Sendable: the reader thread writes `data` once and signals `done`; the test reads it only after waiting on `done`.
    private final class Collected: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        func set(_ value: Data) { data = value; done.signal() }
        func wait() -> Data { done.wait(); return data }
    }

    /// Channel values differing by more than `tolerance`.
    static func differingChannels(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 1) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) }
        return zip(a, b).filter { abs(Int($0) - Int($1)) > tolerance }.count
    }

    private final class BundleMarker {}
}
