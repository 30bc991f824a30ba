import Calibration
import FileAccess
import Foundation
import Imaging

/// Corners tracked through a whole clip, pair by pair.
public struct ClipTracks {
    public var width = 0, height = 0
    /// Each frame's presentation time, seconds from the stream's start.
    public var frameTimes: [Double] = []
    public var frameCount: Int { frameTimes.count }
    public var tracks: [FramePairTracks] = []

    /// Reads every frame of the video file or picture folder at `path`, tracking corners from each frame to
    /// the next; `progress` hears every 100 frames and a summary of the clip's size, rate and turn.
    public static func read(path: String, progress: (String) -> Void) throws -> ClipTracks {
        // A folder of pictures with a times file, or a video file.
        let sequence = FileKind.of(path) == .folder ? try ImageSequence(folder: path) : nil
        let video = sequence == nil ? try VideoFile(path: path) : nil
        let nextFrame: () throws -> VideoFrame? = { try sequence?.nextFrame() ?? video?.next() }
        let tracker = try FeatureTracker()
        var clip = ClipTracks()
        let expected = video?.frameCount ?? sequence?.frames.count
        while let frame = try nextFrame() {
            guard let time = frame.position else { throw ImagingError.video(path: path, reason: "frame \(clip.frameCount) has no time") }
            if clip.frameCount == 0 {
                clip.width = frame.image.width
                clip.height = frame.image.height
            } else if frame.image.width != clip.width || frame.image.height != clip.height {
                throw ImagingError.video(path: path, reason: "frame \(clip.frameCount) is \(frame.image.width)x\(frame.image.height), "
                                         + "not \(clip.width)x\(clip.height) as before")
            }
            let (points, _) = try tracker.push(frame.image, source: path)
            if clip.frameCount > 0 {
                clip.tracks.append(FramePairTracks(index: clip.frameCount - 1, from: points.map(\.from), to: points.map(\.to)))
            }
            clip.frameTimes.append(time)
            if clip.frameCount % 100 == 0 {
                progress("tracked \(clip.frameCount)" + (expected.map { " of \($0)" } ?? "") + " frames")
            }
        }
        guard clip.frameCount > 0 else { throw ImagingError.video(path: path, reason: "holds no frames") }
        if let video {
            clip.frameTimes = VideoFile.frameTimes(presentationTimes: clip.frameTimes, framesPerSecond: video.info.framesPerSecond,
                                                   tick: video.info.tick)
        }
        let span = (clip.frameTimes.last ?? 0) - (clip.frameTimes.first ?? 0)
        let periods = zip(clip.frameTimes.dropFirst(), clip.frameTimes).map { $0 - $1 }
        let rate = span > 0 ? String(format: "%.3f fps on average", Double(clip.frameCount - 1) / span) : "one frame"
        // Variable when the periods spread by more than a tenth of the mean: a container's clock rounds
        // a constant rate's periods by up to one tick (33 and 34 ms on Matroska's millisecond clock).
        let variable = span > 0 && (periods.max() ?? 0) - (periods.min() ?? 0) > 0.1 * span / Double(clip.frameCount - 1)
            ? String(format: ", frame periods %.1f to %.1f ms (a variable rate: each frame's own time is used)",
                     (periods.min() ?? 0) * 1000, (periods.max() ?? 0) * 1000) : ""
        progress(String(format: "tracked %d frames, %dx%d, ", clip.frameCount, clip.width, clip.height) + rate + variable
                 + ((video?.info.rotation ?? 0) != 0 ? ", turned \(video!.info.rotation)° clockwise upright as the file says" : "")
                 + (sequence.map { ", timed by \($0.timesFile)" } ?? ""))
        return clip
    }
}
