import AttitudeMath
import Foundation
import Imaging
import Logging
import Render

/// A source of background frames for the renderer. `latest()` never blocks: it returns the newest
/// complete frame and a generation number that changes whenever the frame does.
public protocol BackgroundProvider: AnyObject {
    func latest() -> (image: RGBImage, generation: Int)?
    /// The newest frame captured at or before monotonic time `time` (`MonotonicClock.now()`): a live
    /// source held back by a time offset. Stills have no capture time and give their one picture.
    func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int, time: Double?)?
    /// Stops any capture thread.
    func stop()
}

extension BackgroundProvider {
    public func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int, time: Double?)? {
        latest().map { ($0.image, $0.generation, nil) }
    }
    public func stop() {}
}

/// A still image, loaded once.
public final class StillImageBackground: BackgroundProvider {
    private let image: RGBImage
    public init(path: String) throws {
        image = try RGBImage.read(path: path)
    }
    public init(image: RGBImage) { self.image = image }
    public func latest() -> (image: RGBImage, generation: Int)? { (image, 0) }
}

/// A camera or a video file read on its own thread; the renderer takes the newest frame.
public final class CaptureBackground: BackgroundProvider {
    public let source: CaptureSource
    /// The frames taken from the source and not yet shown, for `latest(capturedBy:)`.
    private var delayLine = FrameDelayLine()
    public init(_ source: CaptureSource) { self.source = source }
    public func latest() -> (image: RGBImage, generation: Int)? {
        source.latest().map { ($0.image, $0.generation) }
    }
    public func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int, time: Double?)? {
        if let newest = source.latest() { delayLine.offer(newest) }
        return delayLine.frame(capturedBy: time).map { ($0.frame.image, $0.frame.generation, $0.frame.captureTime) }
    }
    public func stop() { source.stop() }
}

/// `--camera INDEX` or `--camera /dev/videoN`.
public enum CameraChoice: Equatable, Sendable {
    case index(Int)
    case device(path: String)

    public init?(argument: String) {
        if let index = Int(argument) {
            guard index >= 0 else { return nil }
            self = .index(index)
        } else if argument.hasPrefix("/") {
            self = .device(path: argument)
        } else {
            return nil
        }
    }
}

/// `--background none | #RRGGBB | IMAGE`.
public enum BackgroundChoice: Equatable, Sendable {
    case none
    case colour(RGBColor)
    case image(path: String)

    public init?(argument: String) {
        if argument == "none" {
            self = .none
        } else if argument.hasPrefix("#") {
            guard let colour = RGBColor(hex: argument) else { return nil }
            self = .colour(colour)
        } else {
            self = .image(path: argument)
        }
    }
}

/// What is drawn behind the die, and how a camera or a video is read: the value behind `--background`,
/// `--camera`, `--capture-size`, `--capture-fps`, `--camera-timeout`, `--video`, `--video-loop`, `--frame`
/// and `--video-at`.
public struct BackgroundSettings: Equatable, Sendable {
    public var background: BackgroundChoice?
    public var camera: CameraChoice?
    /// The capture size and rate to ask the camera for (nil: the driver's).
    public var captureSize: (width: Int, height: Int)? {
        get { captureWidth.flatMap { w in captureHeight.map { (w, $0) } } }
        set { captureWidth = newValue?.width; captureHeight = newValue?.height }
    }
    private var captureWidth: Int?, captureHeight: Int?
    public var captureFps: Double?
    /// Seconds to wait for a camera's first frame.
    public var cameraTimeout: Double
    public var video: String?
    public var videoLoop: Bool
    /// The video frame (0 first), or the video time, a still picture shows and a playing one starts at.
    public var frame: Int?
    public var videoAt: Double?

    public init(background: BackgroundChoice? = nil, camera: CameraChoice? = nil, captureSize: (width: Int, height: Int)? = nil,
                captureFps: Double? = nil, cameraTimeout: Double = 5, video: String? = nil, videoLoop: Bool = true,
                frame: Int? = nil, videoAt: Double? = nil) {
        self.background = background
        self.camera = camera
        self.captureFps = captureFps
        self.cameraTimeout = cameraTimeout
        self.video = video
        self.videoLoop = videoLoop
        self.frame = frame
        self.videoAt = videoAt
        self.captureSize = captureSize
    }

