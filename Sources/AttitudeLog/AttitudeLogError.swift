import SafeText
import AttitudeMath
import CSVText
import Foundation

/// Why an attitude log could not be read or written, with the file, line and column it happened at.
///
/// `description` is the message a user sees: `path:line:column: what is wrong`, like a compiler's.
public struct AttitudeLogError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public enum Reason: Equatable, Sendable {
        /// The file exists but could not be read (a folder, no permission, not UTF-8 text): the reason is the whole message.
        case unreadable(String)
        /// The header lacks columns of every known format. `missing` are the steady-dice columns it lacks.
        case unrecognisedHeader(missing: [String])
        /// The header names a column twice.
        case duplicateColumn(String)
        /// A `# frame:` line names no known reference frame.
        case unknownFrame(String)
        /// A second `# frame:` line; `firstLine` is the line of the first.
        case duplicateFrame(firstLine: Int)
        /// A data row has a different number of fields from the header.
        case wrongFieldCount(expected: Int, found: Int)
        /// A field that must be a number is not one.
        case malformedNumber(column: String, text: String)
        /// A time is NaN or infinite.
        case nonFiniteTime(column: String)
        /// A time that is a number but not one the format's clock can hold (out of range, not whole ticks).
        case implausibleTime(column: String, String)
        /// A time is earlier than the one on `previousLine`. Equal times are allowed.
        case timeGoesBackwards(previous: Double, current: Double, previousLine: Int)
        /// The quaternion is zero, non-finite or too short to normalise.
        case invalidQuaternion(String)
        /// There is no data row after the header (or no header at all).
        case noDataRows
        /// Every row of a producer's orientation file was a placeholder or invalid; `firstLine` is the first.
        case noValidRows(count: Int, firstLine: Int)
        /// A folder that holds no orientation file and no raw streams steady-dice can read.
        case notARecording(String)
        /// A sample handed to `AttitudeLog(samples:)` or the writer is unusable; `index` counts from 0.
        case invalidSample(index: Int, String)
        /// The file could not be written.
        case unwritable(String)
    }

    /// The file as the caller named it.
    public let path: String
    /// 1-based line in the file, when the problem has one.
    public let line: Int?
    /// 1-based field number in the line, when the problem is in one field.
    public let column: Int?
    public let reason: Reason

    public init(path: String, line: Int? = nil, column: Int? = nil, reason: Reason) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        var location = path
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }

    public var errorDescription: String? { description }

    private var message: String {
        switch reason {
        case .unreadable(let why):
            return why
        case .unrecognisedHeader(let missing):
            return "the header is not a known attitude log: a steady-dice log needs the columns "
                + "\(AttitudeLogFormat.steadyDiceRequiredColumns.joined(separator: ",")) in any order "
                + "(missing: \(missing.joined(separator: ","))); Sensor Logger's Orientation.csv has "
                + AttitudeLogFormat.sensorLoggerColumns.joined(separator: ",")
                + "; x-IMU3's Quaternion.csv has Timestamp (us),W,X,Y,Z"
        case .duplicateColumn(let name):
            return "the header names column \(MessageText.quoted(name)) twice"
        case .unknownFrame(let name):
            return "unknown reference frame \(MessageText.quoted(name)); expected one of "
                + ReferenceFrame.allCases.map(\.rawValue).joined(separator: ", ")
        case .duplicateFrame(let firstLine):
            return "a second frame line; the frame was already given on line \(firstLine)"
        case .wrongFieldCount(let expected, let found):
            return "expected \(expected) fields as in the header, found \(found)"
        case .malformedNumber(let column, let text):
            return "column \(column): \(MessageText.quoted(text)) is not a number"
        case .nonFiniteTime(let column):
            return "column \(column): the time is not finite"
        case .implausibleTime(let column, let why):
            return "column \(column): \(why)"
        case .timeGoesBackwards(let previous, let current, let previousLine):
            return "time goes backwards: \(current) s is earlier than \(previous) s on line \(previousLine)"
        case .invalidQuaternion(let why):
            return "invalid quaternion: \(why)"
        case .noDataRows:
            return "no data rows: an attitude log needs a header and at least one sample"
        case .noValidRows(let count, let firstLine):
            return "no valid row: all \(count) rows hold a placeholder or invalid quaternion (the first on line \(firstLine))"
        case .notARecording(let why):
            return why
        case .invalidSample(let index, let why):
            return "sample \(index): \(why)"
        case .unwritable(let why):
            return "cannot write the file: \(why)"
        }
    }
}
