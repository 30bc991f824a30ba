import Foundation
import SafeText
import XCTest

/// The bad-value formatter: quoted, escaped and cut values, bytes that may not be UTF-8, one line, and Foundation's
/// file errors told as the path and the system's reason (HostileTextTests in CSVTextTests: the strict option parser).
final class MessageTextTests: XCTestCase {
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

    /// A line too long is cut after a whole word, never inside one ("a stron…", "rest…").
    func testALongLineIsCutAtAWordBoundary() {
        let words = (0..<400).map { "word\($0)" }.joined(separator: " ")
        let line = MessageText.line(words)
        XCTAssertTrue(line.hasSuffix(" …"), String(line.suffix(20)))
        XCTAssertLessThanOrEqual(line.count, MessageText.lineLimit + 2)
        let last = line.dropLast(2).split(separator: " ").last.map(String.init) ?? ""
        XCTAssertTrue(words.split(separator: " ").contains(Substring(last)), "\(last) is not a whole word")
        XCTAssertEqual(MessageText.line("short, whole"), "short, whole", "a line that fits is not cut")
    }

    /// Bytes as `quoted(_:)` shows text: valid UTF-8 as its characters, control bytes escaped, every byte that is not
    /// part of valid UTF-8 (a stray continuation, a cut sequence, an overlong form, 0xFF) as `\x{HH}`.
    func testBytesAreQuotedWithInvalidUTF8Escaped() {
        XCTAssertEqual(MessageText.quoted(bytes: Array("gyro_x".utf8)), "'gyro_x'")
        XCTAssertEqual(MessageText.quoted(bytes: [0x63, 0x61, 0x66, 0xC3, 0xA9]), "'café'")
        XCTAssertEqual(MessageText.quoted(bytes: [0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x8E, 0xB2]), "'€🎲'")
        XCTAssertEqual(MessageText.quoted(bytes: [0x61, 0x0A, 0x09, 0x00, 0x1B, 0x7F, 0x62]), "'a\\n\\t\\0\\u{1B}\\u{7F}b'")
        XCTAssertEqual(MessageText.quoted(bytes: [0x61, 0xFF, 0x62]), "'a\\x{FF}b'")
        XCTAssertEqual(MessageText.quoted(bytes: [0x80, 0x41]), "'\\x{80}A'", "a continuation byte with no lead")
        XCTAssertEqual(MessageText.quoted(bytes: [0x41, 0xC3]), "'A\\x{C3}'", "a sequence cut at the end")
        XCTAssertEqual(MessageText.quoted(bytes: [0xE2, 0x82, 0x41]), "'\\x{E2}\\x{82}A'", "a sequence cut by an ASCII byte")
        XCTAssertEqual(MessageText.quoted(bytes: [0xC0, 0xAF]), "'\\x{C0}\\x{AF}'", "an overlong '/'")
        XCTAssertEqual(MessageText.quoted(bytes: [0xED, 0xA0, 0x80]), "'\\x{ED}\\x{A0}\\x{80}'", "a UTF-16 surrogate")
        XCTAssertEqual(MessageText.quoted(bytes: [UInt8]()), "''")
        // Long input is cut to 60 characters shown, each escape counted whole, with an ellipsis.
        XCTAssertEqual(MessageText.quoted(bytes: [UInt8](repeating: 0x39, count: 100_000)), "'" + String(repeating: "9", count: 60) + "…'")
        XCTAssertEqual(MessageText.quoted(bytes: [UInt8](repeating: 0xFF, count: 11)),
                       "'" + String(repeating: "\\x{FF}", count: 10) + "…'", "ten 6-character escapes fit in 60, the eleventh does not")
    }

    /// Foundation's file errors: the path (from the file-path key or the URL key) and the system's reason for the POSIX
    /// error, whether it is the error itself or the one underneath a Cocoa error; anything else as it describes itself.
    func testFileErrorsSayThePathAndTheSystemsReason() {
        let noSpace = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC), userInfo: [NSFilePathErrorKey: "out.csv"])
        XCTAssertEqual(MessageText.describe(noSpace), "out.csv: No space left on device")
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))
        let cocoa = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteNoPermission.rawValue,
                            userInfo: [NSURLErrorKey: URL(fileURLWithPath: "/data/run/log.csv"), NSUnderlyingErrorKey: underlying])
        XCTAssertEqual(MessageText.describe(cocoa), "/data/run/log.csv: Permission denied")
        XCTAssertEqual(MessageText.describe(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))), "No such file or directory",
                       "no path: the reason alone")

        struct Refusal: Error, CustomStringConvertible { var description: String { "the log holds no samples" } }
        XCTAssertEqual(MessageText.describe(Refusal()), "the log holds no samples")

        // A real one, as Foundation throws it reading a file that is not there (on Linux a Cocoa error with no POSIX one
        // underneath): the path and Foundation's reason, not the error's dump.
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("message-text-\(UUID().uuidString).csv").path
        XCTAssertThrowsError(try Data(contentsOf: URL(fileURLWithPath: missing))) {
            let said = MessageText.describe($0)
            XCTAssertTrue(said.hasPrefix("\(missing): "), said)
            XCTAssertGreaterThan(said.count, missing.count + 2, "a reason after the path")
            XCTAssertFalse(said.contains("Domain") || said.contains("Code=") || said.contains("UserInfo"), said)
        }
    }
}
