import AttitudeMath
import CSVText
import FileAccess
import Foundation
import Pixels
import SafeText

/// A clip given as a folder of pictures with a file of their times, as visual-inertial datasets ship
/// them. Three layouts are read:
///
/// - **steady-dice** `frames.csv` in the folder: a header `t,filename` (more columns may follow, as
///   `record` writes them), then one row per frame, `t` in seconds, `filename` relative to the folder.
/// - **EuRoC / ASL** `data.csv` beside a `data/` folder (`cam0/data.csv`, `cam0/data/*.png`; give
///   `cam0`): `#timestamp [ns],filename`, nanoseconds, names inside `data/`.
/// - **TUM RGB-D** `rgb.txt` in the folder: `#` comments, then `timestamp filename` per line, seconds,
///   names relative to the folder (`rgb/…png`).
///
/// The two CSV files are read as every log is (`CSVText`: `#` comments and blank lines skipped, CRLF line ends,
/// fields trimmed and unquoted); TUM's blank-separated list line by line.
///
/// Frames are read in the order of their times, which must rise; every picture must exist and have
/// the first one's size. Times are seconds from the first frame's.
public final class ImageSequence {
    public let folder: String
    /// The times file that was read.
    public let timesFile: String
    /// Each frame's picture and its time in seconds, as the times file gives it (not yet from the first).
    public let frames: [(path: String, time: Double)]
    private var next = 0
    private var size: (width: Int, height: Int)?

    /// Whether `path` is a folder holding one of the times files above.
    public static func isSequence(_ path: String) -> Bool {
        guard FileKind.of(path) == .folder else { return false }
        return ["frames.csv", "data.csv", "rgb.txt"].contains { FileKind.of((path as NSString).appendingPathComponent($0)) == .regular }
    }

    public init(folder: String) throws {
        self.folder = folder
        func at(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        func fail(_ file: String, _ line: Int?, _ reason: String) -> ImagingError {
            .video(path: line.map { "\(file):\($0)" } ?? file, reason: reason)
        }
        var rows: [(path: String, time: Double)] = []
        if FileKind.of(at("frames.csv")) == .regular {
            timesFile = at("frames.csv")
            let text = CSVText(try Self.contents(timesFile))
            guard let header = text.header, header.count >= 2, header.names[0] == "t", header.names[1] == "filename" else {
                throw fail(timesFile, text.header?.line ?? 1, "the header must be 't,filename' (more columns may follow)")
            }
            let expected = MessageText.quoted(header.names.joined(separator: ","))
            for row in text.rows {
                // Two columns: the name may hold commas. More: every row has them all, and only t and filename are read.
                let fields = header.count == 2 ? text.fields(of: row, maxCount: 2) : text.fields(of: row)
                guard fields.count == header.count, let t = text.double(fields[0]), t.isFinite, !fields[1].isEmpty else {
                    throw fail(timesFile, row.number, "expected \(expected) with t in seconds")
                }
                if let problem = TimeBounds.problem(time: t) { throw fail(timesFile, row.number, "t: \(problem)") }
                rows.append((at(text.string(fields[1])), t))
            }
        } else if FileKind.of(at("data.csv")) == .regular {
            timesFile = at("data.csv")
            // EuRoC's header, `#timestamp [ns],filename`, is a comment: every other line is a frame.
            let text = CSVText(try Self.contents(timesFile))
            for row in text.headerlessRows {
                let fields = text.fields(of: row, maxCount: 2)
                guard fields.count == 2, let ns = text.int64(fields[0]), ns >= 0, !fields[1].isEmpty else {
                    throw fail(timesFile, row.number, "expected 'timestamp [ns],filename' with a whole number of nanoseconds")
                }
                rows.append((at("data/" + text.string(fields[1])), Double(ns) / 1e9))
            }
        } else if FileKind.of(at("rgb.txt")) == .regular {
            timesFile = at("rgb.txt")
            for (number, text) in try Self.lines(timesFile) where !text.hasPrefix("#") {
                let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard fields.count >= 2, let t = Double(fields[0]), t.isFinite else {
                    throw fail(timesFile, number, "expected 'timestamp filename' with the timestamp in seconds")
                }
                if let problem = TimeBounds.problem(time: t) { throw fail(timesFile, number, "timestamp: \(problem)") }
                rows.append((at(fields[1]), t))
            }
        } else {
            throw ImagingError.video(path: folder, reason: "is a folder without frames.csv, data.csv (EuRoC) or rgb.txt (TUM) to time its pictures")
        }
        guard !rows.isEmpty else { throw ImagingError.video(path: timesFile, reason: "lists no frames") }
        for k in rows.indices.dropFirst() where rows[k].time <= rows[k - 1].time {
            throw ImagingError.video(path: timesFile, reason: String(format: "frame %d's time %.9f is not after frame %d's %.9f",
                                                                     k, rows[k].time, k - 1, rows[k - 1].time))
        }
        frames = rows
    }

    /// The next picture with its time in seconds from the first frame's, or nil after the last.
    public func nextFrame() throws -> VideoFrame? {
        guard next < frames.count else { return nil }
        let (path, time) = frames[next]
        let image = try RGBImage.read(path: path)
        if let size, image.width != size.width || image.height != size.height {
            throw ImagingError.video(path: path, reason: "is \(image.width)x\(image.height), not \(size.width)x\(size.height) as the first frame")
        }
        size = size ?? (image.width, image.height)
        next += 1
        return VideoFrame(image: image, position: time - frames[0].time)
    }

    /// Passes over the next picture without reading it; false after the last.
    public func skip() -> Bool {
        guard next < frames.count else { return false }
        next += 1
        return true
    }

    /// Makes `nextFrame()` return frame `index` (0 first) next.
    public func seek(frame index: Int) {
        next = max(0, min(index, frames.count))
    }

    /// Each frame's time in seconds from the first frame's.
    public var frameTimes: [Double] { frames.map { $0.time - frames[0].time } }

    /// Frames per second over the whole folder (frames after the first over the time they span); nil for one frame.
    public var averageFramesPerSecond: Double? {
        guard frames.count > 1, let first = frames.first, let last = frames.last, last.time > first.time else { return nil }
        return Double(frames.count - 1) / (last.time - first.time)
    }

    /// A small text file's bytes (a times file, or another text file of a picture folder's recording).
    public static func contents(_ path: String) throws -> Data {
        do { return try BoundedFile.read(path: path) } catch {
            if let access = error.access { throw access }
            throw ImagingError.video(path: path, reason: "\(error)")
        }
    }

    /// Non-empty lines of a small text file with their 1-based numbers, a BOM and CR removed (TUM's `rgb.txt`,
    /// whose fields are separated by blanks, not commas, and the other text files of a picture folder's recording).
    public static func lines(_ path: String) throws -> [(number: Int, text: String)] {
        let data = try contents(path)
        guard let text = String(data: data, encoding: .utf8) else { throw ImagingError.video(path: path, reason: "is not UTF-8 text") }
        // "\r\n" is one Character in Swift: made "\n" first, so that lines split on it.
        return text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            var s = String(line)
            if i == 0, s.hasPrefix("\u{FEFF}") { s.removeFirst() }
            if s.hasSuffix("\r") { s.removeLast() }
            s = s.trimmingCharacters(in: .whitespaces)
            return s.isEmpty ? nil : (i + 1, s)
        }
    }
}
