/// A data row with another number of fields than the header: where, and by how many.
///
/// `description` says what is wrong without the place; each reader wraps it in its own error, which names the
/// file, `line` and, for a short row, `missingColumn`.
public struct CSVRowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The row's 1-based line, counting blank lines and comments.
    public let line: Int
    /// The header's number of fields.
    public let expected: Int
    /// The row's number of fields.
    public let found: Int
    /// The header's name of the first column the row lacks; nil when the row has too many fields.
    public let missingColumn: String?

    public init(line: Int, expected: Int, found: Int, missingColumn: String?) {
        self.line = line
        self.expected = expected
        self.found = found
        self.missingColumn = missingColumn
    }

    public var description: String { "expected \(expected) fields as in the header, found \(found)" }
}

extension CSVText {
    // MARK: - Rows checked against the header

    /// The fields of data row `row`, replacing the contents of `fields`, or an error when they are not as many as
    /// `header`'s columns (the one check of a row's length that every reader with a header makes).
    public func fields(of row: Line, matching header: CSVHeader, into fields: inout [Field]) throws(CSVRowError) {
        self.fields(of: row, into: &fields)
        guard fields.count == header.count else {
            throw CSVRowError(line: row.number, expected: header.count, found: fields.count,
                              missingColumn: fields.count < header.count ? header.names[fields.count] : nil)
        }
    }

    /// The fields of data row `row`, or an error when they are not as many as `header`'s columns.
    public func fields(of row: Line, matching header: CSVHeader) throws(CSVRowError) -> [Field] {
        var fields: [Field] = []
        try self.fields(of: row, matching: header, into: &fields)
        return fields
    }

    // MARK: - Files without a header

    /// Every line that is not a comment, in order: the rows of a file that has no header line (OpenCamera Sensors'
    /// `x,y,z,t`, EuRoC's `data.csv`, whose header is a comment), where `header` and `rows` would take the first
    /// of them for a header.
    public var headerlessRows: [Line] { lines.filter { $0.kind != .comment } }

    /// The fields of `line`, at most `maxCount` (1 or more): the last one holds the rest of the line, commas and all,
    /// trimmed and unquoted as any field. For a last column that may hold commas, such as a file name.
    public func fields(of line: Line, maxCount: Int) -> [Field] {
        precondition(maxCount >= 1, "a line has at least one field")
        var fields: [Field] = []
        bytes.withUnsafeBufferPointer { buffer in
            Self.split(buffer, line.start, line.end, maxCount: maxCount, into: &fields)
        }
        return fields
    }
}
