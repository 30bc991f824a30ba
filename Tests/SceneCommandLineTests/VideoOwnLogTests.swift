import CommandLineSupport
import Foundation
import SceneCommandLine
import XCTest

/// The rule by which run, snapshot and render take --video as their log reads only a regular file: a FIFO nobody
/// writes is never opened (the demuxer would wait on it), and a folder of pictures has no track.
final class VideoOwnLogTests: XCTestCase {
    func testOnlyARegularFileIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-own-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.mp4").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)

        // run: no source needed, so neither is its log, and neither is opened.
        for video in [fifo, folder.path] {
            XCTAssertNil(try VideoOwnLog.logPath(log: nil, sourcesGiven: 0, video: video, command: "run", required: false))
        }
        // A given --log or another source wins, without looking at the video.
        XCTAssertEqual(try VideoOwnLog.logPath(log: "a.csv", sourcesGiven: 1, video: fifo, command: "run", required: true), "a.csv")
        XCTAssertNil(try VideoOwnLog.logPath(log: nil, sourcesGiven: 1, video: fifo, command: "snapshot", required: true))
        // snapshot and render: refused, naming the FIFO as a file error, the folder as having no track.
        XCTAssertThrowsError(try VideoOwnLog.logPath(log: nil, sourcesGiven: 0, video: fifo, command: "snapshot", required: true)) {
            XCTAssertEqual(ExitStatus.of($0), .noInput, "\($0)")
            XCTAssertTrue("\($0)".contains("FIFO"), "\($0)")
        }
        XCTAssertThrowsError(try VideoOwnLog.logPath(log: nil, sourcesGiven: 0, video: folder.path, command: "render", required: true,
                                                     sources: "--log")) {
            XCTAssertEqual(ExitStatus.of($0), .usage, "\($0)")
            XCTAssertEqual("\($0)", "give --log: --video \(folder.path) is a folder of pictures, with no motion track of its own")
        }
    }
}
