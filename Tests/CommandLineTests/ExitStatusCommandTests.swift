import CommandTestSupport
import Foundation
import TestSupport
import XCTest

/// Both executables end an error the same way: one line `program: message` on stderr, and the status of
/// its kind from the one table (docs/commands.md, "Exit statuses").
final class ExitStatusCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "exit-status" }

    private func assertStatus(_ tool: String, _ arguments: [String], _ status: Int32, mentions text: String,
                              environment: [String: String]? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try BuiltTool.run(tool, arguments, environment: environment, timeout: 60)
        XCTAssertEqual(result.status, status, "\(tool) \(arguments): \(result.stderr)", file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertTrue(lines.last?.hasPrefix("\(tool): ") == true, "the last line is \(tool)'s message: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), result.stderr, file: file, line: line)
    }

    func testEveryKindOfErrorHasItsStatusInBothExecutables() throws {
        let bad = path("bad.csv")
        try "t,qw,qx,qy,qz\n0,1,0,0,0\n0.1,1,x,0,0\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let good = path("good.csv")
        try "t,qw,qx,qy,qz\n0,1,0,0,0\n0.1,1,0,0,0\n".write(toFile: good, atomically: true, encoding: .utf8)
        let snapshot = ["snapshot", "--size", "64x48"]

        // 64: usage.
        try assertStatus("steady-dice", snapshot + ["--attitude", "1,0,0", "-o", path("a.png")], 64, mentions: "w,x,y,z")
        try assertStatus("attitude", ["views", good, "-o", path("v.csv"), "--kalman-r", "0"], 64, mentions: "--kalman-r")
        // 65: data.
        try assertStatus("steady-dice", snapshot + ["--log", bad, "-o", path("a.png")], 65, mentions: "bad.csv:3")
        try assertStatus("attitude", ["views", bad, "-o", path("v.csv")], 65, mentions: "bad.csv:3")
        // 66: no input.
        try assertStatus("steady-dice", snapshot + ["--log", path("absent.csv"), "-o", path("a.png")], 66, mentions: "absent.csv: no such file")
        try assertStatus("attitude", ["views", "/dev/zero", "-o", path("v.csv")], 66, mentions: "/dev/zero: is a character device")
        // 69: unavailable.
        try assertStatus("steady-dice", snapshot + ["--imud", "unix:\(path("none.sock"))", "--timeout", "0.2", "-o", path("a.png")], 69,
                         mentions: "none.sock")
        var noDisplay = ProcessInfo.processInfo.environment
        noDisplay["DISPLAY"] = nil
        noDisplay["WAYLAND_DISPLAY"] = nil
        try assertStatus("steady-dice", ["run", "--frames", "1"], 69, mentions: "no display", environment: noDisplay)
        // 74: I/O.
        try assertStatus("steady-dice", snapshot + ["--log", good, "-o", path("missing/a.png")], 74, mentions: "does not exist")
        try assertStatus("attitude", ["views", good, "-o", path("missing/v.csv")], 74, mentions: "does not exist")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a.png")), "no refused run wrote its output")
    }

    /// compare's 1 is an answer, not an error: the pictures differ.
    func testCompareAnswersOneWhenThePicturesDiffer() throws {
        let a = path("a.png"), b = path("b.png")
        XCTAssertEqual(try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--size", "64x48", "-o", a]).status, 0)
        XCTAssertEqual(try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "0.9,0.3,0,0", "--size", "64x48", "-o", b]).status, 0)
        XCTAssertEqual(try BuiltTool.run("steady-dice", ["compare", a, a]).status, 0)
        XCTAssertEqual(try BuiltTool.run("steady-dice", ["compare", a, b]).status, 1)
        try assertStatus("steady-dice", ["compare", a, path("absent.png")], 66, mentions: "cannot compare")
    }
}