    /// The files these settings read, which no output of the same command may replace.
    public var inputPaths: [String?] {
        if case .image(let path)? = background { return [path, video] }
        return [video]
    }

    /// What error messages call the background picture.
    public var sourceName: String {
        if let video { return video }
        if case .image(let path)? = background { return path }
        if let camera { return "camera \(camera)" }
        return "camera 0"
    }

    /// The colour behind everything (the whole background for `none` and `#RRGGBB`).
    public var clearColor: RGBColor {
        if case .colour(let colour) = background { return colour }
        return .defaultBackground
    }

    /// How the video's time lines up with a log's through `offset`: placed by itself with `frame` or
    /// `videoAt`, else following the log. A `frame` is turned into its video time at the video's rate.
    public func timeline(offset: Double) throws -> Timeline {
        var pinned = videoAt
        if let frame, let video { pinned = try VideoFrameTimes(path: video).time(ofFrame: frame) }
        return Timeline(offset: offset, hasVideo: video != nil, pinnedVideoStart: pinned)
    }

    /// The frame source these options name, or nil for a plain colour.
    ///
    /// `forSnapshot` asks for one reproducible frame: a video's frame `--frame` (or the one at
    /// `--video-at`, else frame 0) decoded on the spot, or a camera's first frame. Otherwise cameras
    /// and videos are read on a capture thread. With `cameraByDefault` (the `run` demo) and no
    /// background option at all, camera 0 is used when it opens and gives a frame; when it does not,
    /// this says so on standard error and returns nil (the plain background).
    public func makeProvider(forSnapshot: Bool, cameraByDefault: Bool = false) throws -> BackgroundProvider? {
        if let video {
            let start = try startFrame(of: video)
            if forSnapshot { return StillImageBackground(image: try VideoReader.decodeFrame(path: video, index: start).image) }
            return CaptureBackground(try CaptureSource.video(path: video, loop: videoLoop, startFrame: start))
        }
        if let camera { return try openCamera(camera, forSnapshot: forSnapshot) }
        switch background {
        case .colour, .none?: return nil
        case .image(let path)?: return try StillImageBackground(path: path)
        case nil:
            guard cameraByDefault else { return nil }
            do {
                return try openCamera(.index(0), forSnapshot: forSnapshot)
            } catch {
                Composition.logger.warning("\("no camera to show (\(error)); drawing the plain background (choose one with --camera, --video or --background)")")
                return nil
            }
        }
    }

    /// The first frame to show of `path`: `--frame`, else the frame at `--video-at`, else 0.
    private func startFrame(of path: String) throws -> Int {
        if let frame { return frame }
        guard let videoAt, videoAt > 0 else { return 0 }
        return try VideoFrameTimes(path: path).frameIndex(atSeconds: videoAt, loop: videoLoop)
    }

    /// Opens a camera and waits for its first frame, so a busy or silent device fails at start.
    private func openCamera(_ choice: CameraChoice, forSnapshot: Bool) throws -> BackgroundProvider {
        let source = try choice.open(width: captureWidth ?? 0, height: captureHeight ?? 0, fps: captureFps ?? 0, timeout: cameraTimeout)
        if forSnapshot {
            defer { source.stop() }
            guard let first = source.latest() else { throw UnavailableError( "\(source.name): gave no frame") }
            return StillImageBackground(image: first.image)
        }
        return CaptureBackground(source)
    }
}

extension CameraChoice {
    /// Opens the camera (zero sizes and rate keep the driver's) and waits up to `timeout` seconds for its
    /// first frame, so a busy or silent device fails at start, naming it. `observer` sees every frame.
    public func open(width: Int, height: Int, fps: Double, timeout: Double,
                     observer: ((CapturedFrame) -> Void)? = nil) throws -> CaptureSource {
        let index: Int, device: String?
        switch self {
        case .index(let i): index = i; device = nil
        case .device(let path): index = 0; device = path
        }
        let source: CaptureSource
        do {
            source = try CaptureSource.camera(index: index, devicePath: device, width: width, height: height, fps: fps,
                                              observer: observer)
        } catch let error as ImagingError {
            throw UnavailableError(error.description)
        }
        do {
            try source.waitForFirstFrame(timeout: timeout)
        } catch {
            source.stop()
            throw UnavailableError("\(error)")
        }
        return source
    }
}

