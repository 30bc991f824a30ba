import AttitudeMath
import CSVText
import Foundation
import XCTest

final class CSVTextTests: XCTestCase {
    /// Each line's kind and number, and each field's text.
    private func layout(_ text: CSVText) -> [String] {
        text.lines.map { line in
            let body: String
            switch line.kind {
            case .comment: body = "#" + text.commentText(of: line)
            case .header: body = "H " + text.fields(of: line).map(text.string).joined(separator: "|")
            case .row: body = "R " + text.fields(of: line).map(text.string).joined(separator: "|")
            }
            return "\(line.number) \(body)"
        }
    }

    /// The single field of a one-row table, as a double.
    private func double(_ field: String) -> Double? {
        let text = CSVText("h\n\(field)\n")
        return text.rows.first.flatMap { text.fields(of: $0).first }.flatMap(text.double)
    }

    private func int64(_ field: String) -> Int64? {
        let text = CSVText("h\n\(field)\n")
        return text.rows.first.flatMap { text.fields(of: $0).first }.flatMap(text.int64)
    }

    // MARK: - Lines

    func testCommentsHeaderRowsAndLineNumbers() {
        let text = CSVText("# first\n\n  # indented comment  \na,b\n1,2\n\n# between\n3,4")
        XCTAssertEqual(layout(text), ["1 #first", "3 #indented comment", "4 H a|b", "5 R 1|2", "7 #between", "8 R 3|4"])
        XCTAssertEqual(text.lineCount, 8)
        XCTAssertEqual(text.header, CSVHeader(names: ["a", "b"], line: 4))
        XCTAssertEqual(text.rows.map(\.number), [5, 8])
    }

    func testBlankLinesOfSpacesTabsAndCarriageReturnsAreSkipped() {
        let text = CSVText(" \t \r\n\r\nx\n \t\n1\n")
        XCTAssertEqual(layout(text), ["3 H x", "5 R 1"])
        XCTAssertEqual(text.lineCount, 5)
    }

    func testByteOrderMarkIsSkipped() {
        let text = CSVText("\u{FEFF}t,x\n1,2\n")
        XCTAssertEqual(text.header?.names, ["t", "x"])
        XCTAssertEqual(text.header?.line, 1)
        let data = CSVText(Data([0xEF, 0xBB, 0xBF]) + Data("# c\nt\n".utf8))
        XCTAssertEqual(layout(data), ["1 #c", "2 H t"])
        // Only at the very start: elsewhere it is text.
        XCTAssertEqual(CSVText("t\n\u{FEFF}1\n").rows.count, 1)
    }

    func testCRLFLineEnds() {
        let text = CSVText("# c\r\nt, x\r\n1,2\r\n\r\n3,4\r\n")
        XCTAssertEqual(layout(text), ["1 #c", "2 H t|x", "3 R 1|2", "5 R 3|4"])
    }

    func testEmptyTextAndOnlyComments() {
        let empty = CSVText("")
        XCTAssertNil(empty.header)
        XCTAssertEqual(empty.lineCount, 0)
        XCTAssertTrue(empty.lines.isEmpty)
        XCTAssertEqual(CSVText("\u{FEFF}").lineCount, 0)
        let comments = CSVText("# a\n\n# b\n")
        XCTAssertNil(comments.header)
        XCTAssertEqual(comments.lineCount, 3)
        XCTAssertTrue(comments.rows.isEmpty)
    }

    // MARK: - Fields

    func testFieldsAreTrimmedAndUnquoted() {
        let text = CSVText("a,b,c,d,e\n 1 ,\t\"2\"\t,\" 3 \",\"\",x y\r\n")
        XCTAssertEqual(layout(text), ["1 H a|b|c|d|e", "2 R 1|2|3||x y"])
        // A lone quote, or one on one side only, stays.
        let odd = CSVText("h\n\",\"a,b\"\n")
        XCTAssertEqual(layout(odd).last, "2 R \"|\"a|b\"")
    }

    func testFieldCountsIncludeEmptyFields() {
        let text = CSVText("a\n1\n,\n1,,3\n,,,\n")
        XCTAssertEqual(text.rows.map { text.fields(of: $0).count }, [1, 2, 3, 4])
        XCTAssertEqual(text.fields(of: text.rows[2]).map(\.isEmpty), [false, true, false])
    }

    func testFieldsIntoReusesTheArray() {
        let text = CSVText("a,b,c\n1,2,3\n4,5\n")
        var fields: [CSVText.Field] = []
        text.fields(of: text.rows[0], into: &fields)
        XCTAssertEqual(fields.count, 3)
        text.fields(of: text.rows[1], into: &fields)
        XCTAssertEqual(fields.map(text.string), ["4", "5"])
    }

