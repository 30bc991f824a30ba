import CommandLineSupport
import CommandTestSupport
import Foundation
import Imaging
import Pixels
import Render
import TestSupport
import Workers
import XCTest

/// SIGINT stops every command of both executables through one exit (`mainWithOneLineErrors`, with the partial outputs
/// `OutputFiles` registers): exit 130, one line on stderr, nothing partial left (a convert stopped while writing leaves
/// no `.partial` file beside its output).
///
/// The commands are the executables' own list (`--experimental-dump-help`), so a new command without a recipe here
/// fails the test until it has one. Each runs on a generated input big enough to be interrupted mid-work, with its
/// standard output a pipe already full: a command that prints is held at its first write, so even one that does
/// little work is still running when the signal comes.
final class InterruptEveryCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "interrupt-every-command" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try makeInputs()
    }

    /// When the signal is sent.
    enum Moment {
        /// As soon as the process has its SIGINT handler: `run`, whose window, once open, takes Ctrl-C as Q does
        /// (exit 0, the frame saved: WindowCommandTests), is stopped while it loads its log.
        case started
        /// Once the process has its SIGINT handler and had a moment (50 ms) to start its work.
        case working
        /// Once a partial output (`.NAME.partial-PID-N.EXT`) is on disk: the signal comes while it is written.
        case writing
    }

    struct Recipe {
        var arguments: [String]
        var moment: Moment
        /// The outputs it names, which must not be there after a stop that says nothing was kept.
        var outputs: [String]
    }

    /// Commands whose documented end is Ctrl-C, with exit status 0 and what they wrote kept, each covered by its own
    /// tests: a recording (`record`, LiveRigCommandTests) and a feed (`feed`, CommandTests) run until stopped.
    static let endedByCtrlC: Set<String> = ["steady-dice record", "steady-dice feed"]

    private func recipes() throws -> [String: Recipe] {
        let demo = try Assets.locate().models.appendingPathComponent("demo-attitude.csv").path
        let clip = try CalibrateCommandTests.longClip()
        return [
            "steady-dice run": Recipe(arguments: ["run", "--log", "big.csv", "--size", "64x48", "--frames", "2"], moment: .started, outputs: []),
            "steady-dice snapshot": Recipe(arguments: ["snapshot", "--log", "big.csv", "--at", "1", "--size", "64x48", "-o", "s.png"],
                                           moment: .working, outputs: ["s.png"]),
            "steady-dice render": Recipe(arguments: ["render", "--log", demo, "--size", "320x240", "--fps", "30", "-o", "r.mkv"],
                                         moment: .writing, outputs: ["r.mkv"]),
            "steady-dice compare": Recipe(arguments: ["compare", "a.png", "b.png", "--diff", "d.png"], moment: .working, outputs: ["d.png"]),
            "steady-dice bench": Recipe(arguments: ["bench", "--size", "64x48", "--frames", "100", "--repeats", "100000"],
                                        moment: .working, outputs: []),
            "steady-dice calibrate": Recipe(arguments: ["calibrate", "--video", clip.clip, "--log", clip.log, "-o", "c.yaml"],
                                            moment: .working, outputs: ["c.yaml"]),
            "steady-dice calibration-clip": Recipe(arguments: ["calibration-clip", "--trial", Fixtures.broadTrial02Excerpt, "--start", "110",
                                                               "--duration", "20", "--size", "320x240", "--video", "k.mkv", "--log", "k.csv"],
                                                   moment: .writing, outputs: ["k.mkv", "k.csv"]),
            "attitude fuse": Recipe(arguments: ["fuse", "raw.csv", "-o", "f.csv"], moment: .writing, outputs: ["f.csv"]),
            "attitude convert": Recipe(arguments: ["convert", "big.csv", "-o", "c.csv"], moment: .writing, outputs: ["c.csv"]),
            "attitude eval": Recipe(arguments: ["eval", "raw.csv", "--plot", "e.png"], moment: .working, outputs: ["e.png"]),
            "attitude plot": Recipe(arguments: ["plot", "big.csv", "-o", "p.png"], moment: .working, outputs: ["p.png"]),
            "attitude compare": Recipe(arguments: ["compare", "big.csv", "big.csv", "--plot", "q.png"], moment: .working, outputs: ["q.png"]),
            "attitude bench": Recipe(arguments: ["bench", "raw.csv", "--runs", "1000"], moment: .working, outputs: []),
            "attitude views": Recipe(arguments: ["views", "big.csv", "-o", "v.csv"], moment: .working, outputs: ["v.csv"]),
            "attitude declination": Recipe(arguments: ["declination", "46.5,7.25", "--date", "2026-01-01"], moment: .working, outputs: []),
            "attitude location": Recipe(arguments: ["location", "Location.csv", "-o", "l.csv"], moment: .working, outputs: ["l.csv"]),
            "attitude terrain": Recipe(arguments: ["terrain", "46.5,7.25", "--srtm", "."], moment: .working, outputs: []),
        ]
    }

    // MARK: - Inputs

    /// An attitude log of 600,000 samples (about 30 MB), a raw log of 300,000 with reference columns, two pictures, a
    /// Location.csv of 200,000 fixes and an SRTM tile.
    private func makeInputs() throws {
        func write(_ name: String, header: String, rows: Int, _ row: (Int) -> String) throws {
            var text = header
            text.reserveCapacity(rows * 64)
            for k in 0..<rows { text += row(k) + "\n" }
            try text.write(toFile: path(name), atomically: false, encoding: .utf8)
        }
        try write("big.csv", header: "# frame: xArbitraryZVertical\nt,qw,qx,qy,qz\n", rows: 600_000) { k in
            let half = Double(k) * 0.0005
            return "\(Double(k) * 0.01),\(cos(half)),0,0,\(sin(half))"
        }
        try write("raw.csv", header: "t,gx,gy,gz,ax,ay,az,qw,qx,qy,qz\n", rows: 300_000) { k in
            "\(Double(k) * 0.005),0.01,0.02,0.03,0,0,9.81,1,0,0,0"
        }
        let start: Int64 = 1_700_000_000_000_000_000
        try write("Location.csv", header: "time,latitude,longitude,altitude,horizontalAccuracy\n", rows: 200_000) { k in
            "\(start + Int64(k) * 1_000_000_000),46.5,7.25,\(500 + k % 7),5"
        }
        for (name, fill) in [("a.png", (UInt8(10), UInt8(120), UInt8(200))), ("b.png", (UInt8(12), UInt8(118), UInt8(203)))] {
            try RGBImage(width: 2048, height: 2048, fill: fill).write(path: path(name))
        }
        // An SRTM tile of 1201 x 1201 big-endian zeros.
        try Data(count: 1201 * 1201 * 2).write(to: folder.appendingPathComponent("N46E007.hgt"))
    }

    // MARK: - The commands

    /// `tool`'s leaf commands as `tool sub [sub]`, from the parser's own description of it.
    private func commands(of tool: String) throws -> [String] {
        let dump = try BuiltTool.run(tool, ["--experimental-dump-help"], timeout: 60)
        let root = try XCTUnwrap(TypoFinder.tool(fromDump: dump.stdout), "\(tool) --experimental-dump-help: \(dump.stderr)")
        func leaves(_ command: TypoFinder.Command, _ prefix: String) -> [String] {
            let name = prefix.isEmpty ? command.commandName : prefix + " " + command.commandName
            let subcommands = (command.subcommands ?? []).filter { $0.commandName != "help" }
            return subcommands.isEmpty ? [name] : subcommands.flatMap { leaves($0, name) }
        }
        return leaves(root, "")
    }

    func testEveryCommandStopsOnSIGINTWithOneLineAndNothingPartial() throws {
        let recipes = try recipes()
        let commands = try commands(of: "steady-dice") + commands(of: "attitude")
        XCTAssertGreaterThanOrEqual(commands.count, 19, "\(commands)")
        for command in commands where !Self.endedByCtrlC.contains(command) {
            guard let recipe = recipes[command] else {
                XCTFail("\(command) has no recipe here: give it one, so that a SIGINT mid-work is checked for it too")
                continue
            }
            let tool = String(command.split(separator: " ")[0])
            let stopped = try interrupt(tool, recipe)
            let what = "\(command) (\(recipe.moment))"
            XCTAssertTrue(stopped.exited, "\(what): ended by the raw signal, not by the command: \(stopped.stderr)")
            XCTAssertEqual(stopped.status, 130, "\(what): \(stopped.stderr)")
            let lines = stopped.stderr.split(separator: "\n").map(String.init)
            let said = lines.filter { $0.contains("stopped by a signal") }
            XCTAssertEqual(said.count, 1, "\(what): one line says it was stopped: \(stopped.stderr)")
            XCTAssertEqual(lines.last, said.first, "\(what): the stop is the last line: \(stopped.stderr)")
            XCTAssertTrue(said.first?.hasPrefix("\(tool): ") == true, "\(what): \(stopped.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertEqual(names.filter { $0.contains(".partial-") }, [], "\(what): a partial output is left")
            if said.first?.hasSuffix("nothing was kept") == true || said.first?.hasSuffix("nothing was written") == true {
                for output in recipe.outputs { XCTAssertFalse(names.contains(output), "\(what): \(output) was kept") }
            }
            // What a failing command left is cleared, so that the next one starts from the same folder.
            for name in names where recipe.outputs.contains(name) || name.contains(".partial-") {
                try? FileManager.default.removeItem(atPath: path(name))
            }
            FileHandle.standardError.write(Data("interrupt: \(what): \(stopped.status), \(said.first ?? "-")\n".utf8))
        }
    }

    /// Starts `tool` with `recipe`'s arguments in the scratch folder, its standard output a full pipe, sends SIGINT at
    /// the recipe's moment, and waits for its end.
    private func interrupt(_ tool: String, _ recipe: Recipe) throws -> (status: Int32, exited: Bool, stderr: String) {
        let stdout = Pipe()
        let writeEnd = stdout.fileHandleForWriting.fileDescriptor
        // Filled without blocking, then made blocking again for the command, whose first write then waits.
        let flags = fcntl(writeEnd, F_GETFL)
        _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        while chunk.withUnsafeBytes({ Foundation.write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(writeEnd, F_SETFL, flags)
        let errors = Pipe()
        let collected = Locked(Data())
        errors.fileHandleForReading.readabilityHandler = { collected.append(contentsOf: $0.availableData) }
        func said() -> String { String(decoding: collected.current, as: UTF8.self) }
        let process = Process()
        process.executableURL = try BuiltTool.url(tool)
        process.arguments = recipe.arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        // A handler comes at the start, before the command line is parsed: one that is not there in 30 s never comes.
        let handlerDeadline = Date(timeIntervalSinceNow: 30)
        while process.isRunning, !Self.catchesSIGINT(pid), Date() < handlerDeadline { usleep(1000) }
        let deadline = Date(timeIntervalSinceNow: 300)
        func ready() -> Bool {
            guard Self.catchesSIGINT(pid) else { return Date() >= handlerDeadline }
            switch recipe.moment {
            case .started, .working: return true
            case .writing:
                // A partial output of this command's own (`.NAME.partial-PID-N.EXT`).
                let stems = recipe.outputs.map { "." + (($0 as NSString).deletingPathExtension) + ".partial-\(pid)-" }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                return names.contains { name in stems.contains { name.hasPrefix($0) } }
            }
        }
        while process.isRunning, !ready(), Date() < deadline { usleep(1000) }
        if recipe.moment == .working { usleep(50_000) }
        XCTAssertTrue(process.isRunning, "\(recipe.arguments.first ?? ""): ended before it could be interrupted: \(said())")
        kill(pid, SIGINT)
        BuiltTool.finish(process, within: 60, what: "\(tool) \(recipe.arguments.first ?? "") after SIGINT")
        errors.fileHandleForReading.readabilityHandler = nil
        collected.append(contentsOf: errors.fileHandleForReading.readDataToEndOfFile())
        try? stdout.fileHandleForReading.close()
        return (process.terminationStatus, process.terminationReason == .exit, said())
    }

    /// Whether process `pid` has a handler for SIGINT (bit 2 of SigCgt in /proc/PID/status).
    private static func catchesSIGINT(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << (UInt64(SIGINT) - 1)) != 0
    }
}