/// A background whose frames pass through `CameraSetup.prepare` (undistortion), once per new frame.
public final class PreparedBackground: BackgroundProvider {
    private let inner: BackgroundProvider
    private let setup: CameraSetup
    private let source: String
    private var cached: (image: RGBImage, generation: Int)?
    private var reported = false
    private let logger: Logger

    /// Prepares the first frame, if there is one yet, so a picture of the wrong size fails at start.
    public init(_ inner: BackgroundProvider, setup: CameraSetup, source: String, logger: Logger = Composition.logger) throws {
        self.logger = logger
        self.inner = inner
        self.setup = setup
        self.source = source
        if let first = inner.latest() { cached = (try setup.prepare(background: first.image, source: source), first.generation) }
    }

    public func latest() -> (image: RGBImage, generation: Int)? {
        inner.latest().map(prepared)
    }

    public func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int, time: Double?)? {
        inner.latest(capturedBy: time).map { frame in
            let image = prepared((frame.image, frame.generation))
            return (image.image, image.generation, frame.time)
        }
    }

    /// `frame` undistorted and cropped as the camera setup says, prepared once per generation.
    private func prepared(_ frame: (image: RGBImage, generation: Int)) -> (image: RGBImage, generation: Int) {
        if let cached, cached.generation == frame.generation { return cached }
        let result: (image: RGBImage, generation: Int)
        do {
            result = (try setup.prepare(background: frame.image, source: source), frame.generation)
        } catch {
            if !reported { logger.warning("\(error); showing it as it is") }
            reported = true
            result = frame
        }
        cached = result
        return result
    }

    public func stop() { inner.stop() }
}

/// The background of each rendered frame: a still picture, a camera's newest frame, or a video's frame
/// at the frame's video time, read forward in order.
public final class RenderBackground {
    private let setup: CameraSetup
    private var still: RGBImage?
    private var live: BackgroundProvider?
    private var video: (path: String, reader: VideoReader, times: VideoFrameTimes, loop: Bool, start: Double)?
    private var nextIndex = 0
    private var current: (index: Int, image: RGBImage)?
    private let sourceName: String

    public init(options: BackgroundSettings, setup: CameraSetup, startTime: Double) throws {
        self.setup = setup
        sourceName = options.sourceName
        if let path = options.video {
            _ = try VideoReader.decodeFrame(path: path, index: options.frame ?? 0)  // names a missing or undecodable file
            let reader = try VideoReader(path: path)
            // Frames are chosen by their own presentation times, so a phone's variable-rate clip keeps its timing.
            let times = try VideoFrameTimes(path: path)
            let start = options.frame.map { times.time(ofFrame: $0) } ?? options.videoAt ?? startTime
            video = (path, reader, times, options.videoLoop, start)
        } else if options.camera != nil {
            live = try options.makeProvider(forSnapshot: false)
        } else if let provider = try options.makeProvider(forSnapshot: true), let image = provider.latest()?.image {
            still = try setup.prepare(background: image, source: options.sourceName)
        }
    }

    public func stop() { live?.stop() }

    public func image(frame k: Int, fps: Double) throws -> RGBImage? {
        if let still { return still }
        if let live, let frame = live.latest() { return try setup.prepare(background: frame.image, source: sourceName) }
        guard let video else { return nil }
        let seconds = video.start + Double(k) / fps
        let index = video.times.frameIndex(atSeconds: seconds, loop: video.loop)
        if let current, current.index == index { return current.image }
        if index < nextIndex {
            try video.reader.seek(frame: index)
            nextIndex = index
        }
        // Frames between are passed over without converting their pictures; only the one shown is.
        let missing = ImagingError.video(path: video.path, reason: "has no frame \(index) (video time \(String(format: "%.3f", seconds)) s)")
        while nextIndex < index {
            guard try video.reader.skip() else { throw missing }
            nextIndex += 1
        }
        guard nextIndex == index else { return current?.image }
        guard let image = try video.reader.next()?.image else { throw missing }
        nextIndex += 1
        let prepared = try setup.prepare(background: image, source: video.path)
        current = (index, prepared)
        return prepared
    }
}

/// Something a command needs from the machine is not there: a camera that does not open or gives no
/// frame (absent, busy, silent), no display to open a window on.
public struct UnavailableError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
