import AttitudeMath
import CommandTestSupport
import Foundation
import SafeText
import TestSupport
import XCTest

/// A seeded fuzzer over the real executables: valid logs, Sensor Logger folders and option strings are
/// mutated, and each mutant is run as a process. Every run must end by itself (a deadline per input) with
/// status 0, or one of 64 to 74 and a clean last line on stderr: no signal, no hang, no control characters, no
/// line longer than `MessageText.lineLimit` (1000) plus its prefix. Mutations that keep an input valid (comments,
/// blank lines, CRLF, padding) must succeed.
///
/// One process per input, not the library entry points: the properties checked (exit status, signals,
/// what reaches the terminal) belong to the process, and a trap in Swift is a signal that would take the
/// test runner down with it. `attitude views` reads every kind of log through the shared loader in about
/// 0.1 s, so a CI run of `defaultInputs` inputs takes a few seconds.
///
/// Longer runs: `STEADY_DICE_FUZZ_INPUTS=2000 STEADY_DICE_FUZZ_SEED=7 scripts/test --filter HostileInputFuzzTests`;
/// `STEADY_DICE_FUZZ_VERBOSE=1` prints each input's status and last stderr line, to read the messages.
/// A failing input is written to the temporary folder the failure names; copy it to `Fixtures/hostile`
/// with a line in `cases.txt`, where every input that ever failed is replayed on each run.
final class HostileInputFuzzTests: TemporaryFolderTestCase {
    static let defaultInputs = 40
    /// Seconds one input may take before it counts as a hang (debug builds on a shared machine).
    static let deadline = 30.0

    override var folderPrefix: String { "hostile" }

    override func tearDownWithError() throws {
        if let folder, testRun?.hasSucceeded ?? true { try? FileManager.default.removeItem(at: folder) }
    }

    // MARK: - The fuzzer

