import FileAccess
import Foundation
import TestSupport
import XCTest

/// Bounded reading: devices, folders and long lines refused, a FIFO read (HostileTextTests in CSVTextTests:
/// the strict option parser); one input file however it is named.
final class BoundedFileTests: XCTestCase {
    func testBoundedReadingRefusesDevicesFoldersAndLongLines() throws {
        XCTAssertEqual(refusal { try BoundedFile.read(path: "/dev/zero") }, "is a character device, not a file")
        XCTAssertEqual(refusal { try BoundedFile.read(path: "/dev/null") }, "is a character device, not a file")
        XCTAssertEqual(refusal { try BoundedFile.read(path: NSTemporaryDirectory()) }, "is a folder, not a file")
        XCTAssertEqual(refusal { try BoundedFile.read(path: "/nonexistent/log.csv") }, "missing")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let fine = "t,qw\n" + String(repeating: "1", count: BoundedFile.lineLimit) + "\n0,1\n"
        try fine.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try BoundedFile.read(path: file.path), Data(fine.utf8))
        // Three chunks of one line: refused at line 2, after reading about one chunk past the limit.
        var long = Data("t,qw\n".utf8)
        long.append(Data(repeating: UInt8(ascii: "7"), count: 3 << 20))
        try long.write(to: file)
        XCTAssertEqual(refusal { try BoundedFile.read(path: file.path) }, "line 2: the line is longer than 65536 bytes (not a log?)")
    }

    func testAFIFOIsRead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = "t,qw\n0,1\n".withCString { write(fd, $0, 9) }
            close(fd)
        }
        writer.start()
        XCTAssertEqual(String(decoding: try BoundedFile.read(path: fifo), as: UTF8.self), "t,qw\n0,1\n")
    }

    /// One file however it is named: through `..`, relative to the working folder, through a symbolic link; another
    /// file beside it is not it.
    func testTheSameFileHoweverNamed() throws {
        let folder = try TemporaryFolder.make("same-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4").path
        let other = folder.appendingPathComponent("other.mp4").path
        try "v".write(toFile: clip, atomically: true, encoding: .utf8)
        try "w".write(toFile: other, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("link.mp4").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "clip.mp4")
        XCTAssertTrue(InputFile.sameFile(clip, folder.appendingPathComponent("sub/../clip.mp4").path))
        XCTAssertTrue(InputFile.sameFile(clip, link))
        let here = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
        XCTAssertTrue(InputFile.sameFile("./clip.mp4", clip))
        XCTAssertFalse(InputFile.sameFile(clip, other))
    }
}
