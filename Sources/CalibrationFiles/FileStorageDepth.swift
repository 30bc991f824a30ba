/// How deeply an OpenCV FileStorage text nests, read the way OpenCV's parsers recurse over it, so that a
/// file nested past `FileStorageText.nestingLimit` is refused before OpenCV's recursive parser runs out
/// of stack (`deep: [[[[…` 300,000 deep, or `<a>` 100,000 deep, is a SIGSEGV inside OpenCV).
///
/// The format is the one OpenCV picks from the first bytes (after a UTF-8 byte order mark): `%YAML`,
/// `{` (JSON) or `<?xml`; any other text is not parsed by OpenCV at all, so it nests nothing here.
/// Where the reading differs from OpenCV's, it counts more levels, never fewer.
enum FileStorageDepth {
    /// The deepest nesting of collections (YAML and JSON) or elements (XML) in `bytes`.
    static func of(_ bytes: [UInt8]) -> Int {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let text = bytes[start...]
        if text.starts(with: Array("%YAML".utf8)) { return yaml(Array(text)) }
        if text.starts(with: Array("{".utf8)) { return json(Array(text)) }
        if text.starts(with: Array("<?xml".utf8)) { return xml(Array(text)) }
        return 0
    }

    // MARK: - XML

    /// Elements: every `<` starts a tag in OpenCV's XML (a string may not hold one); comments, the
    /// header and directives nest nothing, `<name/>` is empty and `</name>` closes.
    static func xml(_ b: [UInt8]) -> Int {
        var depth = 0, deepest = 0, i = 0
        func skip(past end: [UInt8]) {
            while i < b.count, !b[i...].starts(with: end) { i += 1 }
            i += end.count
        }
        while i < b.count {
            guard b[i] == ASCII.less else { i += 1; continue }
            let rest = b[i...]
            if rest.starts(with: Array("<!--".utf8)) { skip(past: Array("-->".utf8)); continue }
            if rest.starts(with: Array("<?".utf8)) { skip(past: Array("?>".utf8)); continue }
            let closing = i + 1 < b.count && b[i + 1] == ASCII.slash
            let directive = i + 1 < b.count && b[i + 1] == ASCII.bang
            skip(past: [ASCII.greater])
            let empty = i >= 2 && i - 2 < b.count && b[i - 2] == ASCII.slash
            if closing { depth = max(depth - 1, 0) } else if !directive && !empty { depth += 1 }
            deepest = max(deepest, depth)
        }
        return deepest
    }

    // MARK: - JSON

    /// Arrays and objects: OpenCV's JSON holds brackets only as structure, in strings ("…", with `\`
    /// escapes) or in comments (`//` to the line's end, `/* … */`), which are skipped.
    static func json(_ b: [UInt8]) -> Int {
        var depth = 0, deepest = 0, i = 0
        while i < b.count {
            switch b[i] {
            case ASCII.quote:
                i += 1
                while i < b.count && b[i] != ASCII.quote { i += b[i] == ASCII.backslash ? 2 : 1 }
            case ASCII.slash where i + 1 < b.count && b[i + 1] == ASCII.slash:
                while i < b.count && !isLineEnd(b[i]) { i += 1 }
            case ASCII.slash where i + 1 < b.count && b[i + 1] == ASCII.star:
                i += 2
                while i < b.count && !(b[i] == ASCII.star && i + 1 < b.count && b[i + 1] == ASCII.slash) { i += 1 }
                i += 1
            case ASCII.openBracket, ASCII.openBrace:
                depth += 1
                deepest = max(deepest, depth)
            case ASCII.closeBracket, ASCII.closeBrace:
                depth = max(depth - 1, 0)
            default: break
            }
            i += 1
        }
        return deepest
    }

    // MARK: - YAML

