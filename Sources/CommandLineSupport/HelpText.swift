import Foundation

/// Help as printed: swift-argument-parser wraps every paragraph at the terminal's width but writes the
/// USAGE synopsis on one line (246 characters for `record`); this wraps it too, between whole
/// `[--option <value>]` groups, continuing lines under the command's name.
public enum HelpText {
    /// `help` with its `USAGE:` line wrapped at `width` columns.
    public static func wrappingUsage(_ help: String, width: Int) -> String {
        var lines = help.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }), lines[index].count > width else { return help }
        lines[index] = wrapSynopsis(lines[index], width: width).joined(separator: "\n")
        return lines.joined(separator: "\n")
    }

    /// `USAGE: tool sub [--a <a>] …` cut into lines of at most `width` columns (a group longer than a line
    /// stays whole), the continuations indented by seven spaces, under `tool`, as the parser indents them.
    static func wrapSynopsis(_ line: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: "USAGE: ".count)
        var out: [String] = []
        var current = ""
        for group in groups(of: line) {
            if current.isEmpty {
                current = (out.isEmpty ? "" : indent) + group
            } else if current.count + 1 + group.count <= width {
                current += " " + group
            } else {
                out.append(current)
                current = indent + group
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Words separated by spaces outside brackets: `[--size <W x H>]` is one group. `USAGE:` and the
    /// command's name are kept together.
    static func groups(of line: String) -> [String] {
        var groups: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            if character == "[" || character == "<" || character == "(" { depth += 1 }
            if character == "]" || character == ">" || character == ")" { depth = max(0, depth - 1) }
            if character == " " && depth == 0 {
                if !current.isEmpty { groups.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { groups.append(current) }
        // "USAGE:", the tool and its subcommands (the words before the first option) start the first line together.
        let head = groups.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && !$0.hasPrefix("<") }
        return head.isEmpty ? groups : [head.joined(separator: " ")] + groups.dropFirst(head.count)
    }

    /// The terminal's width as swift-argument-parser reads it: `COLUMNS`, else the terminal's, else 80.
    public static var screenWidth: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
