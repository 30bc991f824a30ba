import ArgumentParser
import AttitudeMath
import CommandLineSupport
import FileAccess
import Foundation
import Imaging
import MonotonicTime
import Pixels
import Render
import Rig
import Scene
import SceneCommandLine
import SteadyDiceAssets
import Workers

struct RenderVideo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Renders an attitude log offscreen into a video or a folder of PNGs, frame by frame at --fps.",
        discussion: """
        Frame k shows the attitude at --from + k/--fps, for every k with that time before --to (default: the log's end); \
        each frame is what `snapshot --at` that time shows. The output's name chooses it: .mkv or .avi is lossless \
        FFV1, .mp4 is H.264 (avc1, lossy) for sharing, a name ending in '/' is a folder of frame-000000.png, ... \
        A --video background follows the same clock: frame k shows the video at --video-at (default --from) + k/--fps; \
        with a time offset o (--time-offset, --calibration) the default start is --from − o, so the video frame at video \
        time v is drawn with the attitude at log time v + o, and --from defaults to o when o is positive, so the video \
        starts at its first frame. \
        Nothing is left under the output's name unless every frame was written.
        """)

    // MARK: - Options of render's own
    @Option(parsing: .unconditional, help: ArgumentHelp("Attitude log (steady-dice CSV, Sensor Logger Orientation.csv, or a raw IMU log to fuse); "
                                                        + "demo-attitude names the bundled demo log. Not needed when --video carries the "
                                                        + "camera's own motion (a GoPro's gpmd track, a camm track): it is then the log."),
            transform: { Examples.path(for: $0) })
    var log: String?

    @Option(parsing: .unconditional, help: "Frame size, WxH.", transform: { try PictureSize.parseOption($0) })
    var size: PictureSize

    @Option(parsing: .unconditional, help: "Frames per second of the output.")
    var fps: Double

    @Option(parsing: .unconditional, help: ArgumentHelp("Log time of the first frame, in seconds (default: 0; with --video and a positive time "
                               + "offset o, o).", valueName: "S"))
    var from: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Log time to stop before, in seconds (default: the log's end; over --video, the "
                                                        + "video's end when it comes first).", valueName: "E"))
    var to: Double?

    @Option(name: [.customShort("o"), .long], parsing: .unconditional, help: "Output: FILE.mkv, FILE.avi, FILE.mp4, or FOLDER/ for PNGs.")
    var output: String

    @OptionGroup var magnetometer: MagnetometerOptions
    @OptionGroup var recording: RecordingOptions
    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        try drawing.hud.validate(size: size, drawing: drawing)
        guard fps > 0, fps.isFinite else { throw ValidationError("--fps must be a positive number") }
        if let from { try TimeOptions.checkTimeFromStart(from, option: "--from") }
        if let to, !(to.isFinite && to > (from ?? 0)) { throw ValidationError("--to must be later than --from") }
        if let to { try TimeOptions.checkTime(to, option: "--to") }
        try drawing.attitudeCalibration.validate(imud: false)
        guard VideoOutput.kind(of: output) != nil else {
            throw ValidationError("--output must name a .mkv, .avi or .mp4 file, or a folder ending in '/'")
        }
        if let problem = VideoOutput.problem(path: output, size: size, framesPerSecond: fps) {
            throw ValidationError("--output \(output) at --size \(size.width)x\(size.height) and --fps \(fps): \(problem)")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        guard let log = try VideoOwnLog.logPath(log: self.log, sourcesGiven: self.log == nil ? 0 : 1, video: drawing.background.video, command: "render",
                                                required: true, sources: "--log") else {
            throw ValidationError("give --log: the attitude log to draw (or a --video that carries its own motion track)")
        }
        let outputs = OutputFiles(inputs: [log] + drawing.inputPaths)
        let staged = try outputs.stage(output, option: "--output")
        let request = RenderRequest(drawing: try drawing.drawing(clock: .clip), log: LogFile(path: log, magnetometer: magnetometer.correction, platform: recording.platform),
                                    from: from, to: to, framesPerSecond: fps)
        let frames = try asValidationError { try request.frames() }
        let times = frames.times
        let scene = try OffscreenScene(size: size, assets: try Assets.locate(explicit: frames.pipeline.settings.assetsFolder),
                                       pipeline: frames.pipeline)
        let out = try VideoOutput(output: staged, framesPerSecond: fps, size: size)
        // Ctrl-C or SIGTERM stops between frames, and the unfinished output is removed.
        let stopSignals = StopSignals()
        let started = MonotonicClock.now()
        var lastProgress = started
        let encoding: Double
        do {
            encoding = try LogVideoRender(times: times).run(drawing: scene, output: out, shouldStop: { stopSignals.requested }) { k, count, t in
                guard MonotonicClock.now() - lastProgress >= 1 || k == count else { return }
                lastProgress = MonotonicClock.now()
                Messages.logger.info("\(String(format: "render: frame %d of %d (t = %.2f s)", k, count, t))")
            }
        } catch let stopped as LogVideoRenderStopped {
            throw CommandFailure("\(output): stopped by a signal after \(stopped.framesWritten) of \(stopped.frameCount) frames; nothing was kept",
                                 status: .interrupted)
        }
        try out.finish()
        try outputs.commit()
        let elapsed = MonotonicClock.now() - started
        print(String(format: "wrote %@: %d frames of %dx%d at %g fps (%@); rendered at %.1f frames per second, encoder %.0f%% of the time",
                     output, times.count, size.width, size.height, fps, out.summary,
                     Double(times.count) / elapsed, encoding / elapsed * 100))
    }
}