    func testMutatedInputsEndCleanly() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["STEADY_DICE_FUZZ_INPUTS"].flatMap(Int.init) ?? Self.defaultInputs
        let seed = environment["STEADY_DICE_FUZZ_SEED"].flatMap(UInt64.init) ?? 14
        var random = SplitMix64(seed: seed)
        var failures = 0
        var outcomes: [Int32: Int] = [:]
        for k in 0..<count {
            let input = folder.appendingPathComponent("input-\(k)")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            let (arguments, mustSucceed) = try makeCase(in: input, random: &random)
            let result = try run(arguments)
            outcomes[result.status, default: 0] += 1
            if environment["STEADY_DICE_FUZZ_VERBOSE"] == "1" {
                let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
                FileHandle.standardError.write(Data("fuzz \(k): \(result.status): \(last)\n".utf8))
            }
            if let problem = Self.problem(with: result, mustSucceed: mustSucceed) {
                failures += 1
                XCTFail("input \(k) (seed \(seed)): \(problem)\n  \(arguments.joined(separator: " "))\n  stderr: \(result.stderr.prefix(600))")
            } else {
                try? FileManager.default.removeItem(at: input)
            }
            if count > Self.defaultInputs && (k + 1) % 100 == 0 {
                FileHandle.standardError.write(Data("fuzz: \(k + 1) of \(count) inputs, \(failures) failures\n".utf8))
            }
        }
        FileHandle.standardError.write(Data("fuzz: \(count) inputs (seed \(seed)), \(failures) failures; exit statuses \(outcomes.sorted { $0.key < $1.key })\n".utf8))
        XCTAssertEqual(outcomes.keys.contains(0), true, "no input succeeded: the base inputs are wrong")
        XCTAssertGreaterThan(outcomes.filter { $0.key != 0 }.values.reduce(0, +), 0, "no input was refused: the mutations do nothing")
    }

    /// Every input that ever failed, with the status it must end with now.
    func testRegressionFixtures() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hostile")
        let cases = try String(contentsOf: fixtures.appendingPathComponent("cases.txt"), encoding: .utf8)
        var ran = 0
        for line in cases.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            var words = line.split(separator: " ").map {
                $0.replacingOccurrences(of: "$F", with: fixtures.path).replacingOccurrences(of: "$T", with: folder.path)
            }
            let expected = Int32(words.removeFirst())!
            let expectedText = words.firstIndex(of: "=>").map { i -> String in
                let text = words[(i + 1)...].joined(separator: " ")
                words.removeSubrange(i...)
                return text
            }
            let result = try run(words.map { Self.unescape($0) })
            XCTAssertEqual(result.status, expected, "\(line)\n  stderr: \(result.stderr)")
            if let problem = Self.problem(with: result, mustSucceed: expected == 0) { XCTFail("\(line): \(problem)") }
            if let expectedText { XCTAssertTrue(result.stderr.contains(expectedText), "\(line)\n  stderr: \(result.stderr)") }
            // Only the program speaks: no library's own text ("libpng error: Read Error") on stderr.
            for text in result.stderr.split(separator: "\n") where !text.hasPrefix("steady-dice: ") && !text.hasPrefix("attitude: ") {
                XCTFail("\(line): a line that is not the program's: \(text)")
            }
            ran += 1
        }
        XCTAssertGreaterThan(ran, 20)
    }

    /// The oracle: what is wrong with how a run ended, or nil.
    static func problem(with result: RunResult, mustSucceed: Bool) -> String? {
        if result.timedOut { return "no exit within \(deadline) s (a hang)" }
        if result.signalled { return "killed by signal \(result.status)" }
        // The exit-status table (CommandLineSupport.ExitStatus): 1 is only compare's "the pictures differ".
        guard [0, 64, 65, 66, 69, 73, 74].contains(result.status) else { return "exit status \(result.status), not 0 or one of 64 to 74" }
        if mustSucceed && result.status != 0 { return "a still-valid input was refused" }
        let text = result.stderr
        if text.unicodeScalars.contains(where: { $0 != "\n" && ($0.properties.generalCategory == .control) }) {
            return "a control character reached stderr"
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if let long = lines.first(where: { $0.count > MessageText.lineLimit + 20 }) { return "a stderr line of \(long.count) characters" }
        guard result.status != 0 else { return nil }
        guard let last = lines.last, !last.isEmpty else { return "refused without a message" }
        if !(last.hasPrefix("steady-dice: ") || last.hasPrefix("attitude: ")) {
            return "the last line is not a message: \(last.prefix(100))"
        }
        return nil
    }

    // MARK: - Inputs

    private func makeCase(in input: URL, random: inout SplitMix64) throws -> (arguments: [String], mustSucceed: Bool) {
        let output = input.appendingPathComponent("out.csv").path
        let benign = Int.random(in: 0..<5, using: &random) == 0
        switch Int.random(in: 0..<11, using: &random) {
        case 0..<3:
            let file = input.appendingPathComponent("raw.csv")
            try write(mutate(Self.rawLog(), benign: benign, random: &random), to: file)
            return (["attitude", "views", file.path, "-o", output], benign)
        case 3..<5:
            let file = input.appendingPathComponent("attitude.csv")
            try write(mutate(Self.attitudeLog(), benign: benign, random: &random), to: file)
            return (["attitude", "views", file.path, "-o", output], benign)
        case 5..<8:
            let recording = input.appendingPathComponent("recording")
            try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
            let files = Self.sensorLoggerFolder()
            let target = files.keys.sorted()[Int.random(in: 0..<files.count, using: &random)]
            for (name, text) in files {
                try write(name == target ? mutate(text, benign: benign, random: &random) : Array(text.utf8),
                          to: recording.appendingPathComponent(name))
            }
            return (["attitude", "views", recording.path, "-o", output], benign)
        case 8:
            let file = input.appendingPathComponent("attitude.csv")
            try write(Array(Self.attitudeLog().utf8), to: file)
            let value = String(decoding: mutate("0.9,0.1,-0.2,0.3", benign: false, random: &random).dropLast(), as: UTF8.self)
            let option = ["--relative-to", "--mag-offset"][Int.random(in: 0..<2, using: &random)]
            return (["attitude", "views", file.path, "-o", output, option, value], false)
        case 9:
            let value = String(decoding: mutate("46.5,7.25", benign: false, random: &random).dropLast(), as: UTF8.self)
            return (["attitude", "declination", value, "--date", "2026-01-01"], false)
        default:
            // steady-dice's own options; a value still valid renders a 32x24 frame (about a second).
            let (option, valid) = [("--attitude", "0.9,0.1,-0.2,0.3"), ("--size", "32x24"), ("--anchor", "30,10,4"),
                                   ("--relative-to", "1,0,0,0")][Int.random(in: 0..<4, using: &random)]
            let value = String(decoding: mutate(valid, benign: false, random: &random).dropLast(), as: UTF8.self)
            var arguments = ["steady-dice", "snapshot", "-o", input.appendingPathComponent("out.png").path, option, value]
            if option != "--size" { arguments += ["--size", "32x24"] }
            if option != "--attitude" { arguments += ["--attitude", "1,0,0,0"] }
            return (arguments, false)
        }
    }

    /// A valid raw CSV: 2 s at 100 Hz, turning slowly about z, level, with a magnetometer.
    static func rawLog() -> String {
        var text = "t,gx,gy,gz,ax,ay,az,mx,my,mz\n"
        for i in 0..<200 {
            let t = Double(i) * 0.01
            text += "\(t),0.01,-0.02,0.3,0.05,-0.02,9.81,21.5,-1.2,-42.0\n"
        }
        return text
    }

    /// A valid steady-dice attitude log, one second.
    static func attitudeLog() -> String {
        var text = "# frame: xArbitraryZVertical\nt,qw,qx,qy,qz\n"
        for i in 0..<20 {
            let angle = Double(i) * 0.05
            text += "\(Double(i) * 0.05),\(cos(angle / 2)),0,0,\(sin(angle / 2))\n"
        }
        return text
    }

    /// A valid Android Sensor Logger folder: gyroscope, total acceleration, magnetometer, metadata.
    static func sensorLoggerFolder() -> [String: String] {
        func stream(_ x: Double, _ y: Double, _ z: Double, offset: Int64) -> String {
            var text = "time,seconds_elapsed,z,y,x\n"
            for i in 0..<150 {
                let ns = 1_700_000_000_000_000_000 + offset + Int64(i) * 10_000_000
                text += "\(ns),\(Double(i) * 0.01),\(z),\(y),\(x)\n"
            }
            return text
        }
        return [
            "Gyroscope.csv": stream(0.01, 0.02, 0.2, offset: 0),
            "TotalAcceleration.csv": stream(0.1, 0.2, 9.8, offset: 3_000_000),
            "Magnetometer.csv": stream(20, -3, -40, offset: 1_000_000),
            "Metadata.csv": "version,device name,recording time,platform,appVersion\n3,Fuzz,2026-01-01_00-00-00,android,1.0\n",
        ]
    }

    // MARK: - Mutations

    /// Values that have broken parsers before: empty, non-finite, past a double or an Int64, hex, control bytes.
    static let hostileTokens = [
        "", " ", "nan", "NaN", "inf", "-inf", "1e308", "-1e308", "1e200", "1e30", "1e-320", "0x1p3", "-0", "0",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e26", "99999999999999999999999",
        "\u{1B}[31m", "\0", "\u{7F}", "\"", "\"\"", "#", ",", ",,", "1,,2", "x", "1.2.3", "+", "-", ".", "e5",
        "\u{00A0}1", "１", "\r", "\t1", String(repeating: "7", count: 300),
    ]

    /// `text` with one mutation (a few for hostile ones); a benign mutation keeps the input valid.
    private func mutate(_ text: String, benign: Bool, random: inout SplitMix64) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        func pick(_ n: Int) -> Int { Int.random(in: 0..<max(1, n), using: &random) }
        if benign {
            switch pick(4) {
            case 0: lines.insert("# a comment, \(pick(1000))", at: pick(lines.count + 1))
            case 1: lines.insert("   ", at: 1 + pick(lines.count))
            case 2: lines = lines.map { $0 + "\r" }
            default:
                let i = pick(lines.count)
                lines[i] = lines[i].split(separator: ",", omittingEmptySubsequences: false).map { " \($0) " }.joined(separator: ",")
            }
            return Array((lines.joined(separator: "\n") + "\n").utf8)
        }
        for _ in 0..<(1 + pick(3)) {
            guard !lines.isEmpty else { break }
            let i = pick(lines.count)
            switch pick(10) {
            case 0..<4:
                var fields = lines[i].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                fields[pick(fields.count)] = Self.hostileTokens[pick(Self.hostileTokens.count)]
                // Whole columns at once, so a bad value is on every row (how garbage got through before).
                if pick(3) == 0, i > 0 {
                    let column = pick(fields.count)
                    let token = Self.hostileTokens[pick(Self.hostileTokens.count)]
                    lines = lines.enumerated().map { index, line in
                        guard index > 0, !line.hasPrefix("#") else { return line }
                        var f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                        if column < f.count { f[column] = token }
                        return f.joined(separator: ",")
                    }
                } else {
                    lines[i] = fields.joined(separator: ",")
                }
            case 4: lines.remove(at: i)
            case 5: lines.insert(lines[i], at: i)
            case 6:
                let j = pick(lines.count)
                lines.swapAt(i, j)
            case 7:
                var fields = lines[i].split(separator: ",", omittingEmptySubsequences: false)
                if fields.count > 1 { fields.remove(at: pick(fields.count)) }
                lines[i] = fields.joined(separator: ",")
            case 8:
                var fields = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                fields.append(fields[pick(fields.count)])
                lines[0] = fields.joined(separator: ",")
            default:
                var bytes = Array(lines[i].utf8)
                let at = pick(bytes.count + 1)
                bytes.insert(UInt8(truncatingIfNeeded: pick(256)), at: at)
                lines[i] = String(decoding: bytes, as: UTF8.self)
            }
        }
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        if pick(8) == 0 { bytes = Array(bytes.prefix(pick(bytes.count))) }
        return bytes
    }

    // MARK: - Running

    typealias RunResult = BuiltTool.Result

    private func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }

    /// `\n`, `\t`, `\e` and `\0` in a fixture's words, for control characters in a one-line case.
    static func unescape(_ word: String) -> String {
        word.replacingOccurrences(of: "\\e", with: "\u{1B}").replacingOccurrences(of: "\\t", with: "\t")
            .replacingOccurrences(of: "\\n", with: "\n")
    }

    /// Runs `tool ARGUMENTS` (tool is `attitude` or `steady-dice`, built beside the tests) to its end or the deadline.
    private func run(_ words: [String]) throws -> RunResult {
        try BuiltTool.run(words[0], Array(words.dropFirst()), currentDirectory: folder, timeout: Self.deadline, timeoutFails: false)
    }
}
