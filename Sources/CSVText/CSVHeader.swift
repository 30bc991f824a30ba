/// A header line's column names, looked up without regard to case.
public struct CSVHeader: Sendable, Equatable {
    /// The names as written, trimmed and unquoted.
    public let names: [String]
    /// The header's 1-based line.
    public let line: Int
    private let foldedNames: [String]

    public init(names: [String], line: Int) {
        self.names = names
        self.line = line
        self.foldedNames = names.map { $0.lowercased() }
    }

    /// The number of columns.
    public var count: Int { names.count }

    /// The 0-based index of the first column called `name`, in any case ("QX" finds "qx"), or nil.
    public func index(of name: String) -> Int? {
        foldedNames.firstIndex(of: name.lowercased())
    }
}
