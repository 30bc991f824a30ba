import Foundation

/// The one place that turns untrusted text (a bad field, an option's value, a whole error message) into
/// something safe to print on one terminal line.
public enum MessageText {
    /// The most characters of a bad value a message shows: enough to recognise a number, a name or a path.
    public static let valueLimit = 60
    /// The most characters of a whole message line; a longer one is cut with an ellipsis. Long enough
    /// for a message naming two paths and a cause; a bad value in it is already cut to `valueLimit`.
    public static let lineLimit = 400

    /// A bad value for a message, in single quotes: at most `valueLimit` characters of it, control
    /// characters escaped (`\n`, `\t`, `\0`, `\u{1B}` …), and `…` when it was cut.
    public static func quoted(_ value: String) -> String {
        "'" + escaped(value, limit: valueLimit) + "'"
    }

    /// A bad value as bytes (a field of a file that may not be UTF-8), as `quoted(_:)` shows it.
    public static func quoted(bytes: some Collection<UInt8>) -> String {
        quoted(String(decoding: bytes.prefix(valueLimit * 4), as: UTF8.self) + (bytes.count > valueLimit * 4 ? "…" : ""))
    }

    /// `text` with every control character escaped, cut to `limit` characters with `…` at the end.
    public static func escaped(_ text: String, limit: Int) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar {
            case "\n": piece = "\\n"
            case "\r": piece = "\\r"
            case "\t": piece = "\\t"
            case "\0": piece = "\\0"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    piece = String(scalar)
                }
            }
            if count + piece.count > limit {
                return out + "…"
            }
            out += piece
            count += piece.count
        }
        return out
    }

    /// A whole error message as one clean line: line breaks become `; `, other control characters are
    /// escaped, and the line is cut at `lineLimit`. The argument parser's "The value 'V' is invalid for …"
    /// echoes V whole (a 1 MiB option value): V is shown as `quoted(_:)` shows a bad value.
    public static func line(_ message: String) -> String {
        var message = message
        let opening = "The value '", closing = "' is invalid for "
        if message.hasPrefix(opening), let end = message.range(of: closing, options: .backwards) {
            let value = String(message[message.index(message.startIndex, offsetBy: opening.count)..<end.lowerBound])
            message = "The value " + quoted(value) + " is invalid for " + message[end.upperBound...]
        }
        let joined = message.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
        return escaped(joined, limit: lineLimit)
    }
}