    // MARK: - Rows checked against the header

    /// The error a row gives, or nil when it matches the header.
    private func rowError(_ text: CSVText, _ row: CSVText.Line) throws -> CSVRowError? {
        let header = try XCTUnwrap(text.header)
        do {
            let fields = try text.fields(of: row, matching: header)
            XCTAssertEqual(fields.count, header.count)
            return nil
        } catch {
            return error
        }
    }

    func testAShortRowNamesItsFirstMissingColumn() throws {
        let text = CSVText("t,gx,gy,gz\n0,1,2,3\n0.01,1\n")
        XCTAssertNil(try rowError(text, text.rows[0]))
        let error = try XCTUnwrap(try rowError(text, text.rows[1]))
        XCTAssertEqual(error, CSVRowError(line: 3, expected: 4, found: 2, missingColumn: "gy"))
        XCTAssertEqual(error.description, "expected 4 fields as in the header, found 2")
        // An empty field is a field: a trailing comma makes the row long enough.
        let trailingComma = CSVText("a,b\n1,\n")
        XCTAssertNil(try rowError(trailingComma, trailingComma.rows[0]))
    }

    func testALongRowNamesNoColumn() throws {
        let text = CSVText("a,b\n1,2,3\n")
        let error = try XCTUnwrap(try rowError(text, text.rows[0]))
        XCTAssertEqual(error, CSVRowError(line: 2, expected: 2, found: 3, missingColumn: nil))
        XCTAssertEqual(error.description, "expected 2 fields as in the header, found 3")
    }

    func testRowErrorsCountCommentsAndBlankLines() throws {
        let text = CSVText("# made by a test\r\n\r\n  \na,b,c\r\n# a note\r\n1,2,3\r\n\r\n4,5\r\n")
        XCTAssertEqual(text.rows.map(\.number), [6, 8])
        XCTAssertNil(try rowError(text, text.rows[0]))
        XCTAssertEqual(try rowError(text, text.rows[1]), CSVRowError(line: 8, expected: 3, found: 2, missingColumn: "c"))
    }

    func testFieldsMatchingReuseTheArrayAndHoldTheShortRow() throws {
        let text = CSVText("a,b,c\n1,2,3\n4\n")
        let header = try XCTUnwrap(text.header)
        var fields: [CSVText.Field] = []
        try text.fields(of: text.rows[0], matching: header, into: &fields)
        XCTAssertEqual(fields.map(text.string), ["1", "2", "3"])
        XCTAssertThrowsError(try text.fields(of: text.rows[1], matching: header, into: &fields))
        XCTAssertEqual(fields.map(text.string), ["4"], "the fields found, for a reader that reports them")
    }

    // MARK: - Files without a header

    func testHeaderlessRowsAreEveryLineButComments() {
        let text = CSVText("# x,y,z,t\n\n1,2,3,4\r\n# note\n5,6,7,8\n")
        XCTAssertEqual(text.headerlessRows.map(\.number), [3, 5])
        XCTAssertEqual(text.headerlessRows.map { text.fields(of: $0).map(text.string) }, [["1", "2", "3", "4"], ["5", "6", "7", "8"]])
        XCTAssertTrue(CSVText("# only\n").headerlessRows.isEmpty)
    }

    func testAtMostSomeFieldsTheLastHoldingTheRest() {
        let text = CSVText("t,filename\n1.5, a, b.png \n2,\"c,d.png\"\n3\n4,\n")
        let rows = text.rows
        XCTAssertEqual(text.fields(of: rows[0], maxCount: 2).map(text.string), ["1.5", "a, b.png"])
        XCTAssertEqual(text.fields(of: rows[1], maxCount: 2).map(text.string), ["2", "c,d.png"], "unquoted as any field")
        XCTAssertEqual(text.fields(of: rows[2], maxCount: 2).map(text.string), ["3"])
        XCTAssertEqual(text.fields(of: rows[3], maxCount: 2).map(text.string), ["4", ""])
        XCTAssertEqual(text.fields(of: rows[0], maxCount: 1).map(text.string), ["1.5, a, b.png"])
        XCTAssertEqual(text.fields(of: rows[0], maxCount: 5), text.fields(of: rows[0]))
    }

    func testNonASCIIText() {
        let text = CSVText("# Gerät 🎲\nOrt,t\n Küche ,1\n")
        XCTAssertEqual(layout(text), ["1 #Gerät 🎲", "2 H Ort|t", "3 R Küche|1"])
        let invalid = CSVText(Data([0x74, 0x0A, 0xFF, 0x2C, 0x31, 0x0A]))
        XCTAssertEqual(invalid.fields(of: invalid.rows[0]).map(invalid.string), ["\u{FFFD}", "1"])
    }

