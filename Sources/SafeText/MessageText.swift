import Foundation

/// The one place that turns untrusted text (a bad field, an option's value, a whole error message) into
/// something safe to print on one terminal line.
public enum MessageText {
    /// The most characters of a bad value a message shows: enough to recognise a number, a name or a path.
    public static let valueLimit = 60
    /// The most characters of a whole message line; a longer one is cut at a word boundary with an ellipsis.
    /// Long enough for a message naming two paths and a cause, or listing every name an option knows (`--set`'s
    /// 26 parameters); a bad value in it is already cut to `valueLimit`.
    public static let lineLimit = 1000

    /// A bad value for a message, in single quotes: at most `valueLimit` characters of it, control
    /// characters escaped (`\n`, `\t`, `\0`, `\u{1B}` …), and `…` when it was cut.
    public static func quoted(_ value: String) -> String {
        "'" + escaped(value, limit: valueLimit) + "'"
    }

    /// A bad value as bytes (a field of a file that may not be UTF-8), as `quoted(_:)` shows it; a byte that is
    /// not part of valid UTF-8 is shown as `\x{HH}`, not as the replacement character.
    public static func quoted(bytes: some Collection<UInt8>) -> String {
        let head = Array(bytes.prefix(valueLimit * 4))
        var text = ""
        var i = 0
        while i < head.count {
            let lead = head[i]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, i + length <= head.count, let piece = String(validating: head[i..<i + length], as: UTF8.self) {
                text += piece
                i += length
            } else {
                text += "\\x{" + String(lead, radix: 16, uppercase: true) + "}"
                i += 1
            }
        }
        return quoted(text + (bytes.count > head.count ? "…" : ""))
    }

    /// `text` with every control character escaped, cut to `limit` characters with `…` at the end.
    public static func escaped(_ text: String, limit: Int) -> String {
        let (kept, cut) = escapedPrefix(text, limit: limit)
        return cut ? kept + "…" : kept
    }

    /// `text` escaped, at most `limit` characters of it, and whether it was cut.
    private static func escapedPrefix(_ text: String, limit: Int) -> (String, cut: Bool) {
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
                // U+FFFD stands for bytes that were not UTF-8 where text was decoded: shown as an escape,
                // it cannot pass for a character of the name.
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FFFD}" {
                    piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    piece = String(scalar)
                }
            }
            if count + piece.count > limit {
                return (out, true)
            }
            out += piece
            count += piece.count
        }
        return (out, false)
    }

    /// A whole error message as one clean line: line breaks become `; `, other control characters are
    /// escaped, and the line is cut at the last word boundary within `lineLimit`, never inside a word. The argument parser's "The value 'V' is invalid for …"
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
        let (kept, cut) = escapedPrefix(joined, limit: lineLimit)
        guard cut else { return kept }
        // Back to the last space, so the line ends on a whole word (one word longer than the limit, a
        // pasted blob, is cut where it is).
        guard let space = kept.lastIndex(of: " ") else { return kept + "…" }
        return String(kept[..<space]).trimmingCharacters(in: CharacterSet(charactersIn: " ,;:")) + " …"
    }

    /// What an error says for a message. Foundation's file errors (NSCocoaErrorDomain, NSPOSIXErrorDomain)
    /// become the path and the system's reason (`out.csv: No space left on device`) instead of their dump.
    public static func describe(_ error: Error) -> String {
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return "\(error)" }
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        let cause: String
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            cause = String(cString: strerror(Int32(underlying.code)))
        } else if ns.domain == NSPOSIXErrorDomain {
            cause = String(cString: strerror(Int32(ns.code)))
        } else {
            cause = ns.localizedFailureReason ?? ns.localizedDescription
        }
        return path.map { "\($0): \(cause)" } ?? cause
    }
}
