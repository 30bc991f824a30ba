import SafeText
import Foundation

/// A refused option value: why, in words a user can act on (the option's name is added by whoever reports it).
public struct OptionValueError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// The one strict parser for option values made of numbers joined by a separator (`w,x,y,z`, `B,E[,D]`,
/// `LAT,LON`, `WxH`). Every field must be a number in the logs' own syntax (`CSVText.double(_:)`: decimal with
/// an optional exponent; no hex floats, no digit separators), finite, and there must be an allowed number of
/// them. Empty fields are refused, never dropped.
public enum OptionValues {
    /// The numbers of `text`, split at `separator`, or an error saying which field is wrong and why.
    /// `counts` lists the numbers of fields accepted; `shape` names them for the message (`w,x,y,z`).
    public static func numbers(_ text: String, counts: [Int], shape: String,
                               separator: Character = ",") throws(OptionValueError) -> [Double] {
        let fields = text.split(separator: separator, omittingEmptySubsequences: false)
        let accepted = counts.map(String.init).joined(separator: " or ")
        guard counts.contains(fields.count) else {
            throw OptionValueError("expected \(shape) (\(accepted) number\(counts == [1] ? "" : "s") separated by '\(separator)'), got \(fields.count) "
                                   + "field\(fields.count == 1 ? "" : "s") in \(MessageText.quoted(text))")
        }
        var values: [Double] = []
        for (i, field) in fields.enumerated() {
            let trimmed = field.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw OptionValueError("field \(i + 1) of \(shape) is empty in \(MessageText.quoted(text))")
            }
            guard let value = number(trimmed) else {
                throw OptionValueError("field \(i + 1) of \(shape), \(MessageText.quoted(trimmed)), is not a decimal number")
            }
            guard value.isFinite else {
                throw OptionValueError("field \(i + 1) of \(shape), \(MessageText.quoted(trimmed)), is not finite")
            }
            values.append(value)
        }
        return values
    }

    /// Whole numbers (`WxH`): each field decimal digits only, within `range`.
    public static func integers(_ text: String, count: Int, shape: String, separator: Character,
                                range: ClosedRange<Int>) throws(OptionValueError) -> [Int] {
        let fields = text.split(separator: separator, omittingEmptySubsequences: false)
        guard fields.count == count else {
            throw OptionValueError("expected \(shape) (\(count) whole numbers separated by '\(separator)'), got \(fields.count) "
                                   + "field\(fields.count == 1 ? "" : "s") in \(MessageText.quoted(text))")
        }
        var values: [Int] = []
        for (i, field) in fields.enumerated() {
            guard !field.isEmpty else {
                throw OptionValueError("field \(i + 1) of \(shape) is empty in \(MessageText.quoted(text))")
            }
            guard field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field), range.contains(value) else {
                throw OptionValueError("field \(i + 1) of \(shape), \(MessageText.quoted(String(field))), is not a whole number "
                                       + "from \(range.lowerBound) to \(range.upperBound)")
            }
            values.append(value)
        }
        return values
    }
}

extension OptionValues {
    /// A whole text as one number in the logs' syntax (`CSVNumber`), or nil.
    static func number(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        let end = bytes.count
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { CSVNumber.double($0, 0, end) }
        }
    }
}
