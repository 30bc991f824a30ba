import Foundation

/// A comma-separated table read from bytes: `#` comment lines and blank lines are skipped,
/// the first other line is the header, every later line a row of the same width.
/// Only the columns asked for are parsed, as numbers (`nan` and `inf` are numbers).
struct CSVTable {
    let path: String
    /// Header names, trimmed.
    let header: [String]
    /// Comment lines, without the leading `#`, trimmed.
    let comments: [String]
    /// The 1-based line of the header.
    let headerLine: Int
    private let bytes: [UInt8]
    /// Byte ranges of the data rows and their 1-based line numbers.
    private let rowStarts: [Int]
    private let rowEnds: [Int]
    private let rowLines: [Int]

    var rowCount: Int { rowStarts.count }

    /// Splits `data` into lines. Throws for an empty file or one without a header.
    init(data: Data, path: String) throws {
        self.path = path
        var bytes = [UInt8](data)
        bytes.append(0)  // strtod needs a terminator past the last field.
        var header: [String]?
        var headerLine = 0
        var comments: [String] = []
        var starts: [Int] = [], ends: [Int] = [], lines: [Int] = []
        starts.reserveCapacity(bytes.count / 64)
        ends.reserveCapacity(bytes.count / 64)
        lines.reserveCapacity(bytes.count / 64)
        var lineNumber = 0
        var start = 0
        let count = bytes.count - 1
        while start < count {
            lineNumber += 1
            var end = start
            while end < count && bytes[end] != 10 { end += 1 }
            var last = end
            if last > start && bytes[last - 1] == 13 { last -= 1 }
            defer { start = end + 1 }
            var first = start
            while first < last && (bytes[first] == 32 || bytes[first] == 9) { first += 1 }
            if first == last { continue }
            if bytes[first] == 35 {  // '#'
                comments.append(String(decoding: bytes[(first + 1)..<last], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces))
                continue
            }
            if header == nil {
                header = String(decoding: bytes[first..<last], as: UTF8.self)
                    .split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                headerLine = lineNumber
                continue
            }
            starts.append(start)
            ends.append(last)
            lines.append(lineNumber)
        }
        guard let header else {
            throw RawLogError(path: path, line: lineNumber == 0 ? nil : lineNumber,
                              lineNumber == 0 ? "the file is empty" : "no header line: the file holds only comments")
        }
        self.header = header
        self.headerLine = headerLine
        self.comments = comments
        self.bytes = bytes
        self.rowStarts = starts
        self.rowEnds = ends
        self.rowLines = lines
    }

    /// The index of a column by name (case-sensitive, as written), or nil.
    func index(of name: String) -> Int? { header.firstIndex(of: name) }

    /// The index of a required column, or an error naming the header line and the column.
    func requireColumn(_ name: String, format: String) throws -> Int {
        guard let i = index(of: name) else {
            throw RawLogError(path: path, line: headerLine, column: name,
                              "missing column in the \(format) header (found: \(header.joined(separator: ",")))")
        }
        return i
    }

    /// Parses the given columns of every row. `columns[k]` names the header index of output `k`;
    /// the result holds one array per requested column.
    func numbers(columns: [Int]) throws -> [[Double]] {
        var out = [[Double]](repeating: [], count: columns.count)
        for k in out.indices { out[k].reserveCapacity(rowCount) }
        // For each header index, which outputs want it.
        var wanted = [Int](repeating: -1, count: header.count)
        for (k, c) in columns.enumerated() { wanted[c] = k }
        var row = [Double](repeating: 0, count: columns.count)
        try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for r in 0..<rowCount {
                var fieldStart = rowStarts[r]
                let end = rowEnds[r]
                var field = 0
                while true {
                    var fieldEnd = fieldStart
                    while fieldEnd < end && buffer[fieldEnd] != 44 { fieldEnd += 1 }
                    if field < header.count, wanted[field] >= 0 {
                        row[wanted[field]] = try parseNumber(base, fieldStart, fieldEnd, row: r, field: field)
                    }
                    field += 1
                    if fieldEnd >= end { break }
                    fieldStart = fieldEnd + 1
                }
                guard field == header.count else {
                    let column = field < header.count ? header[field] : nil
                    throw RawLogError(path: path, line: rowLines[r], column: column,
                                      "expected \(header.count) fields as in the header, found \(field)")
                }
                for k in row.indices { out[k].append(row[k]) }
            }
        }
        return out
    }

    /// The 1-based line number of data row `r`.
    func line(ofRow r: Int) -> Int { rowLines[r] }

    private func parseNumber(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, row: Int, field: Int) throws -> Double {
        var first = start, last = end
        while first < last && (base[first] == 32 || base[first] == 9) { first += 1 }
        while last > first && (base[last - 1] == 32 || base[last - 1] == 9) { last -= 1 }
        guard first < last else {
            throw RawLogError(path: path, line: rowLines[row], column: header[field], "empty field")
        }
        var parsedEnd: UnsafeMutablePointer<CChar>?
        let value = base.withMemoryRebound(to: CChar.self, capacity: end + 1) { chars -> Double in
            strtod(chars + first, &parsedEnd)
        }
        let consumed = base.withMemoryRebound(to: CChar.self, capacity: end + 1) { chars -> Int in
            parsedEnd.map { $0 - UnsafeMutablePointer(mutating: chars) } ?? first
        }
        guard consumed == last else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
            throw RawLogError(path: path, line: rowLines[row], column: header[field], "malformed number '\(text)'")
        }
        return value
    }
}
