import CommandTestSupport
import Foundation
import TestSupport
import XCTest

/// A test case with a fresh temporary folder, and the `attitude` executable built beside the tests. The
/// location tests and the commands' tests share it.
open class LocationTestCase: XCTestCase {
    public var folder: URL!

    open override func setUpWithError() throws {
        folder = try TemporaryFolder.make("location-tests")
    }

    open override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `name` inside the temporary folder (creating subfolders) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `attitude` with `arguments`, with a deadline; its exit status, stdout and stderr.
    public func attitude(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try run("attitude", arguments)
    }

    /// Runs the built executable `name` (`attitude` or `steady-dice`) with a deadline.
    public func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try BuiltTool.run(name, arguments)
        return (result.status, result.stdout, result.stderr)
    }
}
