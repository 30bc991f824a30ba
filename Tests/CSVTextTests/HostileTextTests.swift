import FileAccess
import SafeText
import CSVText
import Foundation
import XCTest

/// The strict option parser, the bad-value formatter and bounded reading.
final class HostileTextTests: XCTestCase {
    private func refusal(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testOptionNumbersAreStrictAndSayWhy() throws {
        XCTAssertEqual(try OptionValues.numbers(" 1, -0.5 ,2e3,.5", counts: [4], shape: "w,x,y,z"), [1, -0.5, 2000, 0.5])
        XCTAssertEqual(try OptionValues.numbers("10,20", counts: [2, 3], shape: "B,E[,D]"), [10, 20])
        XCTAssertEqual(refusal { try OptionValues.numbers("1,,0,0", counts: [4], shape: "w,x,y,z") },
                       "field 2 of w,x,y,z is empty in '1,,0,0'")
        XCTAssertEqual(refusal { try OptionValues.numbers("1,0,0", counts: [4], shape: "w,x,y,z") },
                       "expected w,x,y,z (4 numbers separated by ','), got 3 fields in '1,0,0'")
        XCTAssertEqual(refusal { try OptionValues.numbers("0x1p3,0", counts: [2], shape: "LAT,LON") },
                       "field 1 of LAT,LON, '0x1p3', is not a decimal number")
        XCTAssertEqual(refusal { try OptionValues.numbers("1,inf", counts: [2], shape: "LAT,LON") },
                       "field 2 of LAT,LON, 'inf', is not finite")
        XCTAssertEqual(refusal { try OptionValues.numbers("1e400,0", counts: [2], shape: "LAT,LON") },
                       "field 1 of LAT,LON, '1e400', is not finite")
        for bad in ["1_000,0", "1.2.3,0", "+,0", "1e,0", "١,0", "\"1\",0", "#1,0", "1 2,0"] {
            XCTAssertNotEqual(refusal { try OptionValues.numbers(bad, counts: [2], shape: "A,B") }, "accepted", bad)
        }
        XCTAssertEqual(try OptionValues.integers("64x48", count: 2, shape: "WxH", separator: "x", range: 1...16384), [64, 48])
        for bad in ["64xx48", "-5x10", "0x10", "64x", "x48", "+64x48", "64x16385", "99999999999999999999x1", "6 4x48"] {
            XCTAssertNotEqual(refusal { try OptionValues.integers(bad, count: 2, shape: "WxH", separator: "x", range: 1...16384) },
                              "accepted", bad)
        }
    }

    func testBadValuesAreShortAndEscaped() {
        XCTAssertEqual(MessageText.quoted("abc"), "'abc'")
        XCTAssertEqual(MessageText.quoted("a\u{1B}[31mb\0c\nd\te"), "'a\\u{1B}[31mb\\0c\\nd\\te'")
        let long = MessageText.quoted(String(repeating: "9", count: 1 << 20))
        XCTAssertEqual(long, "'" + String(repeating: "9", count: 60) + "…'")
        XCTAssertEqual(MessageText.quoted(String(repeating: "é", count: 61)).count, 63)
        XCTAssertEqual(MessageText.line("first\nsecond\r\n  third"), "first; second; third")
        let echoed = MessageText.line("The value '" + String(repeating: "x", count: 5000) + "' is invalid for '--size <size>': why")
        XCTAssertEqual(echoed, "The value '" + String(repeating: "x", count: 60) + "…' is invalid for '--size <size>': why")
        XCTAssertLessThanOrEqual(MessageText.line(String(repeating: "y", count: 5000)).count, MessageText.lineLimit + 1)
    }

    func testBoundedReadingRefusesDevicesFoldersAndLongLines() throws {
        XCTAssertEqual(refusal { try BoundedFile.read(path: "/dev/zero") }, "is a character device, not a file")
        XCTAssertEqual(refusal { try BoundedFile.read(path: "/dev/null") }, "is a character device, not a file")
        XCTAssertEqual(refusal { try BoundedFile.read(path: NSTemporaryDirectory()) }, "is a folder, not a file")
        XCTAssertEqual(refusal { try BoundedFile.read(path: "/nonexistent/log.csv") }, "missing")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let fine = "t,qw\n" + String(repeating: "1", count: BoundedFile.lineLimit) + "\n0,1\n"
        try fine.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try BoundedFile.read(path: file.path), Data(fine.utf8))
        // Three chunks of one line: refused at line 2, after reading about one chunk past the limit.
        var long = Data("t,qw\n".utf8)
        long.append(Data(repeating: UInt8(ascii: "7"), count: 3 << 20))
        try long.write(to: file)
        XCTAssertEqual(refusal { try BoundedFile.read(path: file.path) }, "line 2: the line is longer than 65536 bytes (not a log?)")
    }

    func testAFIFOIsRead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = "t,qw\n0,1\n".withCString { write(fd, $0, 9) }
            close(fd)
        }
        writer.start()
        XCTAssertEqual(String(decoding: try BoundedFile.read(path: fifo), as: UTF8.self), "t,qw\n0,1\n")
    }
}
