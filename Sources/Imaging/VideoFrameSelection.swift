import Foundation

/// Picking one frame of a video file, reproducibly: the background of a snapshot.
extension VideoReader {
    /// 2^53: past it, doubles skip whole numbers, and well before Int.max.
    static let largestExactIndex = 9_007_199_254_740_992.0

    /// Decodes frame `index` (0 first) of the video at `path`. Throws, naming the file, when it is
    /// missing, cannot be decoded, or has no such frame.
    public static func decodeFrame(path: String, index: Int) throws -> VideoFrame {
        guard index >= 0 else { throw ImagingError.video(path: path, reason: "frame \(index) is negative") }
        let reader = try VideoReader(path: path)
        // A frame past the count the container states is refused before decoding up to it.
        if let count = reader.file?.info.statedFrameCount, index >= count {
            throw ImagingError.video(path: path, reason: "has no frame \(index) (its frames are 0 to \(count - 1))")
        }
        if index > 0 { try reader.seek(frame: index) }
        guard let frame = try reader.next() else {
            if index == 0 {
                throw ImagingError.video(path: path, reason: "no frame could be decoded (not a video, or no decoder for its codec)")
            }
            let count = reader.frameCount.map { " although its header counts \($0) frames (a cut-off file?)" } ?? ""
            throw ImagingError.video(path: path, reason: "frame \(index) cannot be decoded\(count)")
        }
        return frame
    }

    /// The index of the frame shown `seconds` into playback at `framesPerSecond`: frame k covers
    /// [k / fps, (k + 1) / fps). With `loop` and a known `frameCount` the time wraps around.
    public static func frameIndex(atSeconds seconds: Double, framesPerSecond: Double, frameCount: Int?, loop: Bool) -> Int {
        guard seconds > 0, framesPerSecond > 0, seconds.isFinite, framesPerSecond.isFinite else { return 0 }
        // The small allowance keeps t = k / fps on frame k despite rounding (e.g. 0.1 * 30 = 2.9999...).
        var seconds = seconds
        if loop, let frameCount, frameCount > 0 {
            // Wrapped in seconds first, so that a huge time (1e308 s × fps overflows) still wraps.
            seconds = seconds.truncatingRemainder(dividingBy: Double(frameCount) / framesPerSecond)
        }
        let position = (seconds * framesPerSecond + 1e-6).rounded(.down)
        // Checked: a time past any video (1e308 s) is the last index an Int holds, which no video has,
        // rather than a trap converting an out-of-range double.
        guard position < Self.largestExactIndex else { return Int.max }
        guard loop, let frameCount, frameCount > 0 else { return Int(position) }
        return Int(position) % frameCount
    }
}
