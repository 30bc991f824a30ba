import ArgumentParser
import AttitudeLog
import CommandLineSupport
import FileAccess
import Foundation
import Pixels
import Render
import Rig
import Scene
import SceneCommandLine
import Window

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Opens a resizable window showing the die over the background.",
        discussion: """
        Keys: space pauses or resumes, Left/Right seek 5 s (with Shift 1 s), S saves a snapshot PNG. \
        R takes the current attitude as the reference pose (the view snaps to identity), Shift-R returns to absolute \
        attitude, H shows or hides the HUD, [ and ] change the time offset by 5 ms (with Shift 1 ms; see --time-offset). \
        Q or Esc quits; Ctrl-C (SIGINT) or SIGTERM closes the window as Q does, so --snapshot-on-exit is still written.

        The attitude source drives the die; without --log, --attitude or --imud it is the --video's own motion when its \
        file carries it (a GoPro's gpmd track, a camm track), else the demo recording models/demo-attitude.csv. \
        With no --background, --camera or --video the window shows camera 0 when one gives frames, else the plain \
        background. With --imud the die is grey while imud is unreachable, starting up, not converged or shut down.

        Needs a display: run it under `xvfb-run -a`, or use `steady-dice snapshot`.
        """)

    @OptionGroup var input: AttitudeSourceOptions

    @Option(parsing: .unconditional, help: "Playback speed factor (> 0).")
    var speed: Double = 1

    @Flag(inversion: .prefixedNo, help: "Start the log again when it ends.")
    var loop = true

    @Option(parsing: .unconditional, help: "Initial window size, WxH.", transform: { try PictureSize.parseOption($0) })
    var size: PictureSize = PictureSize(fixedWidth: 960, height: 720)

    @Option(parsing: .unconditional, help: "Folder the S key writes snapshots to.")
    var snapshotDir: String = "."

    @Option(parsing: .unconditional, help: "Quit by itself after drawing this many frames (for scripted runs).")
    var frames: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Start playing the log at this log time, seconds from its first sample.",
                                                        valueName: "s"))
    var from: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Quit by itself after this many seconds of the log (at --speed; of wall time "
                                                        + "for --attitude and --imud), paced in real time with or without vsync.",
                                                        valueName: "s"))
    var duration: Double?

    @Option(parsing: .unconditional, help: "When the window closes, write its last frame to this PNG (what S would save).")
    var snapshotOnExit: String?

    @OptionGroup var drawing: DrawingOptions

    func validate() throws {
        if input.count > 1 {
            throw ValidationError("give at most one of --log, --attitude or --imud")
        }
        guard Playback.isSpeed(speed) else { throw ValidationError("--speed must be a positive number") }
        try drawing.attitudeCalibration.validate(imud: input.imud.isSet)
        try drawing.attitudeCalibration.validate(timeOffsetOn: input.clock.offsetClock)
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let from {
            try TimeOptions.checkTimeFromStart(from, option: "--from")
            guard input.attitude == nil && !input.imud.isSet else { throw ValidationError("--from applies to a log: --attitude and --imud have no start") }
        }
        if let duration {
            guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be a positive number of seconds") }
            try TimeOptions.checkTime(duration, option: "--duration")
        }
        if let snapshotOnExit { try PNGOption.check(snapshotOnExit, option: "--snapshot-on-exit") }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        // Where snapshots go is checked before anything opens, and the one written on exit is kept only whole.
        do throws(FileAccessError) { try InputFile.check(snapshotDir, expect: .folder) } catch {
            throw ValidationError("--snapshot-dir \(snapshotDir): \(error.reason)")
        }
        // Before anything slow or with side effects (staging the snapshot, opening a camera, fusing a log): no display, no run.
        try AppWindow.requireDisplay()
        let exitOutputs = OutputFiles(inputs: [input.log] + drawing.inputPaths)
        let exitSnapshot = try snapshotOnExit.map { try exitOutputs.stage($0, option: "--snapshot-on-exit") }
        let assets = try Assets.locate(explicit: drawing.assets)
        let drawingRequest = try drawing.drawing(clock: input.clock.offsetClock ?? .clip)
        let attitude = try input.attitudeChoice(drawing: drawing, applied: drawingRequest, imudTimeout: 0, command: "run", required: false)
            ?? .log(input.logFile(assets.models.appendingPathComponent("demo-attitude.csv").path))
        let request = PlaybackRequest(drawing: drawingRequest, attitude: attitude, clock: WallClock(speed: speed, looping: loop, from: from ?? 0),
                                      cameraByDefault: true)
        let pipeline = try asValidationError { try request.pipeline() }
        defer { pipeline.stop() }
        let window = try AppWindow(title: "steady-dice", size: size)
        try window.loop(pipeline: pipeline, renderer: try pipeline.makeRenderer(assets: assets), snapshotFolder: snapshotDir, frameLimit: frames,
                        wallLimit: duration.map { pipeline.timeOffset.clock == .playback ? $0 / speed : $0 }, snapshotOnExit: exitSnapshot)
        if let exitSnapshot {
            try exitOutputs.commit()
            print("saved \(exitSnapshot.path)")
        }
    }
}
