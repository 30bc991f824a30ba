import AttitudeMath
import Foundation
import Imaging
import Logging
import Pixels
import Render
import Workers

/// One background picture as drawn: already prepared for the camera (`LoadedCamera.prepare`), with a generation
/// that changes whenever the picture does, and the capture time of a camera's or a playing video's frame.
public struct BackgroundFrame {
    public var image: RGBImage
    public var generation: Int
    /// Monotonic seconds the frame was captured (its driver's timestamp, or its arrival); nil for stills and
    /// frames picked by video time.
    public var captureTime: Double?

    public init(image: RGBImage, generation: Int, captureTime: Double? = nil) {
        self.image = image
        self.generation = generation
        self.captureTime = captureTime
    }
}

/// The picture behind the die, frame by frame, for every clock: the one place a background frame is picked.
///
/// - A still picture (`--background IMAGE`) is the same for every frame.
/// - A camera is read on its capture thread: the wall clock draws its newest frame captured by a time,
///   `render` its newest at each frame, `snapshot` its first.
/// - A video shows, under every clock, the frame presented at or before its video time, by the file's own
///   frame times (`VideoFrameTimes`), read forward in order: start + k / fps for `render`'s frame k (`snapshot`
///   is frame 0), start + the wall seconds since the first frame for `run` (the video plays at its own rate,
///   whatever the log's speed or pause). The start is `--frame`'s or `--video-at`'s time, else the log's clock's.
///
/// Every new picture passes through `LoadedCamera.prepare` (the calibrated size, undistortion) once.
public final class BackgroundFrames {
    private enum Pictures {
        case still(RGBImage)
        case capture(CaptureSource)
        case video(VideoAtTimes)
    }

    private let pictures: Pictures
    private let loadedCamera: LoadedCamera
    private let sourceName: String
    private let logger: Logger
    /// A capture's frames taken and not yet shown, for `frame(capturedBy:)`.
    private var delayLine = FrameDelayLine()
    private var prepared: BackgroundFrame?
    private var reported = false
    /// The monotonic time the wall clock's first frame was drawn at.
    private var wallStart: Double?

    /// The background `settings` name, or nil for a plain colour. A video starts at `videoStart` (the log's clock)
    /// unless `--frame` or `--video-at` place it. A camera is read on its capture thread when it `capturesLive` (the
    /// wall clock, `render`'s steps), else its first frame is the picture (`snapshot`'s instant). A picture of the wrong
    /// size for the calibrated camera fails here.
    public convenience init?(_ settings: BackgroundSettings, loadedCamera: LoadedCamera, capturesLive live: Bool, videoStart: Double? = nil,
                             cameraByDefault: Bool = false, notes: DrawingNotes = DrawingNotes()) throws {
        let pictures: Pictures
        if let video = settings.video {
            pictures = .video(try VideoAtTimes(path: video, settings: settings, videoStart: videoStart))
        } else if let camera = settings.camera {
            pictures = try Self.camera(camera, settings: settings, live: live)
        } else {
            switch settings.background {
            case .colour?, .none?: return nil
            case .image(let path)?: pictures = .still(try RGBImage.read(path: path))
            case nil:
                guard cameraByDefault else { return nil }
                do {
                    pictures = try Self.camera(.index(0), settings: settings, live: live)
                } catch {
                    notes.say(.noCamera(reason: "\(error)"))
                    return nil
                }
            }
        }
        try self.init(pictures: pictures, loadedCamera: loadedCamera, sourceName: settings.sourceName, logger: notes.logger)
    }

    private init(pictures: Pictures, loadedCamera: LoadedCamera, sourceName: String, logger: Logger) throws {
        self.loadedCamera = loadedCamera
        self.sourceName = sourceName
        self.logger = logger
        switch pictures {
        case .still(let image):
            self.pictures = .still(try loadedCamera.prepare(background: image, source: sourceName))
        case .capture(let source):
            self.pictures = pictures
            // The first frame, when there is one yet, is prepared now, so a picture of the wrong size fails at start.
            do {
                if let first = source.latest() { prepared = try prepare(first.image, generation: first.generation, captureTime: first.captureTime) }
            } catch {
                source.stop()
                throw error
            }
        case .video(let video):
            self.pictures = pictures
            prepared = BackgroundFrame(image: try loadedCamera.prepare(background: video.first.image, source: sourceName), generation: video.first.index)
        }
    }

    /// Opens a camera and waits for its first frame, so a busy or silent device fails at start; without `live`
    /// that first frame is the still picture.
    private static func camera(_ choice: CaptureDeviceChoice, settings: BackgroundSettings, live: Bool) throws -> Pictures {
        let source = try choice.open(size: settings.captureSize, fps: settings.captureFramesPerSecond ?? 0,
                                     timeout: settings.cameraTimeoutSeconds)
        if live { return .capture(source) }
        defer { source.stop() }
        guard let first = source.latest() else { throw UnavailableError("\(source.name): gave no frame") }
        return .still(first.image)
    }

    /// The wall clock's first frame is drawn at monotonic time `now`: a video's start is shown then.
    public func begin(now: Double) { wallStart = now }

