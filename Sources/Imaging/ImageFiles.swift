import CVShim
import FileAccess
import Foundation
import Pixels
import SafeText

/// Image files: any picture OpenCV decodes read as an `RGBImage`, and an `RGBImage` encoded and written.
extension RGBImage {
    /// Reads any image file OpenCV decodes (PNG, JPEG, ...), converted to RGB. The path must be a regular
    /// file (`InputFile`): a folder, a FIFO or a device is refused by what it is, before OpenCV opens it.
    public static func read(path: String) throws -> RGBImage {
        do { try InputFile.check(path) } catch { throw FileAccessError(path: path, "cannot read image: \(error.reason)") }
        quietOpenCV
        var buffer: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        let status = try withErrorBuffer { err, len in
            cvs_image_read_rgb(path, &buffer, &width, &height, err, len)
        } describe: { ImagingError.unreadableImage(path: path, reason: $0) }
        guard status == 0, let buffer else { throw ImagingError.unreadableImage(path: path, reason: "no pixels") }
        defer { cvs_free(buffer) }
        let count = Int(width) * Int(height) * 3
        return RGBImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }

    /// The image as the bytes of a file of the type `extension` names (`"png"` is lossless).
    public func encoded(as extension: String, path: String) throws -> Data {
        quietOpenCV
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        _ = try pixels.withUnsafeBufferPointer { pixels in
            try withErrorBuffer { err, len in
                cvs_image_encode_rgb("." + `extension`, pixels.baseAddress, Int32(width), Int32(height), &bytes, &count, err, len)
            } describe: { ImagingError.unwritableImage(path: path, reason: $0) }
        }
        guard let bytes else { throw ImagingError.unwritableImage(path: path, reason: "the encoder returned nothing") }
        defer { cvs_free(bytes) }
        return Data(bytes: bytes, count: count)
    }

    /// Writes the image as the staged output's file (its type follows the extension; `.png` is lossless).
    public func write(to output: OutputFiles.Staged) throws {
        let type = (output.path as NSString).pathExtension.lowercased()
        try output.write(encoded(as: type.isEmpty ? "png" : type, path: output.path))
    }

    /// Writes the image to `path` alone, through the output policy (`OutputFiles`).
    public func write(path: String) throws {
        let outputs = OutputFiles()
        try write(to: outputs.stage(path, option: "the picture"))
        try outputs.commit()
    }
}

/// OpenCV's, FFmpeg's and GStreamer's own log lines repeat what our errors say, or are noise: silenced once,
/// before the first call into OpenCV (`cvs_quiet_logging`), unless the user set their variables.
let quietOpenCV: Void = cvs_quiet_logging()