    /// Block collections and flow collections, as OpenCV's YAML parser nests them:
    /// - in the block style every `key:` and every `-` that starts no number opens a level (OpenCV reads
    ///   `a: b: c` as maps in maps, `- - x` and `--x` as sequences in sequences), and a line's levels stay
    ///   open for the lines indented further;
    /// - a flow collection opens at a value's `[` or `{` and closes at its bracket; a flow map's key runs
    ///   to its `:` whatever it holds; quoted strings and comments hold no structure.
    /// A line's first token is read as a key (OpenCV may take it as one, quotes and all), which can only
    /// count more levels than a value would.
    static func yaml(_ b: [UInt8]) -> Int {
        var deepest = 0
        // The enclosing block lines: their indentation and the levels each opened.
        var blocks: [(indent: Int, levels: Int)] = []
        var flow: [UInt8] = []  // the open flow brackets
        var flowBase = 0  // the levels around the open flow collection
        var expectKey = false  // in a flow map, before a key
        var lineStart = 0
        while lineStart < b.count {
            var lineEnd = lineStart
            while lineEnd < b.count && !isLineEnd(b[lineEnd]) { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var i = lineStart
            var enclosing = flowBase, levels = 0, indent = -1
            var atValue = false  // false: a line's first token, which may be a key or a value
            if flow.isEmpty {
                while i < lineEnd && b[i] == ASCII.space { i += 1 }
                guard i < lineEnd, b[i] != ASCII.hash, b[i] != ASCII.percent else { continue }
                indent = i - lineStart
                if b[lineStart...].starts(with: Array("---".utf8)) || b[lineStart...].starts(with: Array("...".utf8)) {
                    // A document's start (its value may follow on the line: `--- - - x`) or end.
                    atValue = b[lineStart] == ASCII.minus
                    i += 3
                    blocks.removeAll()
                }
                while let last = blocks.last, last.indent >= indent { blocks.removeLast() }
                enclosing = blocks.reduce(0) { $0 + $1.levels }
            }
            let firstToken = i
            if flow.isEmpty, i < lineEnd, [ASCII.openBracket, ASCII.openBrace, ASCII.quote, ASCII.apostrophe].contains(b[i]) {
                // A line OpenCV may read as a flow collection or a string, or as a key up to its first `:` (and
                // then a value): every character that could open a level on it is counted, closing none.
                deepest = max(deepest, enclosing + (i..<lineEnd).filter { k in
                    [ASCII.openBracket, ASCII.openBrace, ASCII.colon].contains(b[k]) || (b[k] == ASCII.minus && !startsNumber(b, k + 1, lineEnd))
                }.count)
            }
            while i < lineEnd {
                let c = b[i]
                if !flow.isEmpty {
                    // Inside flow collections, which may run over lines.
                    if c == ASCII.space { i += 1; continue }
                    if c == ASCII.hash { break }
                    if c == ASCII.comma { i += 1; expectKey = flow.last == ASCII.openBrace; continue }
                    if c == ASCII.closeBracket || c == ASCII.closeBrace { flow.removeLast(); i += 1; expectKey = false; continue }
                    if expectKey {
                        while i < lineEnd && b[i] != ASCII.colon { i += 1 }
                        i += 1; expectKey = false; continue
                    }
                    switch c {
                    case ASCII.openBracket, ASCII.openBrace:
                        flow.append(c); i += 1; expectKey = c == ASCII.openBrace
                        deepest = max(deepest, flowBase + flow.count)
                    case ASCII.bang:
                        while i < lineEnd && b[i] != ASCII.space { i += 1 }
                    case ASCII.quote, ASCII.apostrophe:
                        // A string that does not end on its line is no string (the line may be a key, `["x: [[`).
                        var end = i + 1
                        while end < lineEnd && b[end] != c { end += (c == ASCII.quote && b[end] == ASCII.backslash) ? 2 : 1 }
                        i = end < lineEnd ? end + 1 : i + 1
                    default:
                        // A plain scalar ends at `,`, `]` or `}`; it stops at a bracket too, which it may hold as
                        // text, since a line read as a key (`[a, b: [[`) opens a collection there.
                        while i < lineEnd && ![ASCII.comma, ASCII.closeBracket, ASCII.closeBrace, ASCII.openBracket, ASCII.openBrace].contains(b[i]) {
                            i += 1
                        }
                    }
                    continue
                }
                // The block style. A `#` is a comment where OpenCV looks for a token (a line's start, a value's);
                // inside a key or a plain scalar, as after a flow collection read as a key's start, it is text.
                if c == ASCII.space { i += 1; continue }
                if c == ASCII.hash && (i == firstToken || atValue) { break }
                if c == ASCII.minus && (i == firstToken || atValue) && !startsNumber(b, i + 1, lineEnd) {
                    // A block sequence's `-`, with or without a space after it (`x: ----` nests); `-1` is a number.
                    levels += 1; i += 1; atValue = true
                } else if c == ASCII.openBracket || c == ASCII.openBrace {
                    // A flow collection; what follows its end is read on as a key could be (`[a]: [...]`).
                    flowBase = enclosing + levels
                    flow = [c]; expectKey = c == ASCII.openBrace; i += 1; atValue = false
                    deepest = max(deepest, flowBase + 1)
                } else if c == ASCII.bang {
                    // A tag; a key may start with `!` too, so it stops at a `:`.
                    while i < lineEnd && b[i] != ASCII.space && b[i] != ASCII.colon { i += 1 }
                } else if atValue && (c == ASCII.quote || c == ASCII.apostrophe) {
                    break  // a quoted value: nothing may follow it on its line
                } else {
                    // A plain scalar or a key (quotes and all): each `:` in it opens a map.
                    while i < lineEnd && b[i] != ASCII.colon { i += 1 }
                    guard i < lineEnd else { break }
                    levels += 1; i += 1; atValue = true
                }
                deepest = max(deepest, enclosing + levels)
            }
            if indent >= 0 && levels > 0 { blocks.append((indent, levels)) }
        }
        return deepest
    }

    /// Whether the byte at `k` continues a `-` into a number (a digit or `.`), as OpenCV decides it.
    private static func startsNumber(_ b: [UInt8], _ k: Int, _ end: Int) -> Bool {
        k < end && (b[k] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[k]))
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == ASCII.newline || byte == ASCII.carriageReturn }

    private enum ASCII {
        static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
        static let less = UInt8(ascii: "<"), greater = UInt8(ascii: ">"), slash = UInt8(ascii: "/"), bang = UInt8(ascii: "!")
        static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\"), star = UInt8(ascii: "*")
        static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
        static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ","), minus = UInt8(ascii: "-")
        static let hash = UInt8(ascii: "#"), percent = UInt8(ascii: "%")
    }
}
