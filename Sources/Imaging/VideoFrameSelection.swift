import AttitudeMath
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
            throw ImagingError.video(path: path, reason: "has no frame \(index) (\(frameRange(count)))")
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

    /// The frames a video of `count` frames has, in words: "its frames are 0 to 9", "its only frame is 0".
    static func frameRange(_ count: Int) -> String {
        switch count {
        case ...0: return "it has no frame"
        case 1: return "its only frame is 0"
        default: return "its frames are 0 to \(count - 1)"
        }
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

/// Which frame of a video file shows at a video time, by the frames' own presentation times: the last
/// frame presented at or before it, as a player shows a variable-rate phone clip. The times are read
/// from the file's packets without decoding (`VideoFile.presentationTimes(path:)`); a constant-rate
/// file's are its exact k / fps, so its frame k still covers [k / fps, (k + 1) / fps).
public struct VideoFrameTimes: Equatable, Sendable {
    /// Each frame's presentation time, seconds from the stream's start, in order.
    public let times: [Double]
    /// How long the last frame lasts: one period of the stream's average rate, else the median period.
    public let lastPeriod: Double

    /// Frames the file states beyond the times read (a cut-off file), else 0.
    public let missingFrames: Int

    /// `statedFrameCount`: the count the file states, when it does; a cut-off file states more frames than
    /// it holds, and a time in the part cut off names a frame past the last (refused where it is decoded,
    /// as `--frame` is) rather than wrapping onto one that is there.
    public init(times: [Double], framesPerSecond: Double?, statedFrameCount: Int? = nil) {
        self.times = times
        missingFrames = max((statedFrameCount ?? 0) - times.count, 0)
        if let fps = framesPerSecond, fps > 0, fps.isFinite {
            lastPeriod = 1 / fps
        } else {
            lastPeriod = Median.of(zip(times.dropFirst(), times).map { $0 - $1 }).map { max($0, 1e-6) } ?? 1.0 / 30
        }
    }

    /// The frame times of the video file or picture folder at `path` (a folder's from its times file).
    public init(path: String) throws {
        if ImageSequence.isSequence(path) {
            let sequence = try ImageSequence(folder: path)
            self.init(times: sequence.frameTimes, framesPerSecond: nil)
            return
        }
        let file = try VideoFile(path: path)
        self.init(times: try file.presentationTimes(), framesPerSecond: file.info.framesPerSecond,
                  statedFrameCount: file.info.statedFrameCount)
    }

    /// When the last frame ends: the video's length on its own clock (0 when no frame has a time).
    public var end: Double { times.last.map { $0 + lastPeriod } ?? 0 }

    /// The presentation time of frame `index`; past the last, counted on at the last period.
    public func time(ofFrame index: Int) -> Double {
        times.indices.contains(index) ? times[index] : end + Double(index - times.count) * lastPeriod
    }

    /// The index of the frame shown at video time `seconds`: the last one presented at or before it (frame
    /// 0 before the first). With `loop` the time wraps at `end` (at the stated length when frames are
    /// missing); without, a time at or past `end` gives an
    /// index past the last frame (counted on at the last period), which no frame has.
    public func frameIndex(atSeconds seconds: Double, loop: Bool) -> Int {
        guard seconds > 0 else { return 0 }
        var seconds = seconds
        if loop && !times.isEmpty { seconds = seconds.truncatingRemainder(dividingBy: end + Double(missingFrames) * lastPeriod) }
        if seconds >= end {
            let beyond = ((seconds - end) / lastPeriod + 1e-6).rounded(.down)
            guard beyond < VideoReader.largestExactIndex - Double(times.count) else { return Int.max }
            return times.count + Int(beyond)
        }
        // The allowance keeps a time computed as k / fps on frame k despite rounding.
        let t = seconds + 1e-6 * lastPeriod
        return TimeSeries.index(atOrBefore: t, in: times.indices) { times[$0] }
    }
}

