import CVShim
import Pixels
import SafeText

/// Sequential frames from a video file (through FFmpeg's libraries: `VideoFile`), a folder of pictures
/// with a times file (`ImageSequence`), or a camera (through OpenCV's VideoCapture). Not thread-safe: use
/// one reader from one thread.
public final class VideoReader {
    private enum Backend {
        case file(VideoFile)
        case pictures(ImageSequence)
        case camera(OpaquePointer)
    }
    private var backend: Backend
    public let source: String

    /// Opens a video file, or a picture folder (`ImageSequence`: its pictures at the times its times file
    /// gives). Anything else must be a regular file (`InputFile`), so that a folder without a times file, a
    /// FIFO or a device is named for what it is, and nothing blocks opening a FIFO.
    public init(path: String) throws {
        source = path
        backend = ImageSequence.isSequence(path) ? .pictures(try ImageSequence(folder: path)) : .file(try VideoFile(path: path))
    }

    /// The picture folder's frames, for what only it has (each frame's time); nil for a file or a camera.
    public var pictures: ImageSequence? {
        if case .pictures(let sequence) = backend { return sequence }
        return nil
    }

    /// Opens a camera by index, or by device path (`/dev/video2`). No size and a zero rate keep the driver's defaults.
    public init(cameraIndex: Int, devicePath: String? = nil, size: PictureSize? = nil, fps: Double = 0) throws {
        quietOpenCV
        source = devicePath ?? "camera \(cameraIndex)"
        var err = [CChar](repeating: 0, count: 512)
        guard let handle = cvs_capture_open_camera(Int32(cameraIndex), devicePath, Int32(size?.width ?? 0), Int32(size?.height ?? 0), fps, &err, err.count) else {
            throw ImagingError.video(path: source, reason: String(nulTerminated: err))
        }
        backend = .camera(handle)
    }

    deinit { if case .camera(let handle) = backend { cvs_capture_close(handle) } }

    /// The file's reader, for what only a file has (its stated count, its streams); nil for a camera.
    public var file: VideoFile? {
        if case .file(let file) = backend { return file }
        return nil
    }

    /// The next frame, or nil at the end of the stream. Throws when decoding fails, and when a file ends
    /// before the frame count it states. A file's frames carry their presentation times.
    public func next() throws -> VideoFrame? {
        switch backend {
        case .file(let file): return try file.next()
        case .pictures(let sequence): return try sequence.nextFrame()
        case .camera(let handle):
            var buffer: UnsafeMutablePointer<UInt8>?
            var width: Int32 = 0, height: Int32 = 0
            var positionMs: Double = -1
            let status = try withErrorBuffer { err, len in
                cvs_capture_read_rgb(handle, &buffer, &width, &height, &positionMs, err, len)
            } describe: { ImagingError.video(path: self.source, reason: "cannot decode a frame: \($0)") }
            guard status == 1, let buffer else { return nil }
            defer { cvs_free(buffer) }
            let image = RGBImage(width: Int(width), height: Int(height),
                                 pixels: Array(UnsafeBufferPointer(start: buffer, count: Int(width) * Int(height) * 3)))
            return VideoFrame(image: image, position: positionMs >= 0 ? positionMs / 1000 : nil)
        }
    }

    /// Passes over the next frame without converting its picture (a file) or decodes and drops it (a
    /// camera). False at the end of the stream.
    public func skip() throws -> Bool {
        switch backend {
        case .file(let file): return try file.skip() != nil
        case .pictures(let sequence): return sequence.skip()
        case .camera: return try next() != nil
        }
    }

    /// Moves so that `next()` returns frame `index` (0 first): frames are counted as decoded, so the
    /// index is exact whatever the frame rate does. A camera cannot seek.
    public func seek(frame index: Int) throws {
        if case .pictures(let sequence) = backend {
            guard index < sequence.frames.count else {
                throw ImagingError.video(path: source, reason: "has no frame \(index) (its frames are 0 to \(sequence.frames.count - 1))")
            }
            sequence.seek(frame: index)
            return
        }
        guard case .file(var file) = backend else {
            throw ImagingError.video(path: source, reason: "a camera cannot seek")
        }
        if index < file.framesRead {
            file = try VideoFile(path: source)
            backend = .file(file)
        }
        while file.framesRead < index {
            guard try skip() else {
                throw ImagingError.video(path: source, reason: "has no frame \(index) (\(Self.frameRange(file.framesRead)))")
            }
        }
    }

    /// The frame count the container states, or one estimated from its duration and rate; nil when
    /// unknown (cameras).
    public var frameCount: Int? {
        switch backend {
        case .file(let file): return file.frameCount
        case .pictures(let sequence): return sequence.frames.count
        case .camera: return nil
        }
    }

    /// The frame rate the stream reports (its average), or nil when unknown.
    public var framesPerSecond: Double? {
        switch backend {
        case .file(let file): return file.info.framesPerSecond
        case .pictures(let sequence): return sequence.averageFramesPerSecond
        case .camera(let handle):
            let fps = cvs_capture_fps(handle)
            return fps > 0 && fps.isFinite ? fps : nil
        }
    }
}
