import Foundation
import TestSupport
import XCTest

/// A test case with a fresh temporary folder, which the location tests and the commands' tests share (the commands'
/// tests run the built tools through their own extension of it).
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
}
