import AttitudeMath
import FileAccess
import Foundation
import Imaging
import Logging
import Pixels
import Render
import Rig
import Workers

/// `--camera INDEX` or `--camera /dev/videoN`.
public enum CaptureDeviceChoice: Equatable, Sendable {
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
    public var camera: CaptureDeviceChoice?
    /// The capture size and rate to ask the camera for (nil: the driver's).
    public var captureSize: PictureSize?
    public var captureFramesPerSecond: Double?
    /// Seconds to wait for a camera's first frame.
    public var cameraTimeoutSeconds: Double
    public var video: String?
    public var videoLoop: Bool
    /// The video frame (0 first), or the video time, a still picture shows and a playing one starts at.
    public var frame: Int?
    public var videoAt: Double?

    /// Whether a raw log drawn over `video` is held to its picture (`PictureHold`, `--hold-to-picture`), as `attitude
    /// fuse LOG --video CLIP --hold-to-picture` writes it; false: the gyroscope's alone between the accelerometer's levellings.
    public var holdsToPicture = false

    public init(background: BackgroundChoice? = nil, camera: CaptureDeviceChoice? = nil, captureSize: PictureSize? = nil,
                captureFramesPerSecond: Double? = nil, cameraTimeoutSeconds: Double = 5, video: String? = nil, videoLoop: Bool = true,
                frame: Int? = nil, videoAt: Double? = nil, holdsToPicture: Bool = false) {
        self.background = background
        self.holdsToPicture = holdsToPicture
        self.camera = camera
        self.captureFramesPerSecond = captureFramesPerSecond
        self.cameraTimeoutSeconds = cameraTimeoutSeconds
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

    /// Whether the log at `path` is this background's video file itself, read as its own motion track (a `gpmd` or
    /// `camm` track): the same file, however it is named. Then the log and the picture share the video's timeline.
    public func videoIsTheLog(path: String) -> Bool {
        guard let video else { return false }
        return InputFile.sameFile(path, video)
    }

    /// How the video's time lines up with a log's through `offset`: placed by itself with `frame` or
    /// `videoAt`, else following the log. A `frame` is turned into its video time at the video's rate.
    public func timeline(offset: Double) throws -> Timeline {
        var pinned = videoAt
        if let frame, let video { pinned = try VideoFrameTimes(path: video).time(ofFrame: frame) }
        return Timeline(timeOffsetSeconds: offset, hasVideo: video != nil, pinnedVideoStart: pinned)
    }

    /// How the video's time lines up with a log's through a drawing's offset: its clip offset (`clipTimeOffsetSeconds`), 0 when none.
    public func timeline(offset: TimeOffset?) throws -> Timeline {
        try timeline(offset: offset?.seconds(pairing: .clip) ?? 0)
    }
}

extension CaptureDeviceChoice {
    /// Opens the camera at `size` (nil and a zero rate keep the driver's) and waits up to `timeout` seconds for its
    /// first frame, so a busy or silent device fails at start, naming it. `observer` sees every frame.
    public func open(size: PictureSize?, fps: Double, timeout: Double,
                     observer: ((CapturedFrame) -> Void)? = nil) throws -> CaptureSource {
        let index: Int, device: String?
        switch self {
        case .index(let i): index = i; device = nil
        case .device(let path): index = 0; device = path
        }
        let source: CaptureSource
        do {
            source = try CaptureSource.camera(index: index, devicePath: device, size: size, fps: fps,
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
