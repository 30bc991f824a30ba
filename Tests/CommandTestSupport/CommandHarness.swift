import Foundation
import Workers
import TestSupport
import XCTest

/// Runs the built `steady-dice` executable (through `BuiltTool`), and compares what it writes.
public enum CommandHarness {
    public static func executable() throws -> URL { try BuiltTool.url("steady-dice") }

    /// Starts `steady-dice ARGUMENTS`; the caller waits for or terminates it.
    public static func start(_ arguments: [String], environment: [String: String]? = nil,
                      stderr: Pipe? = nil, stdout: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `steady-dice ARGUMENTS` to the end: its exit status and what it wrote to stderr. A run
    /// that outlasts `timeout` seconds is killed and fails the test, so a hang cannot stall the suite.
    public static func run(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 120,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, stderr: String) {
        let result = try BuiltTool.run("steady-dice", arguments, environment: environment, timeout: timeout, file: file, line: line)
        return (result.status, result.stderr)
    }

    /// Runs `steady-dice ARGUMENTS`, which must refuse with `status`, say `saying` on stderr and leave no
    /// file at `output`.
    public static func assertRefused(_ arguments: [String], status: Int32 = 65, saying: String, output: String,
                                     timeout: Double = 300, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try run(arguments, timeout: timeout, file: file, line: line)
        XCTAssertEqual(run.status, status, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.contains(saying), run.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(output) was written", file: file, line: line)
    }

    /// Waits up to `timeout` seconds for `process` to exit; past that, kills it and fails the test.
    public static func finish(_ process: Process, within timeout: Double, what: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        BuiltTool.finish(process, within: timeout, what: what, file: file, line: line)
    }

    /// Starts `steady-dice ARGUMENTS`, waits (up to `within` seconds) until `ready` holds for the folder `watch` or
    /// for what it wrote to stderr so far, sends `signal`, and waits for its end: how it ended and its whole stderr.
    /// Fails the test when it never became ready.
    public static func interrupt(_ arguments: [String], with signal: Int32, within: Double = 300,
                                 ready: @escaping (_ stderr: String) -> Bool,
                                 file: StaticString = #filePath, line: UInt = #line) throws
        -> (status: Int32, exited: Bool, stderr: String) {
        let pipe = Pipe(), stderr = Locked(Data())
        pipe.fileHandleForReading.readabilityHandler = { handle in stderr.append(contentsOf: handle.availableData) }
        func text() -> String { String(decoding: stderr.current, as: UTF8.self) }
        let process = try start(arguments, stderr: pipe)
        let deadline = Date().addingTimeInterval(within)
        while process.isRunning, !ready(text()), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(process.isRunning, "it ended before it could be interrupted: \(text())", file: file, line: line)
        XCTAssertTrue(ready(text()), "never ready within \(within) s: \(text())", file: file, line: line)
        kill(process.processIdentifier, signal)
        finish(process, within: 60, what: "\(arguments.first ?? "") after signal \(signal)", file: file, line: line)
        pipe.fileHandleForReading.readabilityHandler = nil
        stderr.append(contentsOf: pipe.fileHandleForReading.readDataToEndOfFile())
        return (process.terminationStatus, process.terminationReason == .exit, text())
    }

    /// Channel values differing by more than `tolerance`.
    public static func differingChannels(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 1) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) }
        return zip(a, b).filter { abs(Int($0) - Int($1)) > tolerance }.count
    }
}
