import FileAccess
import Foundation
import TestSupport
import XCTest

/// The output policy (`OutputFiles`) and the input policy (`InputFile`, `BoundedFile`) on real files,
/// folders, FIFOs, sockets and devices.
final class OutputFilesTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "output-files" }

    private func contents(_ name: String) -> String? {
        try? String(contentsOfFile: path(name), encoding: .utf8)
    }

    /// What is left in the folder besides `expected`: no temporary file may stay behind.
    private func assertOnly(_ expected: Set<String>, file: StaticString = #filePath, line: UInt = #line) throws {
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertEqual(names, expected, file: file, line: line)
    }

    func testWritesANewFileAndReplacesARegularOne() throws {
        try "old".write(toFile: path("out.csv"), atomically: false, encoding: .utf8)
        chmod(path("out.csv"), 0o640)
        let outputs = OutputFiles()
        let out = try outputs.stage(path("out.csv"), option: "--output")
        let other = try outputs.stage(path("new.yaml"), option: "--truth")
        try out.write(Data("new".utf8))
        try other.write(Data("yaml".utf8))
        XCTAssertEqual(contents("out.csv"), "old", "nothing is in place before the commit")
        try outputs.commit()
        XCTAssertEqual(contents("out.csv"), "new")
        XCTAssertEqual(contents("new.yaml"), "yaml")
        let mode = try FileManager.default.attributesOfItem(atPath: path("out.csv"))[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640, "a replaced file keeps its mode")
        try assertOnly(["out.csv", "new.yaml"])
    }

    /// A file rewritten as a command goes is replaced whole: written beside it and renamed over it, no temporary file
    /// left, and a failure names the file and leaves the old one as it was.
    func testReplaceWholeWritesBesideAndRenames() throws {
        try OutputFiles.replaceWhole(path("rig.yaml"), with: Data("first".utf8))
        XCTAssertEqual(contents("rig.yaml"), "first")
        try OutputFiles.replaceWhole(path("rig.yaml"), with: Data("second".utf8))
        XCTAssertEqual(contents("rig.yaml"), "second")
        try assertOnly(["rig.yaml"])
        // A folder where the file goes: the rename fails, the folder stays and no temporary file is left.
        XCTAssertEqual(mkdir(path("taken"), 0o777), 0)
        XCTAssertEqual(mkdir(path("taken/inside"), 0o777), 0)
        XCTAssertThrowsError(try OutputFiles.replaceWhole(path("taken"), with: Data("x".utf8))) { error in
            XCTAssertTrue("\(error)".contains(path("taken")) && "\(error)".contains("cannot write"), "\(error)")
        }
        try assertOnly(["rig.yaml", "taken"])
        XCTAssertThrowsError(try OutputFiles.replaceWhole(path("missing/rig.yaml"), with: Data("x".utf8))) { error in
            XCTAssertTrue("\(error)".contains(path("missing/rig.yaml")), "\(error)")
        }
    }

    func testAFolderIsNeverReplaced() throws {
        let target = path("clip.mkv")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try "keep".write(toFile: target + "/inside.txt", atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try OutputFiles().stage(target, option: "--output")) { error in
            XCTAssertTrue("\(error)".contains("is a folder"), "\(error)")
            XCTAssertTrue("\(error)".contains("--output"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: target + "/inside.txt", encoding: .utf8), "keep")
        try assertOnly(["clip.mkv"])
    }

    func testDevicesFIFOsAndSocketsAreRefused() throws {
        XCTAssertThrowsError(try OutputFiles().stage("/dev/null", option: "-o")) { error in
            XCTAssertTrue("\(error)".contains("is a character device"), "\(error)")
        }
        XCTAssertEqual(FileKind.of("/dev/null"), .characterDevice, "/dev/null is still the device")
        let fifo = path("pipe.csv")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try OutputFiles().stage(fifo, option: "--output")) { error in
            XCTAssertTrue("\(error)".contains("is a FIFO"), "\(error)")
        }
        XCTAssertEqual(FileKind.of(fifo), .fifo)
        let socketPath = path("s.png")
        let fd = UnixSocket.bound(at: socketPath)
        defer { close(fd) }
        XCTAssertGreaterThanOrEqual(fd, 0, "bind \(socketPath)")
        XCTAssertThrowsError(try OutputFiles().stage(socketPath, option: "--diff")) { error in
            XCTAssertTrue("\(error)".contains("is a socket"), "\(error)")
        }
    }

    func testAnInputIsNeverAnOutput() throws {
        try "input".write(toFile: path("in.png"), atomically: false, encoding: .utf8)
        XCTAssertEqual(link(path("in.png"), path("hard.png")), 0)
        XCTAssertEqual(symlink(path("in.png"), path("soft.png")), 0)
        for spelling in [path("in.png"), folder.path + "/./in.png", path("hard.png")] {
            XCTAssertThrowsError(try OutputFiles(inputs: [path("in.png")]).stage(spelling, option: "--diff"), spelling) { error in
                XCTAssertTrue("\(error)".contains("is also an input"), "\(error)")
            }
        }
        // A symbolic link to it is refused as every link is, naming the input it points to.
        XCTAssertThrowsError(try OutputFiles(inputs: [path("in.png")]).stage(path("soft.png"), option: "--diff")) { error in
            XCTAssertTrue("\(error)".contains("is a symbolic link to \(self.path("in.png"))"), "\(error)")
        }
        XCTAssertEqual(contents("in.png"), "input")
    }

    func testTwoOutputsCannotNameOneFile() throws {
        let outputs = OutputFiles()
        _ = try outputs.stage(path("a.csv"), option: "--log")
        XCTAssertThrowsError(try outputs.stage(folder.path + "/../\(folder.lastPathComponent)/a.csv", option: "--truth")) { error in
            XCTAssertTrue("\(error)".contains("--log and --truth"), "\(error)")
        }
    }

    /// Fuzz finding 2: an output that was a symbolic link to an existing file was written through it, replacing a file
    /// never named (`-o out.yaml` with `out.yaml -> other/notes.txt`). An output that is a link to anything (a file, a
    /// folder, nothing) is refused, naming where it points, and nothing is written on either side of it.
    func testASymbolicLinkIsNeverWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: path("other"), withIntermediateDirectories: false)
        try "notes".write(toFile: path("other/notes.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("other/notes.txt", path("out.yaml")), 0)
        XCTAssertEqual(symlink(path("other"), path("folder-link")), 0)
        XCTAssertEqual(symlink(path("nothing.csv"), path("dangling.csv")), 0)
        let cases = [(path("out.yaml"), "other/notes.txt"), (path("folder-link"), path("other")), (path("folder-link") + "/", path("other")),
                     (path("dangling.csv"), path("nothing.csv"))]
        for (output, target) in cases {
            XCTAssertThrowsError(try OutputFiles().stage(output, option: "--output"), output) { error in
                guard let error = error as? FileAccessError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.description, "\(output): is a symbolic link to \(target); --output never writes through a link "
                               + "(name the file itself, or a new name)")
                XCTAssertTrue(error.isRefusedOutput, output)
            }
        }
        XCTAssertThrowsError(try OutputFiles().checkFolderInPlace(path("folder-link"), option: "--output")) { error in
            XCTAssertTrue((error as? FileAccessError)?.isRefusedOutput == true, "\(error)")
        }
        XCTAssertEqual(contents("other/notes.txt"), "notes")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("out.yaml")), "other/notes.txt")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("other")), ["notes.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nothing.csv")))
    }

    /// A failure part-way puts back every file that was replaced and removes every new one.
    func testAFailedCommitLeavesWhatWasThere() throws {
        try "old log".write(toFile: path("log.csv"), atomically: false, encoding: .utf8)
        let outputs = OutputFiles()
        try outputs.stage(path("log.csv"), option: "--log").write(Data("new log".utf8))
        try outputs.stage(path("new.csv"), option: "--extra").write(Data("new".utf8))
        _ = try outputs.stage(path("clip.mkv"), option: "--video")  // never written, as a writer that failed
        XCTAssertThrowsError(try outputs.commit()) { error in
            XCTAssertTrue("\(error)".contains("clip.mkv: nothing was written"), "\(error)")
        }
        XCTAssertEqual(contents("log.csv"), "old log")
        try assertOnly(["log.csv"])
    }

    func testAbandonedOutputsLeaveNothing() throws {
        do {
            let outputs = OutputFiles()
            try outputs.stage(path("a.csv"), option: "-o").write(Data("a".utf8))
            let frames = try outputs.stage(path("frames") + "/", option: "-o")
            XCTAssertTrue(frames.isFolder)
            try Data("png".utf8).write(to: URL(fileURLWithPath: frames.temporaryPath).appendingPathComponent("frame-000000.png"))
        }
        try assertOnly([])
    }

    func testAFolderOutputIsCreatedOnlyNewOrEmpty() throws {
        try FileManager.default.createDirectory(atPath: path("full"), withIntermediateDirectories: false)
        try "x".write(toFile: path("full/x"), atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try OutputFiles().stage(path("full") + "/", option: "-o")) { error in
            XCTAssertTrue("\(error)".contains("not empty"), "\(error)")
        }
        try FileManager.default.createDirectory(atPath: path("empty"), withIntermediateDirectories: false)
        let outputs = OutputFiles()
        let out = try outputs.stage(path("empty") + "/", option: "-o")
        try Data("p".utf8).write(to: URL(fileURLWithPath: out.temporaryPath).appendingPathComponent("frame-000000.png"))
        try outputs.commit()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("empty")), ["frame-000000.png"])
    }

    func testAMissingFolderIsNamed() {
        XCTAssertThrowsError(try OutputFiles().stage(path("no/such/out.csv"), option: "--output")) { error in
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
    }

    /// A write the file system refuses (here the file-size limit, as a full disk would) is an error, not
    /// a short file.
    func testAFailedWriteIsAnError() throws {
        var old = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &old)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var small = old
        small.rlim_cur = 4096
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &small), 0)
        defer {
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &old)
            signal(SIGXFSZ, oldHandler)
        }
        let outputs = OutputFiles()
        let out = try outputs.stage(path("cal.yaml"), option: "--output")
        XCTAssertThrowsError(try out.write(Data(count: 100_000))) { error in
            XCTAssertTrue("\(error)".contains("writing failed"), "\(error)")
        }
        outputs.abandon()
        try assertOnly([])
    }

    func testStandardOutputOnlyWhereAllowed() throws {
        XCTAssertThrowsError(try OutputFiles().stage("-", option: "--video")) { error in
            XCTAssertTrue("\(error)".contains("cannot be standard output"), "\(error)")
        }
        let out = try OutputFiles().stage("-", option: "--output", allowStandardOutput: true)
        XCTAssertTrue(out.isStandardOutput)
    }
}

