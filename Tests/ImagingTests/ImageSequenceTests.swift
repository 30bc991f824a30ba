import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// Folders of pictures timed by a file, in the three layouts `ImageSequence` reads, and their errors.
final class ImageSequenceTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "image-sequence" }

    private func picture(_ path: String, shade: UInt8, width: Int = 8) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try RGBImage(width: width, height: 6, fill: (shade, 0, 0)).write(path: path)
    }

    private func readAll(_ sequence: ImageSequence) throws -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while let frame = try sequence.nextFrame() { frames.append(frame) }
        return frames
    }

    func testTheThreeLayoutsAreTimed() throws {
        let ours = folder.appendingPathComponent("ours").path
        try picture(ours + "/a.png", shade: 10)
        try picture(ours + "/b.png", shade: 20)
        try "t,filename\n100.5,a.png\n100.5333,b.png\n".write(toFile: ours + "/frames.csv", atomically: true, encoding: .utf8)
        let euroc = folder.appendingPathComponent("cam0").path
        try picture(euroc + "/data/1403636579763555584.png", shade: 30)
        try picture(euroc + "/data/1403636579813555456.png", shade: 40)
        try "#timestamp [ns],filename\r\n1403636579763555584,1403636579763555584.png\r\n1403636579813555456,1403636579813555456.png\r\n"
            .write(toFile: euroc + "/data.csv", atomically: true, encoding: .utf8)
        let tum = folder.appendingPathComponent("tum").path
        try picture(tum + "/rgb/1305031102.175304.png", shade: 50)
        try picture(tum + "/rgb/1305031102.211214.png", shade: 60)
        try "# color images\n# timestamp filename\n1305031102.175304 rgb/1305031102.175304.png\n1305031102.211214 rgb/1305031102.211214.png\n"
            .write(toFile: tum + "/rgb.txt", atomically: true, encoding: .utf8)
        for (path, gap, shades) in [(ours, 0.0333, [10, 20]), (euroc, 0.049999872, [30, 40]), (tum, 0.03591, [50, 60])] {
            XCTAssertTrue(ImageSequence.isSequence(path), path)
            let frames = try readAll(try ImageSequence(folder: path))
            XCTAssertEqual(frames.map { $0.position ?? -1 }[0], 0)
            XCTAssertEqual(frames[1].position ?? -1, gap, accuracy: 1e-6, path)
            XCTAssertEqual(frames.map { Int($0.image.pixel(x: 0, y: 0).r) }, shades, path)
        }
    }

    func testBadTimesFilesAndPicturesAreNamed() throws {
        let path = folder.appendingPathComponent("bad").path
        try picture(path + "/a.png", shade: 10)
        try picture(path + "/b.png", shade: 20, width: 10)
        func reason(_ times: String) -> String {
            try? times.write(toFile: path + "/frames.csv", atomically: true, encoding: .utf8)
            do {
                _ = try readAll(try ImageSequence(folder: path))
                return "read"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(reason("time,file\n1,a.png\n"), "\(path)/frames.csv:1: the header must be 't,filename' (more columns may follow)")
        // More columns, as record writes them: every row has them all, and t and filename are read.
        XCTAssertEqual(reason("t,filename,arrival_s,driver_s\n1,a.png,1.01,\n2,a.png,2.01,1.99\n"), "read")
        XCTAssertEqual(reason("t,filename,arrival_s,driver_s\n1,a.png,1.01,\n2,a.png,2.01\n"),
                       "\(path)/frames.csv:3: expected 't,filename,arrival_s,driver_s' with t in seconds")
        XCTAssertEqual(reason("t,filename\n1,a.png\nx,b.png\n"), "\(path)/frames.csv:3: expected 't,filename' with t in seconds")
        XCTAssertEqual(reason("t,filename\n2,a.png\n1,b.png\n"),
                       "\(path)/frames.csv: frame 1's time 1.000000000 is not after frame 0's 2.000000000")
        XCTAssertEqual(reason("t,filename\n1,a.png\n2,b.png\n"), "\(path)/b.png: is 10x6, not 8x6 as the first frame")
        XCTAssertTrue(reason("t,filename\n1,a.png\n2,c.png\n").hasPrefix("\(path)/c.png"), reason("t,filename\n1,a.png\n2,c.png\n"))
        XCTAssertEqual(reason("t,filename\n"), "\(path)/frames.csv: lists no frames")
        try FileManager.default.removeItem(atPath: path + "/frames.csv")
        XCTAssertFalse(ImageSequence.isSequence(path))
        XCTAssertThrowsError(try ImageSequence(folder: path)) {
            XCTAssertEqual("\($0)", "\(path): is a folder without frames.csv, data.csv (EuRoC) or rgb.txt (TUM) to time its pictures")
        }
    }

    /// The CSV times files are read as every log is: comments, blank lines and CRLF, line numbers counting them all;
    /// a two-column `frames.csv` takes a name with commas whole.
    func testTimesFilesReadAsLogsAre() throws {
        let ours = folder.appendingPathComponent("ours").path
        try picture(ours + "/a, first.png", shade: 10)
        try picture(ours + "/b.png", shade: 20)
        try "# written by hand\r\n\r\nt, filename\r\n100.5,a, first.png\r\n# between\r\n100.6,\"b.png\"\r\n"
            .write(toFile: ours + "/frames.csv", atomically: true, encoding: .utf8)
        let sequence = try ImageSequence(folder: ours)
        XCTAssertEqual(sequence.frames.map { ($0.path as NSString).lastPathComponent }, ["a, first.png", "b.png"])
        XCTAssertEqual(try readAll(sequence).map { Int($0.image.pixel(x: 0, y: 0).r) }, [10, 20])

        func reason(_ name: String, _ times: String) -> String {
            let path = folder.appendingPathComponent("bad-" + name).path
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try? times.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
            do {
                _ = try ImageSequence(folder: path)
                return "read"
            } catch { return "\(error)".replacingOccurrences(of: path + "/", with: "") }
        }
        XCTAssertEqual(reason("frames.csv", "# c\n\ntime,file\n1,a.png\n"), "frames.csv:3: the header must be 't,filename' (more columns may follow)")
        XCTAssertEqual(reason("frames.csv", "t,filename\n# c\n1,\n"), "frames.csv:3: expected 't,filename' with t in seconds")
        XCTAssertEqual(reason("data.csv", "#timestamp [ns],filename\r\n\r\n1403636579763555584,\r\n"),
                       "data.csv:3: expected 'timestamp [ns],filename' with a whole number of nanoseconds")
        XCTAssertEqual(reason("data.csv", "#timestamp [ns],filename\n1.5,a.png\n"),
                       "data.csv:2: expected 'timestamp [ns],filename' with a whole number of nanoseconds")
        XCTAssertEqual(reason("data.csv", "#timestamp [ns],filename\n"), "data.csv: lists no frames")
    }
}
