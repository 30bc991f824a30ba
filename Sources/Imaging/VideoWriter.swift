import CVShim
import Pixels
import SafeText

/// Writes RGB frames to a video file through OpenCV's VideoWriter: what `VideoOutput` (render's and the clips' videos) writes with.
public final class VideoWriter {
    private var handle: OpaquePointer?
    public let path: String
    /// The size of every frame.
    public let size: PictureSize

    /// `codec` is a four-character code: "FFV1" in .avi is lossless here; "MJPG" also works.
    public init(path: String, codec: String, fps: Double, size: PictureSize) throws {
        quietOpenCV
        self.path = path; self.size = size
        var err = [CChar](repeating: 0, count: 512)
        handle = cvs_writer_open(path, codec, fps, Int32(size.width), Int32(size.height), &err, err.count)
        if handle == nil { throw ImagingError.video(path: path, reason: String(nulTerminated: err)) }
    }

    deinit { close() }

    public func write(_ image: RGBImage) throws {
        precondition(image.size == size, "frame size differs from the writer's")
        _ = try image.pixels.withUnsafeBufferPointer { bytes in
            try withErrorBuffer { err, len in cvs_writer_write_rgb(handle, bytes.baseAddress, err, len) }
                describe: { ImagingError.video(path: self.path, reason: $0) }
        }
    }

    /// Finishes the file; later writes are errors in OpenCV's terms, so call this once at the end.
    public func close() {
        if let handle { cvs_writer_close(handle) }
        handle = nil
    }
}
