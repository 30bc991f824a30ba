import FileAccess
import Foundation
import Pixels

/// Where rendered frames go, chosen by the output's name:
/// - `.mkv` or `.avi`: FFV1, lossless, through OpenCV's VideoWriter;
/// - `.mp4`: H.264 (`avc1`, FFmpeg's libx264), lossy, for sharing; MPEG-4 Part 2 (`mp4v`) when this
///   FFmpeg has no H.264 encoder;
/// - a name ending in `/`: a folder of numbered PNGs (`frame-000000.png`, ...) with `frames.csv`, each
///   frame's time (`t,filename`, as `ImageSequence` reads it): the folder is a clip that keeps a variable
///   frame rate, which a constant-rate video file cannot.
///
/// The output is staged by the command's `OutputFiles`: frames go to its temporary file or folder, and
/// `finish()` checks that the file holds every frame at the size asked for; the command's commit then
/// moves it into place. A failure leaves nothing under the name asked for.
public final class VideoOutput {
    public enum Kind: Equatable, Sendable {
        case video(codec: String)
        case pngFolder
    }

    public let path: String
    public private(set) var kind: Kind
    /// The size of every frame.
    public let size: PictureSize
    public let framesPerSecond: Double
    /// Frames written so far.
    public private(set) var count = 0
    private let temporaryPath: String
    private var writer: VideoWriter?
    /// The PNG folder's `frames.csv` so far.
    private var framesFile = "t,filename\n"

    /// The most frames per second an output takes: past it FFmpeg's time base for the rate loses precision.
    public static let maximumFramesPerSecond = 1000.0

    /// The kind of output a name asks for, or nil for a name it does not know.
    public static func kind(of path: String) -> Kind? {
        if path.hasSuffix("/") { return .pngFolder }
        switch (path as NSString).pathExtension.lowercased() {
        case "mkv", "avi": return .video(codec: "FFV1")
        case "mp4": return .video(codec: "avc1")
        default: return nil
        }
    }

    /// Why `path` cannot take frames of this size and rate, or nil when it can: checked before any work.
    /// OpenCV's FFmpeg writer silently drops an odd last column or row (a 321x241 video would be 320x240),
    /// so a video's width and height must be even; PNG frames take any size.
    public static func problem(path: String, size: PictureSize, framesPerSecond: Double) -> String? {
        guard let kind = kind(of: path) else {
            return "unknown kind of output: name a .mkv, .avi or .mp4 file, or a folder ending in '/'"
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= maximumFramesPerSecond else {
            return "the frame rate must be more than 0 and at most \(Int(maximumFramesPerSecond)) frames per second"
        }
        if case .video = kind, size.width % 2 != 0 || size.height % 2 != 0 {
            return "a video's width and height must be even, and \(size) is not (the encoder would drop the odd "
                + "last column or row); give an even size, or a folder ending in '/' for PNG frames of any size"
        }
        return nil
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

    /// Frames for `output`, staged by the command's `OutputFiles` (a name ending in `/` stages a folder).
    public init(output: OutputFiles.Staged, framesPerSecond: Double, size: PictureSize) throws {
        if let problem = Self.problem(path: output.path, size: size, framesPerSecond: framesPerSecond) {
            throw ImagingError.video(path: output.path, reason: problem)
        }
        let kind = Self.kind(of: output.path)!
        path = output.path
        self.kind = kind
        self.size = size; self.framesPerSecond = framesPerSecond
        temporaryPath = output.temporaryPath
        if case .video(let codec) = kind {
            do {
                writer = try VideoWriter(path: temporaryPath, codec: codec, fps: framesPerSecond, size: size)
            } catch where codec == "avc1" {
                // An FFmpeg built without an H.264 encoder: MPEG-4 Part 2 plays in most players too.
                try? FileManager.default.removeItem(atPath: temporaryPath)
                do {
                    writer = try VideoWriter(path: temporaryPath, codec: "mp4v", fps: framesPerSecond, size: size)
                } catch {
                    throw ImagingError.video(path: path, reason: "no H.264 or MPEG-4 encoder took \(size) at \(framesPerSecond) fps")
                }
                self.kind = .video(codec: "mp4v")
            } catch {
                throw ImagingError.video(path: path, reason: "the \(summary) encoder did not take \(size) at \(framesPerSecond) fps")
            }
        }
    }

    deinit { writer?.close() }

    /// Appends one frame of the output's size; `time` in seconds (default: its index over the rate) goes to
    /// a PNG folder's `frames.csv`, and must rise; a video file is timed by its constant rate.
    public func write(_ image: RGBImage, time: Double? = nil) throws {
        guard image.size == size else {
            throw ImagingError.video(path: path, reason: "frame \(count) is \(image.width)x\(image.height), not \(size)")
        }
        do {
            switch kind {
            case .pngFolder:
                let frame = URL(fileURLWithPath: temporaryPath).appendingPathComponent(String(format: "frame-%06d.png", count)).path
                let data = try image.encoded(as: "png", path: path)
                if let code = OutputFiles.write(data, toNewFile: frame) {
                    throw ImagingError.video(path: path, reason: "cannot write PNG frame \(count) (\(String(cString: strerror(code))))")
                }
                framesFile += String(format: "%.9f,frame-%06d.png\n", time ?? Double(count) / framesPerSecond, count)
            case .video:
                try writer?.write(image)
            }
        } catch let error as ImagingError {
            abandon()
            throw error
        } catch {
            abandon()
            throw ImagingError.video(path: path, reason: "writing frame \(count) failed")
        }
        count += 1
    }

    /// Closes the file and checks it holds every frame at the size asked for; the command's `OutputFiles`
    /// commit moves it into place.
    public func finish() throws {
        writer?.close()
        writer = nil
        guard case .video = kind else {
            let times = URL(fileURLWithPath: temporaryPath).appendingPathComponent("frames.csv").path
            if let code = OutputFiles.write(Data(framesFile.utf8), toNewFile: times) {
                throw ImagingError.video(path: path, reason: "cannot write frames.csv (\(String(cString: strerror(code))))")
            }
            return
        }
        let reader = try? VideoReader(path: temporaryPath)
        let written = reader?.frameCount
        guard let written, written == count else {
            throw ImagingError.video(path: path, reason: "the encoder wrote \(written.map(String.init) ?? "no readable") frames "
                                     + "of \(count) (disk full?); nothing was kept")
        }
        if let first = try? reader?.next(), first.image.size != size {
            throw ImagingError.video(path: path, reason: "the encoder wrote \(first.image.width)x\(first.image.height) frames, "
                                     + "not \(size); nothing was kept")
        }
    }

    /// Stops writing; the command's `OutputFiles` removes what was written.
    public func abandon() {
        writer?.close()
        writer = nil
    }
}
