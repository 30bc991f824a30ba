import ArgumentParser
import AttitudeLog
import AttitudeMath
import CGL
import CGLFW
import FileAccess
import Foundation
import FusionOptions
import Imaging
import Messages
import Render
import SafeText
import SteadyDiceKit
import SteadyDiceAssets

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Opens a resizable window showing the die over the background.",
        discussion: """
        Keys: space pauses or resumes, Left/Right seek 5 s (with Shift 1 s), S saves a snapshot PNG. \
        R takes the current attitude as the reference pose (the view snaps to identity), Shift-R returns to absolute \
        attitude, H shows or hides the HUD, [ and ] change the time offset by 5 ms (with Shift 1 ms; see --time-offset). \
        Q or Esc quits; Ctrl-C (SIGINT) or SIGTERM closes the window as Q does, so --snapshot-on-exit is still written.

        The attitude source drives the die; without --log, --attitude or --imud it is the demo recording \
        models/demo-attitude.csv. \
        With no --background, --camera or --video the window shows camera 0 when one gives frames, else the plain \
        background. With --imud the die is grey while imud is unreachable, starting up, not converged or shut down.

        Needs a display: run it under `xvfb-run -a`, or use `steady-dice snapshot`.
        """)

    @Option(parsing: .unconditional, help: "Attitude log to play (steady-dice CSV or Sensor Logger Orientation.csv), or a raw IMU log, fused first. Default: the demo log (named demo-attitude).", transform: { Examples.path(for: $0) })
    var log: String?

    @Option(parsing: .unconditional, help: "Show one fixed device-to-world quaternion w,x,y,z instead of a log.",
            transform: { try QuaternionArgument.parseOption($0) })
    var attitude: QuaternionArgument?

    @OptionGroup var imudOptions: IMUDOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    @Option(parsing: .unconditional, help: "Playback speed factor (> 0).")
    var speed: Double = 1

    @Flag(inversion: .prefixedNo, help: "Start the log again when it ends.")
    var loop = true

    @Option(parsing: .unconditional, help: "Initial window size, WxH.", transform: { try Size.parseOption($0) })
    var size: Size = Size(width: 960, height: 720)

    @OptionGroup var backgroundOptions: BackgroundOptions

    @OptionGroup var relativeAttitude: RelativeAttitudeOptions

    @OptionGroup var modelOptions: ModelOptions

    @OptionGroup var hudOptions: HUDOptions

    @OptionGroup var cameraOptions: CameraOptions

    @OptionGroup var attitudeCalibration: AttitudeCalibrationOptions

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

    @Option(parsing: .unconditional, help: "Folder holding shaders/ and models/ (default: $STEADY_DICE_ASSETS, else the package's resource bundle beside the executable).")
    var assets: String?

    func validate() throws {
        try cameraOptions.validate(with: backgroundOptions)
        if [log != nil, attitude != nil, imudOptions.isSet].filter({ $0 }).count > 1 {
            throw ValidationError("give at most one of --log, --attitude or --imud")
        }
        if log == nil && magnetometer.isSet { throw magnetometerNeedsALog }
        guard speed > 0, speed.isFinite else { throw ValidationError("--speed must be a positive number") }
        try attitudeCalibration.validate(with: cameraOptions, live: imudOptions.isSet)
        try attitudeCalibration.validate(imud: imudOptions.isSet)
        if attitudeCalibration.timeOffset != nil && attitude != nil {
            throw ValidationError("--time-offset with --attitude: a fixed attitude has no clock to shift")
        }
        if let offset = attitudeCalibration.timeOffset, imudOptions.isSet, abs(offset) > TimeOffsetControl.liveLimit {
            throw ValidationError(String(format: "--time-offset %g with --imud: a live offset must be within ±%g s "
                                         + "(the attitudes and camera frames it holds back are kept in memory)",
                                         offset, TimeOffsetControl.liveLimit))
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let from {
            guard from.isFinite, from >= 0 else { throw ValidationError("--from must be a time of 0 s or more") }
            guard attitude == nil && !imudOptions.isSet else { throw ValidationError("--from applies to a log: --attitude and --imud have no start") }
        }
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
        if let snapshotOnExit, !snapshotOnExit.lowercased().hasSuffix(".png") {
            throw ValidationError("--snapshot-on-exit must name a .png file")
        }
    }

    @OptionGroup var messages: MessageOptions

    /// Log time to start playing at: the attitude at video time v is the log's at v + offset, and the
    /// video (or, without one, the wall clock) starts at --video-at or --frame's time, else 0.
    private func logStartTime(offset: Double) throws -> Double {
        guard offset != 0 else { return 0 }
        var videoStart = backgroundOptions.videoAt ?? 0
        if let frame = backgroundOptions.frame, let video = backgroundOptions.video {
            videoStart = Double(frame) / (try VideoReader(path: video).framesPerSecond ?? 30)
        }
        let start = videoStart + offset
        guard start >= 0 else {
            guard backgroundOptions.video != nil else {
                throw AppError(String(format: "a time offset of %g s starts the log at %.3f s, before its first sample; "
                                      + "without --video the picture starts at time 0, so the offset must be 0 or more", offset, start))
            }
            throw AppError(String(format: "a time offset of %g s starts the log at %.3f s, before its first sample; "
                                  + "start the video later (--video-at %g)", offset, start, -offset))
        }
        return start
    }

    func run() throws {
        try exitOnFailure {
            // Where snapshots go is checked before anything opens, and the one written on exit is kept only whole.
            do throws(FileAccessError) { try InputFile.check(snapshotDir, expect: .folder) } catch {
                throw ValidationError("--snapshot-dir \(snapshotDir): \(error.reason)")
            }
            // Before anything slow or with side effects (staging the snapshot, opening a camera, fusing a log): no display, no run.
            try AppWindow.requireDisplay()
            let exitOutputs = OutputFiles(inputs: [log, assets] + backgroundOptions.inputPaths + cameraOptions.inputPaths
                                          + attitudeCalibration.inputPaths)
            let exitSnapshot = try snapshotOnExit.map { try exitOutputs.stage($0, option: "--snapshot-on-exit") }
            let assets = try Assets.locate(explicit: assets)
            var options = SnapshotOptions()
            options.camera = cameraOptions.settings
            try attitudeCalibration.apply(to: &options)
            let setup = try options.camera.load()
            let backgroundProvider = try setup.panorama != nil ? nil
                : backgroundOptions.makeProvider(forSnapshot: false, cameraByDefault: true)
                    .map { try PreparedBackground($0, setup: setup, source: backgroundOptions.sourceName) }
            defer { backgroundProvider?.stop() }
            let now = MonotonicClock.now()
            let provider: AttitudeProvider
            let frame: String
            var timeOffset = options.timeOffset
            if let attitude {
                provider = FixedAttitudeProvider(options.mounted(attitude.quaternion))
                frame = SceneSource.fixedAttitudeFrameName
                timeOffset = 0
            } else if let client = try imudOptions.makeClient(mount: attitudeCalibration.imudMount()) {
                // The live offset is --time-offset's: a calibration file's pairs its clip with a log that
                // started at other moments, while live both clocks are arrival times in this process.
                timeOffset = attitudeCalibration.timeOffset ?? 0
                if let calibration = attitudeCalibration.calibration, options.timeOffset != 0, attitudeCalibration.timeOffset == nil {
                    Messages.logger.warning("\(String(format: "%@'s time offset of %.1f ms pairs its clip with its log, not live imud with this camera: not applied (give the live one with --time-offset, or find it with [ and ])", calibration, options.timeOffset * 1000))")
                }
                provider = IMUDAttitudeProvider(client: client)
                frame = SceneSource.imudFrameName
            } else {
                let path = log ?? assets.models.appendingPathComponent("demo-attitude.csv").path
                let (attitudeLog, fusion) = try loadAttitudeLogWithFusion(path: path, magnetometer: magnetometer, platform: recording.platform)
                for note in cameraOptions.settings.headingNotes(frame: attitudeLog.frame, log: path) { Messages.logger.warning("\(note)") }
                let start = try logStartTime(offset: options.timeOffset) + (from ?? 0)
                if let from, from > attitudeLog.duration {
                    throw AppError(String(format: "--from %g is past the end of %@, which runs from 0 to %.3f s", from, path, attitudeLog.duration))
                }
                provider = try LogPlaybackProvider(log: attitudeLog, fusion: fusion, speed: speed, looping: loop, now: now,
                                                   mount: options.mount, startTime: start)
                frame = SceneSource.frameName(of: attitudeLog)
            }
            let window = try AppWindow(title: "steady-dice", width: size.width, height: size.height)
            let renderer = try SceneRenderer(assets: assets, model: modelOptions.model)
            renderer.clearColor = backgroundOptions.clearColor
            if hudOptions.hud { try renderer.prepareHUD() }
            setup.install(on: renderer)
            let view = ViewControls(reference: relativeAttitude.reference, showsHUD: hudOptions.hud, frameName: frame)
            try window.loop(renderer: renderer, attitude: provider, background: backgroundProvider, view: view,
                            timeOffset: TimeOffsetControl(seconds: timeOffset, clock: provider.clock),
                            snapshotFolder: snapshotDir, frameLimit: frames,
                            wallLimit: duration.map { provider.clock == .playback ? $0 / speed : $0 },
                            snapshotOnExit: exitSnapshot, camera: setup)
            if let exitSnapshot {
                try exitOutputs.commit()
                print("saved \(exitSnapshot.path)")
            }
        }
    }
}

/// A GLFW window with an OpenGL 3.3 core context, and the key handling of `run`.
final class AppWindow {
    private let window: OpaquePointer
    private var pendingKeys: [(key: Int32, mods: Int32)] = []

    /// Refuses a run with no display to draw on: DISPLAY (or WAYLAND_DISPLAY) unset, or one GLFW cannot open.
    static func requireDisplay() throws {
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw AppError("no display: DISPLAY is not set. Run it under a virtual X server "
                           + "(`xvfb-run -a steady-dice run ...`), or render offscreen with `steady-dice snapshot`.")
        }
        glfwSetErrorCallback { code, message in
            Messages.logger.error("GLFW error \(code): \(message.map { String(cString: $0) } ?? "")")
        }
        guard glfwInit() == GLFW_TRUE else {
            throw AppError("cannot open the display (GLFW failed to initialise). Use `xvfb-run -a steady-dice run ...` "
                           + "or `steady-dice snapshot`.")
        }
    }

    init(title: String, width: Int, height: Int) throws {
        try Self.requireDisplay()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            glfwTerminate()
            throw AppError("cannot create an OpenGL 3.3 core window (the driver may not support it)")
        }
        self.window = window
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let pointer = glfwGetWindowUserPointer(window) else { return }
            Unmanaged<AppWindow>.fromOpaque(pointer).takeUnretainedValue().pendingKeys.append((key, mods))
        }
    }

    deinit {
        glfwDestroyWindow(window)
        glfwTerminate()
    }

    /// Seconds between frames: the monitor's refresh period (60 Hz when it does not say, as under Xvfb).
    /// Frames are paced to it by the clock as well as by vsync, so a display without vsync does not draw
    /// hundreds of frames a second, and `--frames N` lasts N periods.
    static func framePeriod() -> Double {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor), mode.pointee.refreshRate > 0 else {
            return 1.0 / 60
        }
        return 1.0 / Double(mode.pointee.refreshRate)
    }

    /// Draws until the window closes, Q/Esc is pressed, SIGINT or SIGTERM arrives, `frameLimit` frames
    /// were drawn, or `wallLimit` seconds passed since the first frame. The frame drawn when it stops is
    /// the one `snapshotOnExit` saves.
    func loop(renderer: SceneRenderer, attitude: AttitudeProvider, background: BackgroundProvider?, view: ViewControls,
              timeOffset: TimeOffsetControl, snapshotFolder: String, frameLimit: Int?, wallLimit: Double? = nil,
              snapshotOnExit: OutputFiles.Staged?, camera: CameraSetup = .seed) throws {
        var timeOffset = timeOffset
        // Polled once a frame, on this thread: the loop does not wait for events, so nothing has
        // to wake it, and no GLFW call is made from another thread.
        let stopSignals = StopSignals()
        var drawn = 0
        var lastTitle = 0.0
        var width: Int32 = 0, height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        Messages.logger.info("window open (\(width)x\(height)); Q, Esc or Ctrl-C quits")
        let period = Self.framePeriod()
        let started = MonotonicClock.now()
        attitude.begin(now: started)
        let firstLogTime = attitude.logTime(now: started)
        var nextFrame = started
        while glfwWindowShouldClose(window) == GLFW_FALSE {
            glfwPollEvents()
            if stopSignals.requested { glfwSetWindowShouldClose(window, GLFW_TRUE) }
            var now = MonotonicClock.now()
            if let wallLimit, now - started >= wallLimit {
                // The last frame shows the end of the span asked for, not a frame past it.
                now = started + wallLimit
                glfwSetWindowShouldClose(window, GLFW_TRUE)
            }
            var snapshotRequested = false
            for (key, mods) in pendingKeys {
                let step = (mods & GLFW_MOD_SHIFT) != 0 ? 1.0 : 5.0
                switch key {
                case GLFW_KEY_SPACE: attitude.togglePause(now: now)
                case GLFW_KEY_LEFT: attitude.seek(by: -step, now: now)
                case GLFW_KEY_RIGHT: attitude.seek(by: step, now: now)
                case GLFW_KEY_S: snapshotRequested = true
                case GLFW_KEY_R where (mods & GLFW_MOD_SHIFT) != 0: view.clearReference()
                case GLFW_KEY_R: view.takeReference(attitude.reading(now: timeOffset.attitudeTime(now: now)).worldFromDevice)
                case GLFW_KEY_LEFT_BRACKET, GLFW_KEY_RIGHT_BRACKET:
                    let size = (mods & GLFW_MOD_SHIFT) != 0 ? TimeOffsetControl.fineStep : TimeOffsetControl.step
                    nudge(&timeOffset, by: key == GLFW_KEY_LEFT_BRACKET ? -size : size, attitude: attitude, now: now)
                case GLFW_KEY_H: view.toggleHUD(renderer: renderer)
                case GLFW_KEY_Q, GLFW_KEY_ESCAPE: glfwSetWindowShouldClose(window, GLFW_TRUE)
                default: break
                }
            }
            pendingKeys.removeAll()

            glfwGetFramebufferSize(window, &width, &height)
            if width > 0 && height > 0 {
                let reading = attitude.reading(now: timeOffset.attitudeTime(now: now))
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                let frame = background?.latest(capturedBy: timeOffset.backgroundTime(now: now))
                renderer.setBackground(frame?.image, generation: frame?.generation ?? 0,
                                       viewportWidth: Int(width), viewportHeight: Int(height))
                let scene = view.scene(for: reading, source: attitude.health(now: now), fusion: attitude.fusion(now: now), now: now)
                renderer.draw(camera.scene(scene, width: Int(width), height: Int(height)),
                              width: Int(width), height: Int(height))
                if snapshotRequested {
                    let stamp = Int(Date().timeIntervalSince1970 * 1000)
                    let path = URL(fileURLWithPath: snapshotFolder).appendingPathComponent("steady-dice-\(stamp).png").path
                    do {
                        let outputs = OutputFiles()
                        try readFrame(width: Int(width), height: Int(height)).write(to: outputs.stage(path, option: "the S key"))
                        try outputs.commit()
                        print("saved \(path)")
                    } catch {
                        Messages.logger.error("\(MessageText.describe(error))")
                    }
                }
                let lastFrame = glfwWindowShouldClose(window) == GLFW_TRUE || drawn + 1 == frameLimit
                if lastFrame, let snapshotOnExit { try readFrame(width: Int(width), height: Int(height)).write(to: snapshotOnExit) }
            }
            if now - lastTitle > 0.25 {
                let offset = timeOffset.seconds == 0 ? "" : String(format: ", time offset %+.3f s", timeOffset.seconds)
                glfwSetWindowTitle(window, "steady-dice — \(attitude.status(now: now))\(offset)")
                lastTitle = now
            }
            glfwSwapBuffers(window)
            drawn += 1
            if let frameLimit, drawn >= frameLimit { break }
            // Real-time pacing whether or not the swap waited for vsync; a frame that ran late does not make
            // the next ones hurry.
            nextFrame += period
            let wait = nextFrame - MonotonicClock.now()
            if wait > 0 {
                Thread.sleep(forTimeInterval: wait)
            } else if wait < -period {
                nextFrame = MonotonicClock.now()
            }
        }
        let ended = min(MonotonicClock.now(), wallLimit.map { started + $0 } ?? .infinity)
        let elapsed = MonotonicClock.now() - started
        var summary = String(format: "drew %d frames in %.2f s", drawn, elapsed)
        if let first = firstLogTime, let last = attitude.logTime(now: ended) {
            summary += String(format: "; log time %.3f s to %.3f s", first, last)
        }
        Messages.logger.info("\(summary)")
    }

    /// [ and ]: changes the time offset and says what it is now. A log's playback moves by the change.
    private func nudge(_ timeOffset: inout TimeOffsetControl, by delta: Double, attitude: AttitudeProvider, now: Double) {
        guard timeOffset.clock != .none else {
            Messages.logger.info("a fixed attitude has no clock: [ and ] change nothing")
            return
        }
        let change = timeOffset.nudge(by: delta)
        if timeOffset.clock == .playback { attitude.seek(by: change, now: now) }
        let limit = change == 0 ? String(format: " (the live limit is ±%g s)", TimeOffsetControl.liveLimit) : ""
        Messages.logger.info("\(String(format: "time offset %+.3f s%@: give --time-offset %.3f to start with it", timeOffset.seconds, limit, timeOffset.seconds))")
    }

    /// The back buffer just drawn: exactly what the window shows.
    private func readFrame(width: Int, height: Int) -> RGBImage {
        glReadBuffer(GLenum(GL_BACK))
        return OffscreenTarget.readBoundFramebuffer(width: width, height: height)
    }
}

/// A failure with a message for the user.
struct AppError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
