import SafeText
import CSVText
import Foundation

/// A raw log that cannot be read, with where: file, line (1-based) and column name when known.
public struct RawLogError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: String?
    public var message: String
    /// What the user can give or use instead, nil when the message says all there is.
    public var remedy: Remedy?

    /// What serves where the log as asked cannot.
    public enum Remedy: Equatable, Sendable {
        /// The folder's attitude file `name` (its own Orientation.csv, Quaternion.csv), which plays as an attitude log.
        case attitudeFile(name: String)
        /// 6D fusion, which needs no magnetometer.
        case sixD
        /// The recording's platform, ios or android, given.
        case platform
    }

    public init(path: String, line: Int? = nil, column: String? = nil, _ message: String, remedy: Remedy? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.remedy = remedy
    }

    /// Where the error is: the path, its line, its column.
    public var location: String {
        var location = path
        if let line { location += ":\(line)" }
        if let column { location += ": column \(MessageText.quoted(column))" }
        return location
    }

    public var description: String {
        switch remedy {
        case nil: return "\(location): \(message)"
        case .attitudeFile(let name)?: return "\(location): \(message) (its \(name) plays as it is, as an attitude log)"
        case .sixD?: return "\(location): \(message); use 6D"
        case .platform?: return "\(location): \(message); give the platform, ios or android"
        }
    }
}