    // MARK: - Header

    func testColumnsAreFoundWithoutRegardToCase() {
        let header = CSVText("\"T\", Qw ,Time (s),qw\n").header
        XCTAssertEqual(header?.names, ["T", "Qw", "Time (s)", "qw"])
        XCTAssertEqual(header?.count, 4)
        XCTAssertEqual(header?.index(of: "t"), 0)
        XCTAssertEqual(header?.index(of: "QW"), 1, "the first of two")
        XCTAssertEqual(header?.index(of: "time (S)"), 2)
        XCTAssertNil(header?.index(of: "qx"))
    }

    // MARK: - Numbers

    func testDecimalNumbers() {
        let cases: [(String, Double)] = [
            ("0", 0), ("12", 12), ("-0.5", -0.5), ("+2.5E+2", 250), (".5", 0.5), ("5.", 5), ("1e-3", 0.001),
            ("0.003195698", 0.003195698), ("-40.75772", -40.75772), ("0.6987404400059873", 0.6987404400059873),
            ("1e22", 1e22), ("1e23", 1e23), ("123456789012345678901234", 123456789012345685803008),
            ("4.9e-324", .leastNonzeroMagnitude), ("1.7976931348623157e308", .greatestFiniteMagnitude), ("00012.50", 12.5),
            ("1700000000000000001", 1.7e18), ("\"7\"", 7),
        ]
        for (field, value) in cases {
            XCTAssertEqual(double(field), value, field)
        }
        XCTAssertEqual(double("-0")?.sign, .minus)
        XCTAssertEqual(double("1e999"), .infinity)
        XCTAssertEqual(double("-1e999"), -.infinity)
        XCTAssertEqual(double("1e-999"), 0)
    }

    func testNonFiniteNumbers() {
        for field in ["nan", "NaN", "-nan", "+NAN"] {
            XCTAssertEqual(double(field)?.isNaN, true, field)
        }
        for field in ["inf", "Inf", "+infinity", "INFINITY"] {
            XCTAssertEqual(double(field), .infinity, field)
        }
        XCTAssertEqual(double("-inf"), -.infinity)
        XCTAssertEqual(double("-Infinity"), -.infinity)
    }

    func testNotNumbers() throws {
        for field in ["", "\"\"", "-", "+", ".", "e5", ".e1", "1e", "1e+", "0x1p3", "0x10", "nan(1)", "infin", "nanx",
                      "1.2.3", "1 0", "1,5", "1_000", "12abc", "1e5x", "--1", "+-1", "0é", "١"] {
            let text = CSVText("h\n\(field)\n")
            // An empty line is no row, and "1,5" is two fields: each of those is checked as what it is.
            switch field {
            case "": XCTAssertNil(text.rows.first, "an empty line is no row")
            case "1,5": XCTAssertEqual(text.rows.first.map { text.fields(of: $0).count }, 2)
            default:
                let row = try XCTUnwrap(text.rows.first, "no row for \(field)")
                XCTAssertEqual(text.fields(of: row).count, 1, field)
                XCTAssertNil(text.double(try XCTUnwrap(text.fields(of: row).first, field)), field)
            }
        }
        XCTAssertNil(double("\"1\"2"))
    }

    /// The fast path and strtod agree on every number a logger might print, to the bit (seeded: the same numbers on
    /// every run, so a failure comes back).
    func testFastPathMatchesStrtod() {
        var generator = SplitMix64(seed: 0xC5F_7E47)
        for _ in 0..<5_000 {
            let value = Double.random(in: -1000...1000, using: &generator) * pow(10, Double(Int.random(in: -25...25, using: &generator)))
            for format in ["%.17g", "%.9g", "%.6f", "%.3e", "%.15g", "%.16g", "%.20f"] {
                let field = String(format: format, value)
                XCTAssertEqual(double(field)?.bitPattern, strtod(field, nil).bitPattern, field)
            }
        }
    }

    // MARK: - Integers

    func testIntegers() {
        XCTAssertEqual(int64("1700000000000000001"), 1_700_000_000_000_000_001)
        XCTAssertEqual(int64("+5"), 5)
        XCTAssertEqual(int64("-12"), -12)
        XCTAssertEqual(int64("007"), 7)
        XCTAssertEqual(int64("9223372036854775807"), .max)
        XCTAssertEqual(int64("-9223372036854775808"), .min)
        for field in ["", "-", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.0", "1e3",
                      "12a", "0x10", " 1 2"] {
            XCTAssertNil(int64(field), field)
        }
    }
}
