import SafeText
import CSVText
import Foundation

/// A raw log that cannot be read, with where: file, line (1-based) and column name when known.
public struct RawLogError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: String?
    public var message: String

    public init(path: String, line: Int? = nil, column: String? = nil, _ message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = path
        if let line { location += ":\(line)" }
        if let column { location += ": column \(MessageText.quoted(column))" }
        return "\(location): \(message)"
    }
}
