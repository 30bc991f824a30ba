import FileAccess
import Foundation
import SafeText

/// Checks on an OpenCV FileStorage file (YAML or XML) before OpenCV reads it, the one place every such read
/// passes: that it is a regular file of a sensible size (`InputFile`), not one OpenCV would gunzip past that
/// size, not nested deeper than OpenCV's recursive parser can take (`FileStorageDepth`), and that its
/// whole-number fields hold whole numbers in range. OpenCV parses an integer with `strtol` and keeps it as a
/// 32-bit `int`, so `image_height: 99999999999` would come back as 1215752191 and be taken for a size; here
/// the field's own text is read instead, and a reader takes no whole number the text did not give.
enum FileStorageText {
    /// A calibration or intrinsics file is a few kilobytes; a megabyte is far past any real one.
    static let sizeLimit = 1 << 20

    /// The deepest nesting taken (`FileStorageDepth`): a calibration nests 3 deep (the file, a matrix, its
    /// data), and OpenCV's recursive parsers overflow the stack somewhere past 20,000.
    static let nestingLimit = 64

    /// Checks `path` before OpenCV parses it and returns the whole numbers `keys` name, read from their
    /// text: every value the text gives each key (a key the text does not show is not in the result).
    @discardableResult
    static func check(path: String, integers keys: [String], range: ClosedRange<Int>) throws -> [String: Set<Int>] {
        do {
            try InputFile.checkSize(path, atMost: sizeLimit, what: "a calibration file")
        } catch {
            throw ImagingError.intrinsics(path: path, reason: error.reason)
        }
        // OpenCV would inflate a gzip'd file past any size limit and parse it without these checks.
        if isCompressedName(path) {
            throw ImagingError.intrinsics(path: path, reason: "is named as a gzip'd file (.gz), and calibration and intrinsics files "
                                          + "are read as plain YAML or XML only; decompress it first (gunzip)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        let depth = FileStorageDepth.of([UInt8](data))
        if depth > nestingLimit {
            throw ImagingError.intrinsics(path: path, reason: "nests \(depth) levels deep; a calibration file nests a few "
                                          + "(at most \(nestingLimit) are read)")
        }
        let text = String(decoding: data, as: UTF8.self)
        var found: [String: Set<Int>] = [:]
        for key in keys {
            // Every place the key is written: OpenCV takes one of them, and which one is OpenCV's to decide.
            for token in values(of: key, in: text) {
                guard let number = Int(token), range.contains(number) else {
                    throw ImagingError.intrinsics(path: path, reason: "\(key): \(MessageText.quoted(token)) is not a whole number "
                                                  + "from \(range.lowerBound) to \(range.upperBound)")
                }
                found[key, default: []].insert(number)
            }
        }
        return found
    }

    /// Whether OpenCV's FileStorage reads `path` through zlib: its last `.` is followed by `gz` and the end
    /// of the name or one digit (`cal.yaml.gz`, `cal.yml.gz9`), as OpenCV decides it.
    static func isCompressedName(_ path: String) -> Bool {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let rest = Array(path.utf8[path.utf8.index(after: dot)...])
        return rest.starts(with: Array("gz".utf8))
            && (rest.count == 2 || (rest.count == 3 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(rest[2])))
    }

    /// The text of each of `key`'s values: `key: VALUE` on a YAML line, `"key": VALUE` on a JSON one, or
    /// `<key>VALUE</key>` in XML.
    static func values(of key: String, in text: String) -> [String] {
        var values: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // `key:`, `key :` (OpenCV drops the spaces before a YAML key's colon) or JSON's `"key":`.
            let name = [key, "\"\(key)\""].first { trimmed.hasPrefix($0) }
            if let name, case let after = trimmed.dropFirst(name.count).drop(while: { $0 == " " }), after.hasPrefix(":") {
                let token = after.dropFirst().split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                values.append(token.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ","))))
            } else if trimmed.hasPrefix("<\(key)>"), let end = trimmed.range(of: "</\(key)>") {
                values.append(String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: key.count + 2)..<end.lowerBound])
                    .trimmingCharacters(in: .whitespaces))
            }
        }
        return values
    }
}
