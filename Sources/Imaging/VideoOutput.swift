import Foundation

/// Where rendered frames go, chosen by the output's name:
/// - `.mkv` or `.avi`: FFV1, lossless, through OpenCV's VideoWriter;
/// - `.mp4`: H.264 (`avc1`, FFmpeg's libx264), lossy, for sharing; MPEG-4 Part 2 (`mp4v`) when this
///   FFmpeg has no H.264 encoder;
/// - a name ending in `/`: a folder of numbered PNGs (`frame-000000.png`, ...).
///
/// Frames are written under a temporary name beside the output (`.NAME.partial-PID...`) and renamed
/// to the output only by `finish()`, after the file was checked to hold every frame; `abandon()`
/// (or a failure) removes the temporary file, so no half-written output is ever left under the
/// name asked for.
public final class VideoOutput {
    public enum Kind: Equatable, Sendable {
        case video(codec: String)
        case pngFolder
    }

    public let path: String
    public private(set) var kind: Kind
    public let width: Int, height: Int
    public let framesPerSecond: Double
    /// Frames written so far.
    public private(set) var count = 0
    private let temporaryPath: String
    private var writer: VideoWriter?
    private var finished = false

    /// The kind of output a name asks for, or nil for a name it does not know.
    public static func kind(of path: String) -> Kind? {
        if path.hasSuffix("/") { return .pngFolder }
        switch (path as NSString).pathExtension.lowercased() {
        case "mkv", "avi": return .video(codec: "FFV1")
        case "mp4": return .video(codec: "avc1")
        default: return nil
        }
    }

    /// A line for people: what is written and how.
    public var summary: String {
        switch kind {
        case .pngFolder: return "PNG frames"
        case .video("FFV1"): return "FFV1, lossless"
        case .video("avc1"): return "H.264 (avc1), lossy"
        case .video(let codec): return "MPEG-4 Part 2 (\(codec)), lossy"
        }
    }

    public init(path: String, framesPerSecond: Double, width: Int, height: Int) throws {
        guard let kind = Self.kind(of: path) else {
            throw ImagingError.video(path: path, reason: "unknown kind of output: name a .mkv, .avi or .mp4 file, or a folder ending in '/'")
        }
        self.path = path; self.kind = kind
        self.width = width; self.height = height; self.framesPerSecond = framesPerSecond
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let url = URL(fileURLWithPath: trimmed)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ImagingError.video(path: path, reason: "the folder \(folder) does not exist")
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        let ext = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
        temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.deletingPathExtension().lastPathComponent).partial-\(pid)\(ext)").path
        switch kind {
        case .pngFolder:
            if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isFolder) {
                let contents = isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: trimmed)) ?? [] : ["?"]
                guard isFolder.boolValue, contents.isEmpty else {
                    throw ImagingError.video(path: path, reason: "already exists and is not an empty folder")
                }
            }
            do {
                try FileManager.default.createDirectory(atPath: temporaryPath, withIntermediateDirectories: false)
            } catch {
                throw ImagingError.video(path: path, reason: "cannot create a folder beside it (\(error.localizedDescription))")
            }
        case .video(let codec):
            do {
                writer = try VideoWriter(path: temporaryPath, codec: codec, fps: framesPerSecond, width: width, height: height)
            } catch where codec == "avc1" {
                // An FFmpeg built without an H.264 encoder: MPEG-4 Part 2 plays in most players too.
                try? FileManager.default.removeItem(atPath: temporaryPath)
                writer = try VideoWriter(path: temporaryPath, codec: "mp4v", fps: framesPerSecond, width: width, height: height)
                self.kind = .video(codec: "mp4v")
            }
        }
    }

    deinit { if !finished { abandon() } }

    /// Appends one frame of the output's size.
    public func write(_ image: RGBImage) throws {
        do {
            switch kind {
            case .pngFolder:
                try image.write(path: URL(fileURLWithPath: temporaryPath).appendingPathComponent(String(format: "frame-%06d.png", count)).path)
            case .video:
                try writer?.write(image)
            }
        } catch {
            abandon()
            throw ImagingError.video(path: path, reason: "writing frame \(count) failed: \(error)")
        }
        count += 1
    }

    /// Closes the file, checks it holds every frame, and moves it to the output's name.
    public func finish() throws {
        writer?.close()
        writer = nil
        if case .video = kind {
            let written = (try? VideoReader(path: temporaryPath))?.frameCount
            guard let written, written == count else {
                abandon()
                throw ImagingError.video(path: path, reason: "the encoder wrote \(written.map(String.init) ?? "no readable") frames "
                                         + "of \(count) (disk full?); nothing was kept")
            }
        }
        let target = path.hasSuffix("/") ? String(path.dropLast()) : path
        do {
            if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
            try FileManager.default.moveItem(atPath: temporaryPath, toPath: target)
        } catch {
            abandon()
            throw ImagingError.video(path: path, reason: "cannot move the finished output into place (\(error.localizedDescription))")
        }
        finished = true
    }

    /// Removes whatever was written.
    public func abandon() {
        writer?.close()
        writer = nil
        try? FileManager.default.removeItem(atPath: temporaryPath)
        finished = true
    }
}
