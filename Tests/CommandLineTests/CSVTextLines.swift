import Foundation

/// A small CSV of numbers written by the commands: the header line and the rows as numbers.
struct CSVTextLines {
    let header: String
    let rows: [[Double]]

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        header = lines.first ?? ""
        rows = lines.dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
    }
}
