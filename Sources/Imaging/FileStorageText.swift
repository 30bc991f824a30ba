import FileAccess
import Foundation
import SafeText

/// Checks on an OpenCV FileStorage file (YAML or XML) before OpenCV reads it: that it is a regular file of a
/// sensible size (`InputFile`), and that its whole-number fields hold whole numbers in range. OpenCV parses an
/// integer with `strtol` and keeps it as a 32-bit `int`, so `image_height: 99999999999` would come back as
/// 1215752191 and be taken for a size; here the field's own text is read instead.
enum FileStorageText {
    /// A calibration or intrinsics file is a few kilobytes; a megabyte is far past any real one.
    static let sizeLimit = 1 << 20

    static func check(path: String, integers keys: [String], range: ClosedRange<Int>) throws {
        do {
            try InputFile.checkSize(path, atMost: sizeLimit, what: "a calibration file")
        } catch {
            throw ImagingError.intrinsics(path: path, reason: error.reason)
        }
        // A compressed file (.gz) is left to OpenCV, which reads it without our scan.
        guard !keys.isEmpty, !path.lowercased().hasSuffix(".gz"),
              let data = FileManager.default.contents(atPath: path) else { return }
        let text = String(decoding: data, as: UTF8.self)
        for key in keys {
            guard let token = value(of: key, in: text) else { continue }
            guard let number = Int(token), range.contains(number) else {
                throw ImagingError.intrinsics(path: path, reason: "\(key): \(MessageText.quoted(token)) is not a whole number "
                                              + "from \(range.lowerBound) to \(range.upperBound)")
            }
        }
    }

    /// The text of `key`'s value: `key: VALUE` on a YAML line, or `<key>VALUE</key>` in XML.
    static func value(of key: String, in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(key + ":") {
                let rest = trimmed.dropFirst(key.count + 1)
                let token = rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return token.trimmingCharacters(in: .whitespaces)
            }
            if trimmed.hasPrefix("<\(key)>"), let end = trimmed.range(of: "</\(key)>") {
                return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: key.count + 2)..<end.lowerBound])
                    .trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
