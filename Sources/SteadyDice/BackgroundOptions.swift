import ArgumentParser
import Foundation
import Imaging
import Render

/// A source of background frames for the renderer. `latest()` never blocks: it returns the newest
/// complete frame and a generation number that changes whenever the frame does.
protocol BackgroundProvider: AnyObject {
    func latest() -> (image: RGBImage, generation: Int)?
    /// The newest frame captured at or before monotonic time `time` (`MonotonicClock.now()`): a live
    /// source held back by a time offset. Stills have no capture time and give their one picture.
    func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int)?
    /// Stops any capture thread.
    func stop()
}

extension BackgroundProvider {
    func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int)? { latest() }
    func stop() {}
}

/// A still image, loaded once.
final class StillImageBackground: BackgroundProvider {
    private let image: RGBImage
    init(path: String) throws {
        image = try RGBImage.read(path: path)
    }
    init(image: RGBImage) { self.image = image }
    func latest() -> (image: RGBImage, generation: Int)? { (image, 0) }
}

/// A camera or a video file read on its own thread; the renderer takes the newest frame.
final class CaptureBackground: BackgroundProvider {
    let source: CaptureSource
    /// The frames taken from the source and not yet shown, for `latest(capturedBy:)`.
    private var delayLine = FrameDelayLine()
    init(_ source: CaptureSource) { self.source = source }
    func latest() -> (image: RGBImage, generation: Int)? {
        source.latest().map { ($0.image, $0.generation) }
    }
    func latest(capturedBy time: Double) -> (image: RGBImage, generation: Int)? {
        if let newest = source.latest() { delayLine.offer(newest) }
        return delayLine.frame(capturedBy: time).map { ($0.frame.image, $0.frame.generation) }
    }
    func stop() { source.stop() }
}

/// `--camera INDEX` or `--camera /dev/videoN`.
enum CameraChoice: ExpressibleByArgument, Equatable {
    case index(Int)
    case device(path: String)

    init?(argument: String) {
        if let index = Int(argument) {
            guard index >= 0 else { return nil }
            self = .index(index)
        } else if argument.hasPrefix("/") {
            self = .device(path: argument)
        } else {
            return nil
        }
    }

    static var defaultValueDescription: String { "INDEX|/dev/videoN" }
}

