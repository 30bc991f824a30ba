import ArgumentParser
import CommandLineSupport
import Pixels
import Scene
import Foundation
import Imaging
import Render

extension CaptureDeviceChoice: ExpressibleByArgument {}

extension BackgroundChoice: ExpressibleByArgument {}

/// `--camera`, `--capture-size` and `--capture-fps`: a live webcam and what to ask it for, as `record` and the drawing
/// commands take them.
public struct CaptureOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("A live webcam: a V4L2 index or a device path.", valueName: "INDEX|/dev/videoN"))
    public var camera: CaptureDeviceChoice?

    @Option(parsing: .unconditional, help: ArgumentHelp("Capture size to ask the camera for (default: the driver's).", valueName: "WxH"),
            transform: { try PictureSize.parseOption($0) })
    public var captureSize: PictureSize?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame rate to ask the camera for (default: the driver's).", valueName: "FPS"))
    public var captureFps: Double?

    public func validate() throws {
        if camera == nil && (captureSize != nil || captureFps != nil) {
            throw ValidationError("--capture-size and --capture-fps need --camera")
        }
        if let captureFps, !(captureFps > 0 && captureFps.isFinite) {
            throw ValidationError("--capture-fps must be a positive number")
        }
    }
}

/// The options that choose what is drawn behind the die, shared by `run`, `snapshot` and `bench`.
public struct BackgroundOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "none (a uniform colour), #RRGGBB, or an image file, centre-cropped to the frame's aspect.")
    public var background: BackgroundChoice?

    /// The webcam behind the die (`--camera`) and what to ask it for.
    @OptionGroup public var capture: CaptureOptions
    public var camera: CaptureDeviceChoice? { capture.camera }
    public var captureSize: PictureSize? { capture.captureSize }
    public var captureFps: Double? { capture.captureFps }

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for a camera's first frame before giving up.", valueName: "SECONDS"))
    public var cameraTimeout: Double = 5

    @Option(parsing: .unconditional, help: ArgumentHelp("A video file behind the die, played at its own frame rate.", valueName: "FILE"))
    public var video: String?

    @Flag(inversion: .prefixedNo, help: "Start --video again when it ends.")
    public var videoLoop = true

    @Option(parsing: .unconditional, help: ArgumentHelp("Video frame (0 first) a snapshot shows, and where run and bench start.", valueName: "N"))
    public var frame: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Video time a snapshot shows, instead of --frame: the frame presented at or before it, by the file's own frame times.",
                               valueName: "SECONDS"))
    public var videoAt: Double?

    @Flag(name: .customLong("hold-to-picture"),
          help: ArgumentHelp("With --video and a raw log: hold the attitude to the video's picture through the drawing's camera "
                             + "(as `attitude fuse --hold-to-picture` writes it). For a camera that turns without moving: a frame pair "
                             + "cannot tell a moving camera's move from a turn."))
    public var holdToPicture = false

    public init() {}

    /// The library's value these options stand for.
    public var settings: BackgroundSettings {
        BackgroundSettings(background: background, camera: camera, captureSize: captureSize,
                           captureFramesPerSecond: captureFps, cameraTimeoutSeconds: cameraTimeout, video: video, videoLoop: videoLoop,
                           frame: frame, videoAt: videoAt, holdsToPicture: holdToPicture)
    }

    public func validate() throws {
        let given = [background != nil, camera != nil, video != nil].filter { $0 }.count
        guard given <= 1 else { throw ValidationError("give at most one of --background, --camera and --video") }
        try TimeOptions.checkWait(cameraTimeout, option: "--camera-timeout")
        if video == nil && holdToPicture { throw ValidationError("--hold-to-picture needs --video") }
        if video == nil && (frame != nil || videoAt != nil) { throw ValidationError("--frame and --video-at need --video") }
        if frame != nil && videoAt != nil { throw ValidationError("give at most one of --frame and --video-at") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if let videoAt { try TimeOptions.checkTimeFromStart(videoAt, option: "--video-at") }
    }

}
