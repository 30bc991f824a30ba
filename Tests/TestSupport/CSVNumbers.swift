import CSVText
import Foundation

/// A CSV of numbers that a command or a job wrote, read through `CSVText`, the readers' own rules: its comments, its
/// header, and its rows, each with as many fields as the header (or, without one, as the first row) and each field a
/// number (`CSVText.double`). Anything else is refused (`CSVNumbersError`, naming the line), never skipped.
public struct CSVNumbers {
    /// Each comment's text after its `#`, in order.
    public let comments: [String]
    /// The comments before the header, in order (what a file says of itself before its columns).
    public let preamble: [String]
    /// The header's names; empty for a headerless text.
    public let header: [String]
    /// The data rows, as numbers.
    public let rows: [[Double]]

    /// The numbers of `text`. `headerless`: every non-comment line is a row (a dataset's plain columns).
    public init(_ text: String, headerless: Bool = false) throws {
        let csv = CSVText(text)
        var comments: [String] = [], preamble: [String] = [], rows: [[Double]] = []
        var seenHeader = false
        for line in csv.lines {
            switch line.kind {
            case .comment:
                comments.append(csv.commentText(of: line))
                if !seenHeader { preamble.append(csv.commentText(of: line)) }
            case .header where !headerless:
                seenHeader = true
            case .header, .row:
                let fields = csv.fields(of: line)
                let expected = headerless ? rows.first?.count ?? fields.count : csv.header?.count ?? fields.count
                guard fields.count == expected else {
                    throw CSVNumbersError(line: line.number, why: "\(fields.count) fields, not \(expected)")
                }
                rows.append(try fields.map { field in
                    guard let value = csv.double(field) else {
                        throw CSVNumbersError(line: line.number, why: "'\(csv.string(field))' is not a number")
                    }
                    return value
                })
            }
        }
        self.comments = comments
        self.preamble = preamble
        self.header = headerless ? [] : csv.header?.names ?? []
        self.rows = rows
    }

    /// The numbers of the file at `path` (see `init(_:headerless:)`).
    public init(path: String, headerless: Bool = false) throws {
        try self.init(String(contentsOfFile: path, encoding: .utf8), headerless: headerless)
    }
}

/// A line of a `CSVNumbers` text that is not a row of numbers.
public struct CSVNumbersError: Error, CustomStringConvertible {
    /// 1-based.
    public let line: Int
    public let why: String

    public var description: String { "line \(line): \(why)" }
}
