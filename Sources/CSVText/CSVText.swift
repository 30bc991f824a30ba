import Foundation

/// Comma-separated text split into comment lines, one header and data rows, with 1-based line numbers.
///
/// The rules every log reader shares:
/// - the text is UTF-8; a leading byte order mark is skipped; lines end in LF or CRLF;
/// - blank lines (only spaces, tabs, CR) are skipped; a line whose first non-blank byte is `#` is a comment,
///   wherever it is;
/// - the first other line is the header, every later one a data row;
/// - fields are separated by commas; each is trimmed of spaces, tabs and CR, and then, when it is wrapped in
///   double quotes, unwrapped and trimmed again. Commas inside quotes still separate fields, and quoted fields
///   do not span lines: logs hold numbers and simple names, not free text.
///
/// It splits, converts and checks a row's number of fields against the header (`fields(of:matching:)`, whose
/// `CSVRowError` each reader wraps in its own). Which columns are needed and what a bad field means are the
/// reader's to decide, with its own errors.
public struct CSVText: Sendable {
    /// What a non-blank line is.
    public enum LineKind: Sendable {
        case comment, header, row
    }

    /// One non-blank line.
    public struct Line: Sendable, Equatable {
        public let kind: LineKind
        /// 1-based, counting blank lines.
        public let number: Int
        /// Byte range without leading and trailing blanks; a comment's includes its `#`.
        let start: Int
        let end: Int
    }

    /// One field of a line: a byte range, trimmed and unquoted. Read it with `string(_:)`, `double(_:)` or `int64(_:)`.
    public struct Field: Sendable, Equatable {
        let start: Int
        let end: Int

        public var isEmpty: Bool { start == end }
    }

    /// The UTF-8 bytes, followed by one 0 so that `strtod` always stops inside the buffer.
    let bytes: [UInt8]
    /// The comments, the header and the rows, in the order of the text. Blank lines are left out.
    public let lines: [Line]
    /// How many lines the text has, blank ones included; 0 for an empty text.
    public let lineCount: Int
    /// The header's names, or nil when there is no header (an empty text or only comments).
    public let header: CSVHeader?

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    public init(_ data: Data) {
        self.init(bytes: [UInt8](data))
    }

    public init(bytes: [UInt8]) {
        var bytes = bytes
        bytes.append(0)
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 48)
        var lineCount = 0
        var headerNames: [String]?
        var headerLine = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count - 1
            var start = Self.hasByteOrderMark(buffer) ? 3 : 0
            while start < count {
                lineCount += 1
                let end = memchr(base + start, Int32(ASCII.newline), count - start)
                    .map { $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base) } ?? count
                let (first, last) = Self.trimmed(buffer, start, end)
                start = end + 1
                if first == last { continue }
                let kind: LineKind
                if buffer[first] == ASCII.hash {
                    kind = .comment
                } else if headerNames == nil {
                    kind = .header
                    var fields: [Field] = []
                    Self.split(buffer, first, last, into: &fields)
                    headerNames = fields.map { Self.string(buffer, $0.start, $0.end) }
                    headerLine = lineCount
                } else {
                    kind = .row
                }
                lines.append(Line(kind: kind, number: lineCount, start: first, end: last))
            }
        }
        self.bytes = bytes
        self.lines = lines
        self.lineCount = lineCount
        self.header = headerNames.map { CSVHeader(names: $0, line: headerLine) }
    }

    // MARK: - Lines

    /// The data rows, in order. Builds a new array: call it once.
    public var rows: [Line] { lines.filter { $0.kind == .row } }

    /// A comment's text after the `#`, trimmed of blanks.
    public func commentText(of line: Line) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let start = line.kind == .comment ? line.start + 1 : line.start
            let (first, last) = Self.trimmed(buffer, start, line.end)
            return Self.string(buffer, first, last)
        }
    }

    // MARK: - Fields

    /// The fields of `line`; at least one, as an empty line is not a line.
    public func fields(of line: Line) -> [Field] {
        var fields: [Field] = []
        self.fields(of: line, into: &fields)
        return fields
    }

    /// The fields of `line`, replacing the contents of `fields` (whose storage is reused, so a loop over
    /// many rows allocates once).
    public func fields(of line: Line, into fields: inout [Field]) {
        fields.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { buffer in
            Self.split(buffer, line.start, line.end, into: &fields)
        }
    }

    /// A field's text. Bytes that are not UTF-8 become U+FFFD.
    public func string(_ field: Field) -> String {
        bytes.withUnsafeBufferPointer { Self.string($0, field.start, field.end) }
    }

    // MARK: - Bytes

    static func hasByteOrderMark(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.count >= 4 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
    }

    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn
    }

    /// `start..<end` without leading and trailing blanks.
    @inline(__always)
    static func trimmed(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var first = start, last = end
        while first < last && isBlank(buffer[first]) { first += 1 }
        while last > first && isBlank(buffer[last - 1]) { last -= 1 }
        return (first, last)
    }

    /// Appends the fields of `start..<end`, each trimmed and unquoted; at most `maxCount`, the last running to `end`.
    static func split(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, maxCount: Int = .max,
                      into fields: inout [Field]) {
        var fieldStart = start
        var count = 0
        while true {
            count += 1
            var fieldEnd = fieldStart
            if count == maxCount {
                fieldEnd = end
            } else {
                while fieldEnd < end && buffer[fieldEnd] != ASCII.comma { fieldEnd += 1 }
            }
            var (first, last) = trimmed(buffer, fieldStart, fieldEnd)
            if last - first >= 2 && buffer[first] == ASCII.quote && buffer[last - 1] == ASCII.quote {
                (first, last) = trimmed(buffer, first + 1, last - 1)
            }
            fields.append(Field(start: first, end: last))
            if fieldEnd >= end { return }
            fieldStart = fieldEnd + 1
        }
    }

    /// Fields are cut at ASCII bytes, which never occur inside a multi-byte UTF-8 sequence, so a field of
    /// valid UTF-8 text is valid UTF-8.
    static func string(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
}

/// The bytes the splitter looks for.
enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let comma = UInt8(ascii: ",")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
}
