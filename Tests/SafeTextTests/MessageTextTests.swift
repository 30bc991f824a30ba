import SafeText
import XCTest

/// The bad-value formatter: quoted, escaped and cut values, one line (HostileTextTests in CSVTextTests: the
/// strict option parser).
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
}