    /// The wall clock's frame: the newest captured at or before monotonic time `time` (a live source held back by
    /// a time offset), or the video's frame at its start plus the seconds since `begin(now:)`. A picture that can
    /// no longer be prepared (a camera changing size) is said once and shown as it is; a video past its end (or
    /// one that cannot be read on) keeps its last frame, said once.
    public func frame(capturedBy time: Double) -> BackgroundFrame? {
        switch pictures {
        case .still(let image): return BackgroundFrame(image: image, generation: 0)
        case .video(let video):
            let start = wallStart ?? time
            wallStart = start
            do {
                var frame = try videoFrame(of: video, after: max(0, time - start))
                frame.captureTime = time
                return frame
            } catch {
                if !reported { logger.warning("\(error); keeping its last frame") }
                reported = true
                return prepared
            }
        case .capture(let source):
            if let newest = source.latest() { delayLine.offer(newest) }
            guard let found = delayLine.frame(capturedBy: time)?.frame else { return nil }
            do {
                return try prepare(found.image, generation: found.generation, captureTime: found.captureTime)
            } catch {
                if !reported { logger.warning("\(error); showing it as it is") }
                reported = true
                return BackgroundFrame(image: found.image, generation: found.generation, captureTime: found.captureTime)
            }
        }
    }

    /// Frame `k` of a clock at `framesPerSecond`: a still, a camera's newest frame, or the video's frame at its video time.
    public func frame(step k: Int, framesPerSecond: Double) throws -> BackgroundFrame? {
        switch pictures {
        case .still(let image): return BackgroundFrame(image: image, generation: 0)
        case .capture(let source):
            guard let newest = source.latest() else { return nil }
            return try prepare(newest.image, generation: newest.generation, captureTime: newest.captureTime)
        case .video(let video): return try videoFrame(of: video, after: Double(k) / framesPerSecond)
        }
    }

    /// `video`'s frame `seconds` after its start, prepared once per frame shown.
    private func videoFrame(of video: VideoAtTimes, after seconds: Double) throws -> BackgroundFrame {
        let (index, image) = try video.frame(after: seconds)
        if let prepared, prepared.generation == index { return prepared }
        let picture = BackgroundFrame(image: try loadedCamera.prepare(background: image, source: sourceName), generation: index)
        prepared = picture
        return picture
    }

    /// `image` prepared for the camera, once per generation.
    private func prepare(_ image: RGBImage, generation: Int, captureTime: Double?) throws -> BackgroundFrame {
        if var prepared, prepared.generation == generation {
            prepared.captureTime = captureTime
            return prepared
        }
        let picture = BackgroundFrame(image: try loadedCamera.prepare(background: image, source: sourceName), generation: generation,
                                      captureTime: captureTime)
        prepared = picture
        return picture
    }

    /// Stops any capture thread.
    public func stop() {
        if case .capture(let source) = pictures { source.stop() }
    }
}

/// A video's frames at video times start + k / fps, read forward in order; the first is decoded on its own,
/// so one picture (a snapshot) costs one decode and a missing frame is named as `--frame` names it.
private final class VideoAtTimes {
    private let path: String
    private let loop: Bool
    /// The video time of frame 0, and the index shown there.
    private let start: Double
    let first: (index: Int, image: RGBImage)
    private var times: VideoFrameTimes?
    private var reader: VideoReader?
    private var nextIndex = 0

    init(path: String, settings: BackgroundSettings, videoStart: Double?) throws {
        self.path = path
        loop = settings.videoLoop
        var times: VideoFrameTimes?
        func frameTimes() throws -> VideoFrameTimes {
            if let times { return times }
            let read = try VideoFrameTimes(path: path)
            times = read
            return read
        }
        let index: Int
        if let frame = settings.frame {
            index = frame
            _ = try VideoReader.decodeFrame(path: path, index: frame)  // names a missing frame before its time is read
            start = try frameTimes().time(ofFrame: frame)
        } else {
            start = settings.videoAt ?? videoStart ?? 0
            index = start > 0 ? try frameTimes().frameIndex(atSeconds: start, loop: loop) : 0
        }
        first = (index, try VideoReader.decodeFrame(path: path, index: index).image)
        self.times = times
    }

    /// The index and picture of the frame shown `after` seconds past the start.
    func frame(after elapsed: Double) throws -> (index: Int, image: RGBImage) {
        if elapsed == 0 { return first }
        let times = try self.times ?? VideoFrameTimes(path: path)
        self.times = times
        let seconds = start + elapsed
        let index = times.frameIndex(atSeconds: seconds, loop: loop)
        if index == first.index { return first }
        let reader = try self.reader ?? VideoReader(path: path)
        self.reader = reader
        if index < nextIndex {
            try reader.seek(frame: index)
            nextIndex = index
        }
        // Frames between are passed over without converting their pictures; only the one shown is.
        let missing = ImagingError.video(path: path, reason: "has no frame \(index) (video time \(String(format: "%.3f", seconds)) s)")
        while nextIndex < index {
            guard try reader.skip() else { throw missing }
            nextIndex += 1
        }
        guard let image = try reader.next()?.image else { throw missing }
        nextIndex += 1
        return (index, image)
    }
}
