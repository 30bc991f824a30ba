import AttitudeMath
import CalibrationFiles
import Camera
import CommandTestSupport
import FileAccess
import Foundation
import Imaging
import Pixels
import Rig
import TestSupport
import XCTest

/// The output and input policies (`OutputFiles`, `InputFile`) seen from outside, on the real executables:
/// a seeded fuzzer over every command that writes or reads a file, given outputs and inputs that are
/// folders, FIFOs, devices, sockets, links to an input, missing folders, names with control bytes, and
/// sizes and rates a video cannot take; and, before it, every finding of the fuzz round that asked for
/// these policies, as a regression case.
///
/// After each run the scratch folder is compared with what it held before (kind, inode, size and a hash
/// of every entry): a run that failed may have changed nothing, and one that succeeded only the outputs
/// it was asked for. Every run must end by itself within `deadline`, never exit 0 after a failed write,
/// and say on stderr only clean lines: no control bytes, no library log lines, no temporary names.
///
/// `STEADY_DICE_FUZZ_INPUTS=2000 STEADY_DICE_FUZZ_SEED=9 scripts/test --filter FilePolicyFuzzTests` runs longer.
final class FilePolicyFuzzTests: TemporaryFolderTestCase {
    /// Sized to a few seconds with release executables; `STEADY_DICE_FUZZ_INPUTS` runs more by hand.
    static let defaultCases = 72
    /// Seconds one run may take before it counts as a hang (a debug build on a loaded 2-core machine).
    static let deadline = 60.0

    private var socketDescriptor: Int32 = -1

    override var folderPrefix: String { "file-policy" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try makeScene()
    }

    override func tearDownWithError() throws {
        if socketDescriptor >= 0 { close(socketDescriptor) }
        // A locked folder's entries cannot be removed until it is opened again.
        if folder != nil { chmod(path("locked"), 0o755) }
        try super.tearDownWithError()
    }

    // MARK: - The scene: good inputs and hazards

    /// Names of good inputs.
    static let log = "a.csv", picture = "p.png", video = "v.avi", calibration = "cal.yaml", location = "Location.csv"
    static let trial = "trial.csv.xz"
    /// Hazards: what an output must never replace and an input must be refused as.
    static let hazards: [String] = ["full.mkv", "full.png", "full.csv", "full.yaml", "fifo.mkv", "fifo.png", "fifo.csv",
                                    "fifo.yaml", "socket.png", "socket.csv", "link-to-log.csv", "hard-link-to-log.csv",
                                    "empty.png", "empty.csv", "device"]