final class InputFileTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "input-files" }

    private func reason(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testKindsAreNamed() throws {
        XCTAssertTrue(reason { try InputFile.check(folder.path) }.contains("is a folder"))
        XCTAssertTrue(reason { try InputFile.check(folder.path + "/none.png") }.hasSuffix("missing"))
        XCTAssertTrue(reason { try InputFile.check("--size") }.contains("an option's value left out?"))
        XCTAssertTrue(reason { try InputFile.check("/dev/zero") }.contains("is a character device"))
        let fifo = folder.appendingPathComponent("f.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertTrue(reason { try InputFile.check(fifo) }.contains("is a FIFO"))
        XCTAssertEqual(reason { try InputFile.check(folder.path, expect: .folder) }, "no error")
        let file = folder.appendingPathComponent("a.csv").path
        try "t\n".write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertTrue(reason { try InputFile.check(file, expect: .folder) }.contains("is a file, not a folder"))
        chmod(file, 0)
        if getuid() == 0 {
            XCTAssertEqual(reason { try InputFile.check(file) }, "no error", "root reads any file")
        } else {
            XCTAssertTrue(reason { try InputFile.check(file) }.contains("cannot be read (permission)"))
        }
    }

    /// A FIFO nobody writes is refused at once; one with a writer is read to its end.
    func testAFIFOIsReadWithoutWaitingForAWriter() throws {
        let fifo = folder.appendingPathComponent("log.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Refused for having no writer, by name: a read that waited would end on the idle limit's message.
        XCTAssertThrowsError(try BoundedFile.read(path: fifo)) { error in
            XCTAssertTrue("\(error)".contains("no writer"), "\(error)")
        }

        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec 3>\"$0\"; sleep 0.3; printf 't,qw\\n0,1\\n' >&3", fifo]
        try writer.run()
        // The writer holds the FIFO open before it writes; wait (with a deadline) until it has.
        let deadline = Date().addingTimeInterval(10)
        var data = Data()
        while Date() < deadline {
            do {
                data = try BoundedFile.read(path: fifo)
                break
            } catch {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        writer.waitUntilExit()
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "t,qw\n0,1\n")
    }

    func testSizeIsCheckedBeforeReading() throws {
        let file = folder.appendingPathComponent("tile.hgt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(count: 1000)))
        XCTAssertEqual(try InputFile.checkSize(file, atMost: 1000), 1000)
        XCTAssertTrue(reason { try InputFile.checkSize(file, atMost: 999, what: "an SRTM tile") }
            .contains("is 1000 bytes, more than 999 for an SRTM tile"))
    }
}
