import Pixels
import SceneCommandLine
import Workers
import ArgumentParser
import RenderBenchmarks
import CommandLineSupport
import Scene
import AttitudeMath
import FileAccess
import Foundation
import Imaging
import Render
import SteadyDiceAssets

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measures offscreen rendering in ms per frame, phase by phase: background upload, draw and read-back.",
        discussion: """
        Each frame uploads a new background frame, draws the scene with a new attitude and reads the \
        pixels back, as `snapshot` does; glFinish separates the phases so each is timed on its own. \
        The figures printed are medians over --repeats runs. \
        Without a background option a generated 1280x720 picture is used, so the figure covers a full \
        frame with a textured background and the die. With --video, the video's frames (up to 120, decoded \
        beforehand so decoding is not timed) are used in turn, a new one each frame.

        --write-video FILE writes a lossless FFV1 .avi of the test pattern, moving, at --size \
        (--frames frames, 30 fps) for --video, and exits.
        """)

    @Option(parsing: .unconditional, help: "Frame size, WxH.", transform: { try PictureSize.parseOption($0) })
    var size: PictureSize = PictureSize(fixedWidth: 1280, height: 720)

    @Option(parsing: .unconditional, help: "Frames per run.")
    var frames: Int = 120

    @Option(parsing: .unconditional, help: "Runs; the figures are medians over runs.")
    var repeats: Int = 7

    @OptionGroup var backgroundOptions: BackgroundOptions

    @OptionGroup var hudOptions: HUDOptions

    @OptionGroup var assetsFolder: AssetsOptions

    @Option(parsing: .unconditional, help: "Write a lossless FFV1 .avi test video of --size and --frames frames, then exit.")
    var writeVideo: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Also measure this equirectangular panorama as the background, against the generated "
                               + "textured background, in the same run.", valueName: "FILE"), transform: { Examples.path(for: $0) })
    var panorama: String?

    func validate() throws {
        guard frames >= 1, repeats >= 1 else { throw ValidationError("--frames and --repeats must be at least 1") }
        if let writeVideo {
            guard case .video? = VideoOutput.kind(of: writeVideo) else {
                throw ValidationError("--write-video must name a .avi or .mkv file (FFV1, lossless)")
            }
            if let problem = VideoOutput.problem(path: writeVideo, size: size, framesPerSecond: 30) {
                throw ValidationError("--write-video \(writeVideo) at --size \(size.width)x\(size.height): \(problem)")
            }
            guard frames <= 100_000 else { throw ValidationError("--frames must be at most 100000 with --write-video") }
        }
        if backgroundOptions.holdToPicture {
            throw ValidationError("--hold-to-picture holds a raw log to its video's picture; bench draws its own attitudes, no log")
        }
        if panorama != nil && (backgroundOptions.background != nil || backgroundOptions.camera != nil || backgroundOptions.video != nil) {
            throw ValidationError("--panorama compares itself with the generated background: give it without --background, --camera or --video")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        if let writeVideo {
            // Stopped between frames, so that the temporary file is removed (`OutputFiles`) and the stop said.
            let stopSignals = StopSignals()
            do {
                let outputs = OutputFiles()
                let line = try RenderBenchmark.writeTestVideo(to: try outputs.stage(writeVideo, option: "--write-video"), size: size,
                                                              frames: frames, shouldStop: { stopSignals.requested })
                try outputs.commit()
                print(line)
            } catch let stopped as RenderBenchmark.Stopped {
                throw CommandFailure("\(writeVideo): stopped by a signal after \(stopped.framesWritten) of \(stopped.frameCount) frames; "
                                     + "nothing was kept", status: .interrupted)
            }
            return
        }
        StopSignals.sayOnExit("\(Messages.program): bench: stopped by a signal; nothing was measured")
        let assets = try Assets.locate(explicit: assetsFolder.assets)
        let benchmark = RenderBenchmark(size: size, frames: frames, repeats: repeats, assets: assets)
        if let panorama {
            let loadedCamera = try CameraSettings(panoramaPath: panorama).load()
            let lines = try benchmark.panoramaAgainstTexture(path: panorama, installPanorama: loadedCamera.install) { Messages.logger.info("\($0)") }
            lines.forEach { print($0) }
            return
        }
        let background = backgroundOptions.settings
        let videoFrames = try background.video.map { try RenderBenchmark.decodeFrames(path: $0, first: background.frame ?? 0, limit: 120) }
        let provider = videoFrames == nil ? try BackgroundFrames(background, loadedCamera: LoadedCamera(), capturesLive: true) : nil
        defer { provider?.stop() }
        // No background option at all: a generated picture, so the figure covers a textured frame.
        // An explicit `--background none` or colour measures the die alone.
        let noBackgroundOption = background.background == nil && background.camera == nil && videoFrames == nil
        let fallback = noBackgroundOption ? RenderBenchmark.testPattern(size: size) : nil
        let result = try benchmark.phases(clearColor: background.clearColor, hud: hudOptions.hud,
                                          picture: { generation in
                                              videoFrames.map { $0[generation % $0.count] } ?? provider?.frame(capturedBy: .infinity)?.image ?? fallback
                                          }) { Messages.logger.info("\($0)") }
        let described: String
        if let videoFrames, let first = videoFrames.first {
            described = "\(background.video ?? "") (\(videoFrames.count) frames of \(first.width)x\(first.height), a new one each frame)"
        } else if fallback != nil {
            described = "generated \(size.width)x\(size.height) picture"
        } else if provider == nil {
            described = "plain colour \(background.clearColor) (no picture)"
        } else {
            described = background.camera.map { "camera \($0)" } ?? "\(background.background.map { "\($0)" } ?? "")"
        }
        print("offscreen \(size.width)x\(size.height), \(frames) frames x \(repeats) runs, background: \(described)")
        result.lines.forEach { print($0) }
    }
}
