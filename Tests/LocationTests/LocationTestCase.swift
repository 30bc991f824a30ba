import Foundation
import XCTest

/// A test case with a fresh temporary folder, and the `attitude` executable built beside the tests.
class LocationTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("location-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `name` inside the temporary folder (creating subfolders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `attitude` with `arguments`, with a deadline; its exit status, stdout and stderr.
    func attitude(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try run("attitude", arguments)
    }

    /// Runs the built executable `name` (`attitude` or `steady-dice`) with a deadline.
    func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let candidates = [Bundle(for: LocationTestCase.self).bundleURL.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            .map { $0.appendingPathComponent(name) }
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("\(name) is not built beside the tests (\(candidates[0].path)); run `swift build` first")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errors = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("\(name) \(arguments.joined(separator: " ")) did not finish within 120 s")
        }
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8),
                try String(contentsOf: errors, encoding: .utf8))
    }
}