    private func makeScene() throws {
        let samples = (0..<21).map { k -> String in
            let q = Quaternion(axis: SIMD3(0, 0, 1), angle: Double(k) * 0.05)
            return "\(Double(k) * 0.1),\(q.w),\(q.x),\(q.y),\(q.z)"
        }
        try ("# frame: xArbitraryZVertical\nt,qw,qx,qy,qz\n" + samples.joined(separator: "\n") + "\n").write(toFile: path(Self.log), atomically: false, encoding: .utf8)
        try RGBImage(width: 32, height: 24, fill: (10, 120, 200)).write(path: path(Self.picture))
        let outputs = OutputFiles()
        let video = try VideoOutput(output: outputs.stage(path(Self.video), option: "test"), framesPerSecond: 10, size: PictureSize(fixedWidth: 32, height: 24))
        for k in 0..<5 { try video.write(RGBImage(width: 32, height: 24, fill: (UInt8(k * 40), 60, 90))) }
        try video.finish()
        try outputs.commit()
        try Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 60, size: PictureSize(fixedWidth: 32, height: 24))), deviceFromIMU: .identity,
                timeOffset: TimeOffset(seconds: 0), fit: RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 5, framesTotal: 5))
            .write(path: path(Self.calibration))
        let start: Int64 = 1_700_000_000_000_000_000
        let fixes = (0..<10).map { k in "\(start + Int64(k) * 1_000_000_000),46.5,7.25,\(500 + k),5" }
        try ("time,latitude,longitude,altitude,horizontalAccuracy\n" + fixes.joined(separator: "\n") + "\n")
            .write(toFile: path(Self.location), atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Fixtures.broadTrial02Excerpt, toPath: path(Self.trial))

        for name in ["full.mkv", "full.png", "full.csv", "full.yaml"] {
            try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: false)
            try "keep".write(toFile: path(name) + "/inside.txt", atomically: false, encoding: .utf8)
        }
        for name in ["fifo.mkv", "fifo.png", "fifo.csv", "fifo.yaml"] { XCTAssertEqual(mkfifo(path(name), 0o644), 0) }
        for name in ["socket.png", "socket.csv"] { try bindSocket(path(name)) }
        XCTAssertEqual(symlink(path(Self.log), path("link-to-log.csv")), 0)
        XCTAssertEqual(link(path(Self.log), path("hard-link-to-log.csv")), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: path("empty.png"), contents: Data()))
        XCTAssertTrue(FileManager.default.createFile(atPath: path("empty.csv"), contents: Data()))
        // A character device of our own (the null device's numbers) when we may make one; else a FIFO stands in.
        if getuid() != 0 || mknod(path("device"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) != 0 {
            XCTAssertEqual(mkfifo(path("device"), 0o644), 0)
        }
        try FileManager.default.createDirectory(atPath: path("locked"), withIntermediateDirectories: false)
    }

    private func bindSocket(_ socketPath: String) throws {
        let fd = UnixSocket.bound(at: socketPath)
        XCTAssertGreaterThanOrEqual(fd, 0, "bind \(socketPath)")
        if socketDescriptor < 0 { socketDescriptor = fd } else { close(fd) }
    }

    // MARK: - What the folder holds

    struct Entry: Equatable {
        var kind: mode_t
        var inode: UInt64
        var size: Int64
        var hash: UInt64
    }

    /// Every entry under the scratch folder, recursively (not following links), with a hash of each file.
    private func state() -> [String: Entry] {
        var out: [String: Entry] = [:]
        func walk(_ relative: String) {
            let full = relative.isEmpty ? folder.path : path(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(path(child), &info) == 0 else { continue }
                let kind = info.st_mode & S_IFMT
                var hash: UInt64 = 0
                // Big files (the sparse 3 GiB tile) are told apart by inode and size alone.
                if kind == S_IFREG, info.st_size <= 64 << 20, let data = FileManager.default.contents(atPath: path(child)) {
                    hash = 0xCBF2_9CE4_8422_2325
                    for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
                }
                out[child] = Entry(kind: kind, inode: UInt64(info.st_ino), size: Int64(info.st_size), hash: hash)
                if kind == S_IFDIR { walk(child) }
            }
        }
        walk("")
        return out
    }

    // MARK: - Checks

    /// What is wrong with a run, or nil: a hang, a signal, a failed run that changed something, a success
    /// that changed more than its outputs, or stderr that is not clean.
    private func problem(_ result: BuiltTool.Result, before: [String: Entry], after: [String: Entry], outputs: [String],
                         mustFail: Bool) -> String? {
        if result.timedOut { return "did not end within \(Self.deadline) s" }
        if result.signalled { return "ended by signal \(result.status)" }
        if mustFail && result.status == 0 { return "exit 0, but it had to be refused" }
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        if result.status != 0 {
            if !changed.isEmpty { return "exit \(result.status), but it changed \(changed)" }
            if result.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "exit \(result.status) with nothing on stderr" }
        } else {
            let allowed = Set(outputs.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
            let stray = changed.filter { name in !allowed.contains(where: { name == $0 || name.hasPrefix($0 + "/") }) }
            if !stray.isEmpty { return "exit 0, but it changed \(stray) besides its outputs \(outputs)" }
            for output in allowed {
                guard let entry = after[output] else { return "exit 0, but \(output) is missing" }
                if entry.kind != S_IFREG && entry.kind != S_IFDIR { return "exit 0, but \(output) is not a file" }
            }
        }
        for line in result.stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.count > 400 + 20 { return "a stderr line of \(line.count) characters" }
            if line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "control bytes on stderr: \(line.debugDescription)" }
            for noise in ["NSCocoaErrorDomain", "[ WARN", "[ERROR", "GStreamer", "gst_", "OpenCV(", "libx264", "[mp4", "[matroska",
                          ".partial-", "\u{FFFD}"] where line.contains(noise) {
                return "stderr has \(noise.debugDescription): \(line)"
            }
        }
        return nil
    }

    private func run(_ tool: String, _ arguments: [String], outputs: [String], mustFail: Bool, keep: Bool = false,
                     file: StaticString = #filePath, line: UInt = #line) throws -> BuiltTool.Result {
        let before = state()
        let result = try BuiltTool.run(tool, arguments, currentDirectory: folder, timeout: Self.deadline, timeoutFails: false)
        let after = state()
        if let problem = problem(result, before: before, after: after, outputs: outputs, mustFail: mustFail) {
            XCTFail("\(tool) \(arguments.joined(separator: " ")): \(problem)\n  stderr: \(result.stderr.prefix(800))", file: file, line: line)
        }
        // Successful outputs are removed again (unless kept to be read), so the next run starts from the same folder.
        if result.status == 0 && !keep {
            for output in outputs where before[output.hasSuffix("/") ? String(output.dropLast()) : output] == nil {
                try? FileManager.default.removeItem(atPath: path(output))
            }
        }
        return result
    }

    // MARK: - The findings, one by one

    func testExistingFoldersAndDevicesAreNeverReplaced() throws {
        let render = ["render", "--log", Self.log, "--size", "32x24", "--fps", "10"]
        for output in ["full.mkv", "full.mkv/", "fifo.mkv", "device"] {
            let result = try run("steady-dice", render + ["-o", output], outputs: [], mustFail: true)
            XCTAssertNotEqual(result.status, 0)
        }
        let clip = ["calibration-clip", "--trial", Self.trial, "--start", "100", "--duration", "0.3", "--size", "32x24", "--fps", "10"]
        _ = try run("steady-dice", clip + ["--video", "full.mkv", "--log", "clip.csv"], outputs: [], mustFail: true)
        _ = try run("steady-dice", clip + ["--video", "clip.mkv", "--log", "device"], outputs: [], mustFail: true)
        _ = try run("steady-dice", clip + ["--video", "clip.mkv", "--log", "clip.csv", "--truth", "fifo.yaml"], outputs: [], mustFail: true)
        _ = try run("steady-dice", clip + ["--video", "clip.mkv", "--log", "clip.csv", "--truth", "clip.csv"], outputs: [], mustFail: true)
        _ = try run("steady-dice", clip + ["--video", "clip.mkv", "--log", Self.trial], outputs: [], mustFail: true)
        for output in ["device", "full.csv", "socket.csv", "fifo.csv"] {
            _ = try run("attitude", ["views", Self.log, "-o", output], outputs: [], mustFail: true)
            _ = try run("attitude", ["location", Self.location, "--filter", "kalman", "-o", output], outputs: [], mustFail: true)
            _ = try run("attitude", ["convert", Self.log, "-o", output], outputs: [], mustFail: true)
            _ = try run("attitude", ["fuse", Self.trial, "-o", output], outputs: [], mustFail: true)
        }
        for output in ["full.png", "socket.png", "fifo.png"] {
            _ = try run("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "-o", output], outputs: [], mustFail: true)
        }
        _ = try run("steady-dice", ["calibrate", "--video", Self.video, "--log", Self.trial, "-o", "full.yaml"], outputs: [], mustFail: true)
        _ = try run("steady-dice", ["bench", "--write-video", "full.mkv", "--size", "32x24", "--frames", "2"], outputs: [], mustFail: true)
    }

    /// Fuzz finding 2 (data loss): `calibrate -o out.yaml`, with `out.yaml -> other/notes.txt`, replaced notes.txt, a file
    /// never named; `attitude convert -o link.csv` too. Every command refuses an output that is a link to anything, with
    /// 73, naming where it points, and changes nothing (the scene's check: not the link, not what it names).
    func testAnOutputThatIsALinkIsRefused() throws {
        try FileManager.default.createDirectory(atPath: path("other"), withIntermediateDirectories: false)
        try "notes".write(toFile: path("other/notes.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path("empty-folder"), withIntermediateDirectories: false)
        for (link, target) in [("out.yaml", "other/notes.txt"), ("link.csv", "other/notes.txt"), ("link.mkv", "other/notes.txt"),
                               ("link.png", "other/notes.txt"), ("link-folder", "empty-folder")] {
            XCTAssertEqual(symlink(target, path(link)), 0)
        }
        let cases: [(String, [String], String, String)] = [
            ("steady-dice", ["calibrate", "--video", Self.video, "--log", Self.trial, "-o", "out.yaml"], "out.yaml", "other/notes.txt"),
            ("attitude", ["convert", Self.log, "-o", "link.csv"], "link.csv", "other/notes.txt"),
            ("attitude", ["fuse", Self.trial, "-o", "link.csv"], "link.csv", "other/notes.txt"),
            ("attitude", ["views", Self.log, "-o", "link.csv"], "link.csv", "other/notes.txt"),
            ("attitude", ["plot", Self.log, "-o", "link.png"], "link.png", "other/notes.txt"),
            ("steady-dice", ["render", "--log", Self.log, "--size", "32x24", "--fps", "10", "-o", "link.mkv"], "link.mkv", "other/notes.txt"),
            ("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "-o", "link.png"], "link.png", "other/notes.txt"),
            ("steady-dice", ["bench", "--write-video", "link.mkv", "--size", "32x24", "--frames", "2"], "link.mkv", "other/notes.txt"),
            ("steady-dice", ["calibration-clip", "--trial", Self.trial, "--start", "100", "--duration", "0.3", "--size", "32x24",
                             "--fps", "10", "--video", "clip.mkv", "--log", "clip.csv", "--truth", "out.yaml"], "out.yaml", "other/notes.txt"),
            ("steady-dice", ["render", "--log", Self.log, "--size", "32x24", "--fps", "10", "-o", "link-folder/"], "link-folder/", "empty-folder"),
            ("steady-dice", ["record", "--imud", "unix:/nonexistent/imud.sock", "--video", Self.video, "-o", "link-folder"], "link-folder",
             "empty-folder"),
        ]
        for (tool, arguments, output, target) in cases {
            let result = try run(tool, arguments, outputs: [], mustFail: true)
            XCTAssertEqual(result.status, 73, "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(output): is a symbolic link to \(target)"), "\(arguments.first ?? ""): \(result.stderr)")
        }
        XCTAssertEqual(try String(contentsOfFile: path("other/notes.txt"), encoding: .utf8), "notes")
    }

    func testAnOutputThatIsAnInputIsRefused() throws {
        for diff in [Self.picture, "./" + Self.picture] {
            let result = try run("steady-dice", ["compare", Self.picture, Self.picture, "--tolerance", "0", "--diff", diff],
                                 outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains("is also an input"), result.stderr)
        }
        for output in [Self.log, "link-to-log.csv", "hard-link-to-log.csv"] {
            _ = try run("attitude", ["views", Self.log, "-o", output], outputs: [], mustFail: true)
        }
        _ = try run("steady-dice", ["render", "--log", Self.log, "--size", "32x24", "--fps", "10", "--video", Self.video,
                                    "-o", Self.video], outputs: [], mustFail: true)
    }

    /// A write the file system refuses (here the file-size limit, as a full disk would) fails the command,
    /// and leaves nothing under the output's name.
    func testAFailedWriteNeverExitsZero() throws {
        let limited: ([String]) -> [String] = { ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""] + $0 }
        let steadyDice = try BuiltTool.url("steady-dice").path
        for (arguments, output) in [
            ([steadyDice, "snapshot", "--attitude", "1,0,0,0", "--size", "64x48", "-o", "big.png"], "big.png"),
            ([steadyDice, "calibration-clip", "--trial", Self.trial, "--start", "100", "--duration", "0.3", "--size", "32x24",
              "--fps", "10", "--video", "c.mkv", "--log", "c.csv", "--truth", "c.yaml"], "c.yaml"),
        ] {
            let before = state()
            let result = try BuiltTool.run(URL(fileURLWithPath: "/bin/sh"), limited(arguments), currentDirectory: folder,
                                           timeout: Self.deadline)
            XCTAssertNotEqual(result.status, 0, "\(arguments.dropFirst().first ?? "") exit 0 after a failed write: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("File too large"), result.stderr)
            XCTAssertEqual(state(), before, "\(output): a failed write left something behind")
        }
    }

    /// `run --snapshot-on-exit` whose snapshot cannot be written ends with an error, not "wrote".
    func testAFailedSnapshotOnExitIsAnError() throws {
        try Requirement.display()
        let steadyDice = try BuiltTool.url("steady-dice").path
        let before = state()
        let result = try BuiltTool.run(URL(fileURLWithPath: "/bin/sh"),
                                       ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"", steadyDice, "run", "--attitude", "1,0,0,0",
                                        "--size", "64x48", "--frames", "2", "--snapshot-on-exit", "big.png"],
                                       currentDirectory: folder, timeout: Self.deadline)
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("big.png") && result.stderr.contains("File too large"), result.stderr)
        XCTAssertFalse(result.stderr.contains("wrote"), result.stderr)
        XCTAssertEqual(state(), before, "a failed snapshot left something behind")
    }

    /// Every reader is given a FIFO nobody writes, and must refuse it at once.
    func testNoReaderWaitsOnAFIFO() throws {
        let snapshot = ["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "-o", "s.png"]
        let cases: [(String, [String])] = [
            ("steady-dice", snapshot + ["--background", "fifo.png"]),
            ("steady-dice", snapshot + ["--panorama", "fifo.png"]),
            ("steady-dice", snapshot + ["--video", "fifo.mkv"]),
            ("steady-dice", ["snapshot", "--size", "32x24", "-o", "s.png", "--video", "fifo.mkv"]),
            ("steady-dice", ["render", "--size", "32x24", "--fps", "5", "-o", "r.mkv", "--video", "fifo.mkv"]),
            ("steady-dice", snapshot + ["--intrinsics", "fifo.yaml"]),
            ("steady-dice", ["snapshot", "--log", Self.log, "--size", "32x24", "-o", "s.png", "--calibration", "fifo.yaml"]),
            ("steady-dice", ["snapshot", "--log", "fifo.csv", "--size", "32x24", "-o", "s.png"]),
            ("steady-dice", ["compare", "fifo.png", Self.picture]),
            ("steady-dice", ["compare", Self.picture, "fifo.png"]),
            ("steady-dice", ["calibrate", "--video", "fifo.mkv", "--log", Self.trial]),
            ("steady-dice", ["calibrate", "--video", Self.video, "--log", "fifo.csv"]),
            ("steady-dice", ["calibration-clip", "--trial", "fifo.csv", "--video", "c.mkv", "--log", "c.csv"]),
            ("attitude", ["views", "fifo.csv", "-o", "v.csv"]),
            ("attitude", ["location", "fifo.csv", "--filter", "raw", "-o", "l.csv"]),
            ("attitude", ["fuse", "fifo.csv", "-o", "f.csv"]),
        ]
        // Refused as a FIFO, by name: a reader that waited would end on the deadline (a failure in `run`)
        // or on the pipe's idle limit, whose message names no FIFO.
        for (tool, arguments) in cases {
            let result = try run(tool, arguments, outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains("FIFO"), "\(arguments): \(result.stderr)")
        }
    }

    func testVideosHaveTheSizeAskedFor() throws {
        for output in ["odd.mkv", "odd.mp4"] {
            let result = try run("steady-dice", ["render", "--log", Self.log, "--size", "33x25", "--fps", "10", "-o", output],
                                 outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains("must be even"), result.stderr)
        }
        _ = try run("steady-dice", ["calibration-clip", "--trial", Self.trial, "--size", "321x241", "--video", "c.mkv", "--log", "c.csv"],
                    outputs: [], mustFail: true)
        // PNG frames take any size, exactly.
        let result = try run("steady-dice", ["render", "--log", Self.log, "--size", "33x25", "--fps", "5", "--to", "0.5", "-o", "frames/"],
                             outputs: ["frames/"], mustFail: false, keep: true)
        XCTAssertEqual(result.status, 0, result.stderr)
        let frame = try RGBImage.read(path: path("frames/frame-000000.png"))
        XCTAssertEqual([frame.width, frame.height], [33, 25])
        try FileManager.default.removeItem(atPath: path("frames"))
        // An even size is written as asked.
        XCTAssertEqual(try run("steady-dice", ["render", "--log", Self.log, "--size", "34x26", "--fps", "5", "--to", "0.5", "-o", "even.mkv"],
                               outputs: ["even.mkv"], mustFail: false).status, 0)
    }

    func testValuesPastTheirRangeAreRefused() throws {
        let clip = ["calibration-clip", "--trial", Self.trial, "--video", "c.mkv", "--log", "c.csv"]
        for arguments in [clip + ["--gyro-bias", "1e308,0,0"], clip + ["--gyro-bias", "0,-2000,0"]] {
            let result = try run("steady-dice", arguments, outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains("--gyro-bias"), result.stderr)
        }
        for option in ["--kalman-q", "--kalman-r", "--kalman-p"] {
            let result = try run("attitude", ["views", Self.log, "-o", "v.csv", option, "1e308"], outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains(option), result.stderr)
        }
        for offset in ["1e308", "-3601"] {
            let result = try run("steady-dice", ["snapshot", "--log", Self.log, "--video", Self.video, "--time-offset", offset,
                                                 "--size", "32x24", "-o", "s.png"], outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains("--time-offset must be a number of seconds from -3600 to 3600"), result.stderr)
        }
        // A whole number in a calibration file is read as written, never wrapped to 32 bits.
        let text = try String(contentsOfFile: path(Self.calibration), encoding: .utf8)
        try text.replacingOccurrences(of: "image_height: 24", with: "image_height: 99999999999")
            .write(toFile: path("wrapped.yaml"), atomically: false, encoding: .utf8)
        XCTAssertTrue(text.contains("image_height: 24"), text)
        let result = try run("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "--intrinsics", "wrapped.yaml",
                                             "-o", "s.png"], outputs: [], mustFail: true)
        XCTAssertTrue(result.stderr.contains("image_height: '99999999999' is not a whole number from 1 to 16384"), result.stderr)
    }

    func testLocationRefusesWhatItCannotWrite() throws {
        let start: Int64 = 1_700_000_000_000_000_000
        let poor = (0..<5).map { k in "\(start + Int64(k) * 1_000_000_000),46.5,7.25,500,900" }
        try ("time,latitude,longitude,altitude,horizontalAccuracy\n" + poor.joined(separator: "\n") + "\n")
            .write(toFile: path("poor.csv"), atomically: false, encoding: .utf8)
        let result = try run("attitude", ["location", "poor.csv", "--filter", "kalman", "-o", "l.csv"], outputs: [], mustFail: true)
        XCTAssertTrue(result.stderr.contains("dropped every one of the 5 fixes"), result.stderr)
        // An unknown accuracy is written as unknown: an empty field, never "nan".
        let unknown = (0..<3).map { k in "\(start + Int64(k) * 1_000_000_000),46.5,7.25,500," }
        try ("time,latitude,longitude,altitude,horizontalAccuracy\n" + unknown.joined(separator: "\n") + "\n")
            .write(toFile: path("unknown.csv"), atomically: false, encoding: .utf8)
        XCTAssertEqual(try run("attitude", ["location", "unknown.csv", "--filter", "raw", "-o", "l.csv"], outputs: ["l.csv"],
                               mustFail: false).status, 0)
        let written = try BuiltTool.run("attitude", ["location", path("unknown.csv"), "--filter", "raw", "-o", "-"])
        XCTAssertEqual(written.stdout.split(separator: "\n").dropFirst().map { $0.hasSuffix(",") }, [true, true, true], written.stdout)
        XCTAssertFalse(written.stdout.lowercased().contains("nan"), written.stdout)
    }

    func testMessagesAreCleanLines() throws {
        let name = "bad\u{1B}[31m\u{07}name.csv"
        for (tool, arguments) in [("attitude", ["views", name, "-o", "v.csv"]),
                                  ("steady-dice", ["compare", Self.picture, name]),
                                  ("steady-dice", ["compare", "bad\u{1B}[2J.png", Self.picture])] {
            let result = try run(tool, arguments, outputs: [], mustFail: true)
            XCTAssertTrue(result.stderr.contains("\\u{1B}"), result.stderr.debugDescription)
        }
        let compare = try BuiltTool.run("steady-dice", ["compare", path(Self.picture), path(Self.picture)])
        XCTAssertEqual(compare.status, 0, compare.stderr)
        let binary = Data([0x74, 0xFF, 0xFE, 0x2C, 0x71, 0x77, 0x0A, 0x30, 0x2C, 0x31, 0x0A])
        XCTAssertTrue(FileManager.default.createFile(atPath: path("binary.csv"), contents: binary))
        _ = try run("attitude", ["views", "binary.csv", "-o", "v.csv"], outputs: [], mustFail: true)
        // A render refused for its rate names the option, not a hidden temporary file or the codec.
        let render = try run("steady-dice", ["render", "--log", Self.log, "--size", "32x24", "--fps", "1e6", "-o", "r.mkv"],
                             outputs: [], mustFail: true)
        XCTAssertTrue(render.stderr.contains("--fps"), render.stderr)
    }

    /// A negative number given to any option reaches that option's own check: never "Missing value".
    /// One run a command, every option of it given `-1` at once: the parser takes every option's value before
    /// it checks any, so an option that read `-1` as an option name ("Missing value for '--x'") is named by
    /// the same run that gives the others theirs.
    func testNegativeValuesReachTheirChecks() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        for tool in ["steady-dice", "attitude"] {
            let dump = try BuiltTool.run(tool, ["--experimental-dump-help"])
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
            var checked = 0
            func walk(_ command: [String: Any], path: [String]) throws {
                var options: [String] = []
                for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                    guard let names = argument["names"] as? [[String: Any]],
                          let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String else { continue }
                    options += ["--\(long)", "-1"]
                    checked += 1
                }
                if !options.isEmpty {
                    // Without a display, `run` stops after parsing instead of opening a window that plays for ever.
                    let result = try BuiltTool.run(tool, path + options, environment: environment, timeout: 30)
                    XCTAssertFalse(result.stderr.contains("Missing value"), "\(tool) \(path.joined(separator: " ")) \(options.joined(separator: " ")): \(result.stderr)")
                }
                for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                    try walk(sub, path: path + [sub["commandName"] as? String ?? ""])
                }
            }
            try walk(try XCTUnwrap(json["command"] as? [String: Any]), path: [])
            XCTAssertGreaterThan(checked, 20, "\(tool): too few options found in its help dump")
        }
    }

    func testTerrainTilesAreCheckedBeforeTheyAreRead() throws {
        try FileManager.default.createDirectory(atPath: path("tiles"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path("tiles/N46E007.hgt"), withIntermediateDirectories: false)
        XCTAssertEqual(mkfifo(path("tiles/N47E007.hgt"), 0o644), 0)
        // 3 GiB, sparse: refused by its size, never read. The runs have 1.5 GB of address space, so a
        // reader that read the tile first could not, and would fail otherwise than by naming its size.
        let big = open(path("tiles/N48E007.hgt"), O_CREAT | O_WRONLY, 0o644)
        XCTAssertEqual(ftruncate(big, 3 << 30), 0)
        close(big)
        for (position, expected) in [("46.5,7.5", "is a folder"), ("47.5,7.5", "is a FIFO"), ("48.5,7.5", "more than 25934402"),
                                     ("49.5,7.5", "missing SRTM tile")] {
            let attitude = try BuiltTool.url("attitude").path
            let result = try BuiltTool.run(URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", "ulimit -v 1500000; exec \"$0\" \"$@\"", attitude, "terrain", position, "--srtm", "tiles"],
                                           currentDirectory: folder, timeout: Self.deadline)
            XCTAssertEqual(result.status, 66, "\(position): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(position): \(result.stderr)")
        }
    }

    // MARK: - The fuzzer

    /// Random commands over random choices of good and hazardous paths and values: every run is checked
    /// against the folder's state and stderr as above. A good output and good inputs must succeed.
    func testRandomOutputsAndInputs() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["STEADY_DICE_FUZZ_INPUTS"].flatMap(Int.init) ?? Self.defaultCases
        let seed = environment["STEADY_DICE_FUZZ_SEED"].flatMap(UInt64.init) ?? 20
        var random = SplitMix64(seed: seed)
        var outcomes: [Int32: Int] = [:]
        for k in 0..<count {
            let fuzzCase = makeCase(&random, index: k)
            let result = try run(fuzzCase.tool, fuzzCase.arguments, outputs: fuzzCase.goodOutputs, mustFail: fuzzCase.mustFail)
            outcomes[result.status, default: 0] += 1
            if fuzzCase.mustSucceed {
                XCTAssertEqual(result.status, 0, "case \(k) (seed \(seed)): \(fuzzCase.arguments.joined(separator: " ")): \(result.stderr)")
            }
        }
        FileHandle.standardError.write(Data("file-policy fuzz: \(count) cases (seed \(seed)); exit statuses \(outcomes.sorted { $0.key < $1.key })\n".utf8))
        XCTAssertGreaterThan(outcomes[0] ?? 0, 0, "no case succeeded: the good paths are wrong")
        XCTAssertGreaterThan(outcomes.filter { $0.key != 0 }.values.reduce(0, +), 0, "no case was refused")
    }

    struct Case {
        var tool: String
        var arguments: [String]
        var goodOutputs: [String]
        var mustFail: Bool
        var mustSucceed: Bool
    }

    private func makeCase(_ random: inout SplitMix64, index: Int) -> Case {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func chance(_ p: Double) -> Bool { Double(random.next() % 1000) / 1000 < p }
        // An output: a new name (good), a hazard, a missing folder, a name with control bytes, or an input.
        // An existing file that is not one of the case's inputs may be replaced, as any writer may; so the
        // hazards for outputs are what can never be written (folders, FIFOs, sockets, devices, missing
        // folders) and the case's own inputs, with the links to them. Inputs are therefore chosen first.
        var bad = false
        var good: [String] = []
        var inputs: [String] = []
        func output(_ ext: String) -> String {
            if chance(0.55) {
                let name = "out-\(index)-\(good.count).\(ext)"
                good.append(name)
                return name
            }
            bad = true
            let own = inputs.contains(Self.log) ? inputs + ["link-to-log.csv", "hard-link-to-log.csv", "./" + Self.log] : inputs
            return pick(Self.hazards.filter { !$0.hasPrefix("empty") && !$0.contains("link-to-log") }
                        + ["no/such/folder/x.\(ext)", "locked/../full.\(ext)"] + own)
        }
        func input(_ goodName: String, _ hazards: [String]) -> String {
            let name = chance(0.8) ? goodName : pick(hazards + ["missing-\u{1B}[1m.\((goodName as NSString).pathExtension)", "device", "full.png", "empty.png"])
            if name != goodName { bad = true }
            inputs.append(name)
            return name
        }
        let sizes = ["32x24", "34x26", "33x25", "1x1"]
        switch index % 9 {
        case 0:
            var arguments = ["snapshot", "--attitude", "1,0,0,0", "--size", pick(sizes)]
            // One background at most: --background and --panorama are each the whole background.
            if chance(0.3) { arguments += ["--background", input(Self.picture, ["fifo.png", "socket.png", "empty.png"])] }
            else if chance(0.3) { arguments += ["--panorama", input(Self.picture, ["fifo.png", "socket.png"])] }
            arguments += ["-o", output("png")]
            return Case(tool: "steady-dice", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        case 1:
            let size = pick(sizes), rate = pick(["10", "5", "0", "1e6", "-3"])
            if ["0", "1e6", "-3"].contains(rate) { bad = true }
            var arguments = ["render", "--log", input(Self.log, ["fifo.csv", "empty.csv", "full.csv"]), "--size", size, "--fps", rate,
                             "--to", "0.3"]
            if chance(0.3) { arguments += ["--video", input(Self.video, ["fifo.mkv", "full.mkv", "empty.png"])] }
            let out = chance(0.2) ? { () -> String in let n = "frames-\(index)/"; good.append(n); return n }()
                                  : output(pick(["mkv", "mp4", "avi"]))
            if (size == "33x25" || size == "1x1") && !out.hasSuffix("/") { bad = true }
            arguments += ["-o", out]
            return Case(tool: "steady-dice", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        case 2:
            let arguments = ["compare", input(Self.picture, ["fifo.png", "socket.png"]), input(Self.picture, ["fifo.png", "empty.png"]),
                             "--diff", output("png")]
            return Case(tool: "steady-dice", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        case 3:
            let arguments = ["views", input(Self.log, ["fifo.csv", "empty.csv", "full.csv", "socket.csv"]), "-o", output("csv"),
                             "--kalman-q", pick(["0.1", "1e308", "-1", "5"])]
            if arguments.last == "1e308" || arguments.last == "-1" { bad = true }
            return Case(tool: "attitude", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        case 4:
            let arguments = ["location", input(Self.location, ["fifo.csv", "empty.csv", "full.csv"]), "--filter", pick(["raw", "kalman", "mean"]),
                             "-o", output("csv")]
            return Case(tool: "attitude", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        case 5:
            let arguments = ["convert", input(Self.log, ["fifo.csv", "empty.csv", "socket.csv"]), "-o", output("csv")]
            return Case(tool: "attitude", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        case 6:
            let trial = input(Self.trial, ["fifo.csv", "empty.csv"])
            let video = output(pick(["mkv", "avi"])), log = output("csv")
            let truth = chance(0.4) ? ["--truth", output("yaml")] : []
            let size = pick(["32x24", "32x24", "33x25"])
            if size == "33x25" { bad = true }
            let arguments = ["calibration-clip", "--trial", trial, "--start", "100",
                             "--duration", "0.3", "--size", size, "--fps", "10", "--video", video, "--log", log] + truth
            return Case(tool: "steady-dice", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: false)
        case 7:
            // calibrate is slow when it runs: here its output is always a hazard, so it is refused before any work.
            let arguments = ["calibrate", "--video", input(Self.video, ["fifo.mkv", "full.mkv"]), "--log", input(Self.trial, ["fifo.csv"]),
                             "-o", pick(Self.hazards.filter { $0.hasPrefix("full") || $0.hasPrefix("fifo") } + ["no/such/cal.yaml"])]
            return Case(tool: "steady-dice", arguments: arguments, goodOutputs: [], mustFail: true, mustSucceed: false)
        default:
            let arguments = ["snapshot", "--log", input(Self.log, ["fifo.csv", "empty.csv"]), "--size", "32x24",
                             "--calibration", input(Self.calibration, ["fifo.yaml", "full.yaml", "empty.csv"]), "-o", output("png")]
            return Case(tool: "steady-dice", arguments: arguments, goodOutputs: good, mustFail: bad, mustSucceed: !bad)
        }
    }
}
