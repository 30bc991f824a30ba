import Foundation
import RawLog
import TestSupport
import XCTest

/// A test case with a fresh temporary folder to write log files into, and a way to catch the
/// `RawLogError` a read throws. The raw-log tests, the commands' tests and the loader's tests share it.
open class RawLogTestCase: TemporaryFolderTestCase {
    open override var folderPrefix: String { "raw-log-tests" }

    /// The RawLogError `body` throws.
    public func rawLogError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> RawLogError? {
        thrown(RawLogError.self, by: body, file: file, line: line)
    }

    // MARK: - Tumbling raw logs

    /// A 20 s tumbling 9D raw log, 100 Hz.
    public func rawLog(_ name: String = "tumbling.csv") throws -> String {
        try write(name, Synthetic.rawCSV(Synthetic.tumblingLog(seconds: 20, rate: 100)))
    }

    /// The same log with no rows from 5 s to 10 s: the reader reports the gap.
    public func rawLogWithAGap() throws -> String {
        let lines = Synthetic.rawCSV(Synthetic.tumblingLog(seconds: 20, rate: 100)).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix { !($0.first?.isNumber ?? false) }
        let rows = lines.dropFirst(header.count)
        let kept = Array(header) + Array(rows.prefix(500)) + Array(rows.dropFirst(1000))
        return try write("gap.csv", kept.joined(separator: "\n"))
    }
}
