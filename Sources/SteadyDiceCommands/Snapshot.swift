import ArgumentParser
import CommandLineSupport
import FileAccess
import Foundation
import Pixels
import Rig
import Scene
import SceneCommandLine

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders one frame offscreen (no window, no X display) and writes it as an upright RGB PNG.",
        discussion: """
        The PNG is exactly what `run` shows in a window of the same size.

        Give exactly one attitude source: --log (with --at), --attitude, or --imud (with --timeout). \
        With none, a --video whose file carries the camera's own motion (a GoPro's gpmd track, a camm track) is its own log. \
        With --hud the smoothed tilt is the articles' filter over the log's rows up to --at.
        """)

    @Option(parsing: .unconditional, help: ArgumentHelp("Playback time in seconds into --log, or into a --video that is its own log "
                               + "(its first sample is t = 0). Default: 0; with --video and "
                               + "a positive time offset o, o (the video's first frame).", valueName: "S"))
    var at: Double?

    @OptionGroup var input: AttitudeSourceOptions

    @Option(parsing: .unconditional, help: "With --imud: seconds to wait for the first valid packet.")
    var timeout: Double = 5

    @Option(parsing: .unconditional, help: "Frame size, WxH.", transform: { try PictureSize.parseOption($0) })
    var size: PictureSize

    @Option(name: [.customShort("o"), .long], parsing: .unconditional, help: "Output PNG file.")
    var output: String

    @OptionGroup var drawing: DrawingOptions

    /// No source given, and --video may carry its own (decided in `run`, which reads the file).
    private var videoMayBeTheLog: Bool { VideoOwnLog.mayApply(sourcesGiven: input.count, video: drawing.background.video) }

    func validate() throws {
        guard input.count == 1 || videoMayBeTheLog else {
            throw ValidationError("give exactly one of --log, --attitude or --imud (or a --video that carries its own motion track)")
        }
        try TimeOptions.checkWait(timeout, option: "--timeout")
        try PNGOption.check(output, option: "--output")
        if let at { try TimeOptions.checkTime(at, option: "--at") }
        if input.log == nil && !videoMayBeTheLog && at != nil { throw ValidationError("--at needs --log") }
        try drawing.hud.validate(size: size, drawing: drawing)
        try drawing.attitudeCalibration.validate(imud: input.imud.isSet)
        // A log's clock, or none: imud's first packet is drawn once, as a fixed attitude is, so it has no clock to shift.
        try drawing.attitudeCalibration.validate(timeOffsetOn: input.log != nil || videoMayBeTheLog ? .clip : nil)
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let outputs = OutputFiles(inputs: [input.log] + drawing.inputPaths)
        let staged = try outputs.stage(output, option: "--output")
        let drawingRequest = try drawing.drawing(clock: .clip)
        guard let attitude = try input.attitudeChoice(drawing: drawing, applied: drawingRequest, imudTimeout: timeout, command: "snapshot",
                                               required: true) else {
            throw ValidationError("give --log, --attitude or --imud")
        }
        let image = try asValidationError { try SnapshotRequest(drawing: drawingRequest, attitude: attitude, at: at).picture(size: size) }
        try image.write(to: staged)
        try outputs.commit()
        print("wrote \(output) (\(size.width)x\(size.height))")
    }
}
