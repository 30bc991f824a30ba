import Foundation
@testable import RawLog
import TestSupport
import XCTest

/// A test case with a fresh temporary folder to write log files into, and a way to catch the
/// `RawLogError` a read throws.
class RawLogTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make("raw-log-tests")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The RawLogError `body` throws.
    func rawLogError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> RawLogError? {
        do {
            try body()
            XCTFail("expected an error", file: file, line: line)
        } catch let error as RawLogError {
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }
}
