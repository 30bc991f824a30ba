import CVideoFile
import FileAccess
import Pixels
import SafeText

/// What a video file states about its picture stream, before a frame is decoded.
public struct VideoFileInfo: Sendable, Equatable {
    /// The size frames are decoded at.
    public var codedWidth: Int, codedHeight: Int
    /// The size frames are handed out at: upright (turned by `rotation`) and with square pixels.
    public var width: Int, height: Int
    /// Degrees clockwise the decoded picture is turned to be upright (0, 90, 180, 270): phones record
    /// sideways and say so in the stream's display matrix.
    public var rotation: Int
    /// Width of a stored pixel over its height; frames are widened by it to square pixels.
    public var sampleAspectRatio: Double
    /// The frame count the container states (MP4 and MOV do; Matroska does not), or nil.
    public var statedFrameCount: Int?
    /// The stream's average rate, or nil. With a variable frame rate, frame times come from each frame.
    public var framesPerSecond: Double?
    /// Seconds, or nil.
    public var duration: Double?
    /// Seconds per tick of the stream's clock (Matroska's is 1 ms): presentation times are rounded to it.
    public var tick: Double
    /// The video decoder ("h264").
    public var codec: String
    /// Every stream of the file: "video h264, audio aac, data (gpmd)".
    public var streams: String
    /// The container's `firmware` tag, which names a GoPro's model ("HD5.02.02.00.00": a HERO5 Black), or nil.
    public var firmware: String?
}

/// A video file read through FFmpeg's libraries, in order, every frame with its presentation time.
///
/// Why not OpenCV's VideoCapture: it stopped early on MP4 files that carry data tracks beside the
/// picture (an action camera's telemetry), it does not hand out each frame's presentation time (a
/// phone records at a variable rate), nor the container's frame count as stated, the display rotation
/// or the sample aspect ratio as such. FFmpeg's own libraries do, and Debian ships them (OpenCV's video
/// reading is built on them anyway). Cameras are still opened through OpenCV (`VideoReader(cameraIndex:)`).
///
/// Not thread-safe: one reader, one thread.
public final class VideoFile {
    public let path: String
    public let info: VideoFileInfo
    /// Frames handed out so far.
    public private(set) var framesRead = 0
    private var handle: OpaquePointer?

    /// Opens `path`: a regular file (`InputFile`), named for what it is when it is not one.
    public init(path: String) throws {
        self.path = path
        try InputFile.check(path)
        var raw = vf_info()
        var err = [CChar](repeating: 0, count: 512)
        handle = vf_open(path, &raw, &err, err.count)
        guard handle != nil else { throw ImagingError.video(path: path, reason: String(nulTerminated: err)) }
        info = VideoFileInfo(
            codedWidth: Int(raw.coded_width), codedHeight: Int(raw.coded_height), width: Int(raw.width), height: Int(raw.height),
            rotation: Int(raw.rotation), sampleAspectRatio: raw.sample_aspect_ratio,
            statedFrameCount: raw.frame_count > 0 ? Int(raw.frame_count) : nil,
            framesPerSecond: raw.frames_per_second > 0 && raw.frames_per_second.isFinite ? raw.frames_per_second : nil,
            duration: raw.duration > 0 && raw.duration.isFinite ? raw.duration : nil,
            tick: raw.time_base > 0 && raw.time_base.isFinite ? raw.time_base : 0,
            codec: Self.string(raw.codec), streams: Self.string(raw.streams), firmware: Self.firmware(raw.firmware))
    }

    deinit { vf_close(handle) }

    /// The frame count: as stated, else estimated from the duration and the rate (nil when neither is known).
    public var frameCount: Int? {
        if let stated = info.statedFrameCount { return stated }
        guard let duration = info.duration, let fps = info.framesPerSecond else { return nil }
        let estimate = (duration * fps).rounded()
        return estimate >= 1 && estimate < 1e9 ? Int(estimate) : nil
    }

    /// The next frame with its presentation time in seconds from the stream's start, or nil after the
    /// last. A file that ends before the frame count it states is an error naming where it stopped.
    public func next() throws -> VideoFrame? {
        var pixels: UnsafeMutablePointer<UInt8>?
        guard let time = try step(&pixels) else { return nil }
        defer { vf_free(pixels) }
        let count = info.width * info.height * 3
        let image = RGBImage(width: info.width, height: info.height, pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        return VideoFrame(image: image, position: time)
    }

    /// Every frame's presentation time, read from the packets without decoding, in presentation order and
    /// as `frameTimes(presentationTimes:framesPerSecond:tick:)` restores them. Reads the file to its end:
    /// for a file just opened, whose frames are not read after.
    public func presentationTimes() throws -> [Double] {
        var times: UnsafeMutablePointer<Double>?
        var count: Int64 = 0
        var err = [CChar](repeating: 0, count: 512)
        guard vf_scan_times(handle, &times, &count, &err, err.count) == 0 else {
            throw ImagingError.video(path: path, reason: String(nulTerminated: err))
        }
        defer { vf_free(times) }
        let raw = Array(UnsafeBufferPointer(start: times, count: Int(count)))
        return Self.frameTimes(presentationTimes: raw, framesPerSecond: info.framesPerSecond, tick: info.tick)
    }

    /// Decodes the next frame without converting its picture: its presentation time, or nil after the last.
    public func skip() throws -> Double? {
        try step(nil)
    }

    private func step(_ pixels: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) throws -> Double? {
        var time = 0.0
        var err = [CChar](repeating: 0, count: 512)
        let status = vf_next(handle, pixels, &time, &err, err.count)
        if status < 0 {
            let stated = info.statedFrameCount.map { "; it states \($0) frames (a cut-off or damaged file?)" } ?? ""
            throw ImagingError.video(path: path, reason: String(nulTerminated: err) + stated)
        }
        if status == 0 {
            if let stated = info.statedFrameCount, framesRead < stated {
                throw ImagingError.video(path: path, reason: Self.cutOff(framesRead, stated: stated))
            }
            return nil
        }
        framesRead += 1
        return time
    }

    /// Why a file that states `stated` frames holds only `frames`.
    static func cutOff(_ frames: Int, stated: Int) -> String {
        (frames == 0 ? "has no frame" : "ends after frame \(frames - 1)") + " although it states \(stated) frames (a cut-off file?)"
    }

    /// Frame times as precise as the file allows: when every presentation time is a constant rate's
    /// time rounded to the stream's tick (Matroska rounds 33.333 ms periods to 33 and 34 ms), the
    /// constant rate's exact times; otherwise the presentation times as they are (a variable rate).
    public static func frameTimes(presentationTimes times: [Double], framesPerSecond: Double?, tick: Double) -> [Double] {
        guard let fps = framesPerSecond, fps > 0, let first = times.first else { return times }
        let tolerance = tick / 2 + 1e-9
        for (k, t) in times.enumerated() where abs(t - first - Double(k) / fps) > tolerance { return times }
        return times.indices.map { first + Double($0) / fps }
    }

    /// The firmware tag as the file writes it (untrusted text: quote it to print it), nil when the file has none.
    private static func firmware<T>(_ tuple: T) -> String? {
        let text = string(tuple)
        return text.isEmpty ? nil : text
    }

    private static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
