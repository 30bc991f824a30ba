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
            throw CalibrationFileError(path: path, reason: error.reason)
        }
        // OpenCV would inflate a gzip'd file past any size limit and parse it without these checks.
        if isCompressedName(path) {
            throw CalibrationFileError(path: path, reason: "is named as a gzip'd file (.gz), and calibration and intrinsics files "
                                          + "are read as plain YAML or XML only; decompress it first (gunzip)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        let depth = FileStorageDepth.of([UInt8](data))
        if depth > nestingLimit {
            throw CalibrationFileError(path: path, reason: "nests \(depth) levels deep; a calibration file nests a few "
                                          + "(at most \(nestingLimit) are read)")
        }
        let text = String(decoding: data, as: UTF8.self)
        // OpenCV keeps one of a key written twice, silently: which is its parser's choice, and a file that says two
        // things about one value is refused, whatever the key.
        if let twice = FileStorageKeys(text).duplicate {
            throw CalibrationFileError(path: path, reason: "line \(twice.line): \(twice.key): written a second time (first on line "
                                          + "\(twice.first)); write each key once")
        }
        var found: [String: Set<Int>] = [:]
        for key in keys {
            // Every place the key is written: OpenCV takes one of them, and which one is OpenCV's to decide.
            for token in values(of: key, in: text) {
                guard let number = Int(token), range.contains(number) else {
                    throw CalibrationFileError(path: path, reason: "\(key): \(MessageText.quoted(token)) is not a whole number "
                                                  + "from \(range.lowerBound) to \(range.upperBound)")
                }
                found[key, default: []].insert(number)
            }
        }
        return found
    }

    /// `reason`, a reader's message about a key (`time_offset_s: …`), with the line the key is on in `path` in front
    /// (`line 7: time_offset_s: …`), as every message about a line reads; as it was when the key is not found.
    static func locating(_ reason: String, path: String) -> String {
        guard let colon = reason.firstIndex(of: ":"), let data = FileManager.default.contents(atPath: path), data.count <= sizeLimit,
              let line = FileStorageKeys(String(decoding: data, as: UTF8.self)).line(of: String(reason[..<colon])) else { return reason }
        return "line \(line): \(reason)"
    }

    /// Runs a reader of `path`, its errors about a key given the key's line (`locating`).
    static func locatingErrors<T>(in path: String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as CalibrationFileError where error.path == path {
            throw CalibrationFileError(path: path, reason: locating(error.reason, path: path))
        }
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

/// Where a FileStorage text writes its keys: each key with its line (from 1) and the map it belongs to, for the
/// keys of YAML block maps and JSON objects written one to a line (`key: value`, `"key": value`, `- key: value`)
/// and XML elements. Keys inside flow collections (`{a: 1, b: 2}` on one line) are not listed.
struct FileStorageKeys {
    struct Key: Equatable {
        var name: String
        var line: Int
        /// The map it is a key of: equal for keys of one map.
        var map: Int
    }

    private(set) var keys: [Key] = []
    /// The map of the file's top-level keys (XML: the children of `<opencv_storage>`).
    private var topMap: Int?

    init(_ text: String) {
        let trimmed = text.drop { $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<?xml") {
            readXML(trimmed)
            topMap = 1
        } else {
            readBlocks(trimmed)
            topMap = keys.first?.map
        }
    }

    /// The first key written again in the same map: its name, its line and the line it was first on.
    var duplicate: (key: String, line: Int, first: Int)? {
        var seen: [String: Int] = [:]
        for key in keys {
            let id = "\(key.map) \(key.name)"
            if let first = seen[id] { return (key.name, key.line, first) }
            seen[id] = key.line
        }
        return nil
    }

    /// The line of `name` among the file's top-level keys, nil when it is not one.
    func line(of name: String) -> Int? {
        keys.first { $0.map == topMap && $0.name == name }?.line
    }

    /// YAML and JSON: a key's map is the run of lines at its indentation under one parent; a `-` starts a new one.
    private mutating func readBlocks(_ text: Substring) {
        var open: [(indent: Int, map: Int)] = []
        var maps = 0
        var inFlow = 0  // open brackets of a flow collection that runs over lines
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = Substring(line.hasSuffix("\r") ? line.dropLast() : line)
            var indent = rest.prefix { $0 == " " }.count
            rest = rest.dropFirst(indent)
            let startsInFlow = inFlow > 0
            inFlow = max(0, inFlow + Self.bracketBalance(rest))
            if startsInFlow || rest.isEmpty || rest.hasPrefix("#") || rest.hasPrefix("%") || rest.hasPrefix("---") { continue }
            var newMap = false
            if rest.hasPrefix("- ") {
                // A sequence item: what follows on its line starts a map of its own.
                let dashes = rest.prefix { $0 == "-" || $0 == " " }.count
                indent += dashes
                rest = rest.dropFirst(dashes)
                newMap = true
            }
            guard let name = Self.keyName(rest) else { continue }
            while let last = open.last, last.indent > indent || (newMap && last.indent == indent) { open.removeLast() }
            if open.last?.indent != indent {
                maps += 1
                open.append((indent, maps))
            }
            keys.append(Key(name: name, line: index + 1, map: open.last!.map))
        }
    }

    /// Opening less closing brackets on a line, outside quoted strings.
    private static func bracketBalance(_ line: Substring) -> Int {
        var balance = 0
        var quote: Character?
        for c in line {
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                break
            } else if c == "[" || c == "{" {
                balance += 1
            } else if c == "]" || c == "}" {
                balance -= 1
            }
        }
        return balance
    }

    /// The key a line starts with: a name (letters, digits, `_`, `-`) or a quoted one, followed by `:` and a space or
    /// the line's end.
    private static func keyName(_ line: Substring) -> String? {
        var name: Substring
        var rest: Substring
        if let quote = line.first, quote == "\"" || quote == "'" {
            guard let end = line.dropFirst().firstIndex(of: quote) else { return nil }
            name = line[line.index(after: line.startIndex)..<end]
            rest = line[line.index(after: end)...]
        } else {
            name = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            guard let first = name.first, first.isLetter || first == "_" else { return nil }
            rest = line.dropFirst(name.count)
        }
        rest = rest.drop { $0 == " " }
        guard rest.hasPrefix(":"), rest.count == 1 || rest.dropFirst().first == " " else { return nil }
        return String(name)
    }

    /// XML: every opening tag is a key of the element it is in.
    private mutating func readXML(_ text: Substring) {
        var parents: [Int] = [0]
        var elements = 0
        var line = 1
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "\n" { line += 1 }
            guard c == "<" else { i = text.index(after: i); continue }
            let rest = text[i...]
            let endMark = rest.hasPrefix("<!--") ? "-->" : rest.hasPrefix("<?") ? "?>" : ">"
            let end = rest.range(of: endMark)?.upperBound ?? text.endIndex
            let tag = text[i..<end]
            let startLine = line
            line += tag.dropFirst().filter { $0 == "\n" }.count
            i = end
            if endMark != ">" || tag.hasPrefix("<!") { continue }
            if tag.hasPrefix("</") {
                if parents.count > 1 { parents.removeLast() }
                continue
            }
            let name = tag.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            keys.append(Key(name: String(name), line: startLine, map: parents.last!))
            if !tag.hasSuffix("/>") {
                elements += 1
                parents.append(elements)
            }
        }
    }
}