/// The options that choose what is drawn behind the die, shared by `run`, `snapshot` and `bench`.
struct BackgroundOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "none (a uniform colour), #RRGGBB, or an image file, centre-cropped to the frame's aspect.")
    var background: BackgroundChoice?

    @Option(parsing: .unconditional, help: ArgumentHelp("A live webcam behind the die: a V4L2 index or a device path.",
                               valueName: "INDEX|/dev/videoN"))
    var camera: CameraChoice?

    @Option(parsing: .unconditional, help: ArgumentHelp("Capture size to ask the camera for (default: the driver's).", valueName: "WxH"),
            transform: { try Size.parseOption($0) })
    var captureSize: Size?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame rate to ask the camera for (default: the driver's).", valueName: "FPS"))
    var captureFps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for a camera's first frame before giving up.", valueName: "SECONDS"))
    var cameraTimeout: Double = 5

    @Option(parsing: .unconditional, help: ArgumentHelp("A video file behind the die, played at its own frame rate.", valueName: "FILE"))
    var video: String?

    @Flag(inversion: .prefixedNo, help: "Start --video again when it ends.")
    var videoLoop = true

    @Option(parsing: .unconditional, help: ArgumentHelp("Video frame (0 first) a snapshot shows, and where run and bench start.", valueName: "N"))
    var frame: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Video time a snapshot shows, instead of --frame (frame k covers [k/fps, (k+1)/fps)).",
                               valueName: "SECONDS"))
    var videoAt: Double?

    /// The files these options read, which no output of the same command may replace.
    var inputPaths: [String?] {
        if case .image(let path)? = background { return [path, video] }
        return [video]
    }

    func validate() throws {
        let given = [background != nil, camera != nil, video != nil].filter { $0 }.count
        guard given <= 1 else { throw ValidationError("give at most one of --background, --camera and --video") }
        if camera == nil && (captureSize != nil || captureFps != nil) {
            throw ValidationError("--capture-size and --capture-fps need --camera")
        }
        if let captureFps, !(captureFps > 0 && captureFps.isFinite) {
            throw ValidationError("--capture-fps must be a positive number")
        }
        guard cameraTimeout > 0, cameraTimeout.isFinite else { throw ValidationError("--camera-timeout must be positive") }
        if video == nil && (frame != nil || videoAt != nil) { throw ValidationError("--frame and --video-at need --video") }
        if frame != nil && videoAt != nil { throw ValidationError("give at most one of --frame and --video-at") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if let videoAt, !(videoAt >= 0 && videoAt.isFinite) { throw ValidationError("--video-at must be 0 or more seconds") }
    }

    /// The `--video` whose time follows a log's clock through the time offset (video time = log time −
    /// offset): nil without a video, or when --frame or --video-at picks the frame itself.
    var videoFollowingTheLog: String? { frame == nil && videoAt == nil ? video : nil }

    /// The log time a log-driven picture starts at when the command is not told (render's --from,
    /// snapshot's --at): with a video following the log and a positive offset, the offset, which is the
    /// video's first frame; else 0.
    func defaultLogStart(timeOffset: Double) -> Double {
        videoFollowingTheLog == nil ? 0 : max(0, timeOffset)
    }

    /// The colour behind everything (the whole background for `none` and `#RRGGBB`).
    var clearColor: RGBColor {
        if case .colour(let colour) = background { return colour }
        return .defaultBackground
    }

    /// The frame source these options name, or nil for a plain colour.
    ///
    /// `forSnapshot` asks for one reproducible frame: a video's frame `--frame` (or the one at
    /// `--video-at`, else frame 0) decoded on the spot, or a camera's first frame. Otherwise cameras
    /// and videos are read on a capture thread. With `cameraByDefault` (the `run` demo) and no
    /// background option at all, camera 0 is used when it opens and gives a frame; when it does not,
    /// this says so on standard error and returns nil (the plain background).
    func makeProvider(forSnapshot: Bool, cameraByDefault: Bool = false) throws -> BackgroundProvider? {
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
                CaptureSource.logToStandardError("no camera to show (\(error)); drawing the plain background "
                                                 + "(choose one with --camera, --video or --background)")
                return nil
            }
        }
    }

    /// The first frame to show of `path`: `--frame`, else the frame at `--video-at`, else 0.
    private func startFrame(of path: String) throws -> Int {
        if let frame { return frame }
        guard let videoAt, videoAt > 0 else { return 0 }
        let reader = try VideoReader(path: path)
        return VideoReader.frameIndex(atSeconds: videoAt, framesPerSecond: reader.framesPerSecond ?? 30,
                                      frameCount: reader.frameCount, loop: videoLoop)
    }

    /// Opens a camera and waits for its first frame, so a busy or silent device fails at start.
    private func openCamera(_ choice: CameraChoice, forSnapshot: Bool) throws -> BackgroundProvider {
        let index: Int, device: String?
        switch choice {
        case .index(let i): index = i; device = nil
        case .device(let path): index = 0; device = path
        }
        let source = try CaptureSource.camera(index: index, devicePath: device, width: captureSize?.width ?? 0,
                                              height: captureSize?.height ?? 0, fps: captureFps ?? 0)
        do {
            try source.waitForFirstFrame(timeout: cameraTimeout)
        } catch {
            source.stop()
            throw error
        }
        if forSnapshot {
            defer { source.stop() }
            guard let first = source.latest() else { throw ImagingError.video(path: source.name, reason: "gave no frame") }
            return StillImageBackground(image: first.image)
        }
        return CaptureBackground(source)
    }
}
