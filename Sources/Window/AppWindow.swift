import AttitudeMath
import CGL
import CGLFW
import MonotonicTime
import Pixels
import Scene
import Workers
import FileAccess
import Foundation
import Imaging
import Logging
import Render
import SafeText

/// A GLFW window with an OpenGL 3.3 core context, and the key handling of `run`.
public final class AppWindow {
    private let window: OpaquePointer
    private let logger: Logger
    private var pendingKeys: [(key: Int32, mods: Int32)] = []

    /// Whether GLFW is initialised: by the first `requireDisplay`, until the window that used it goes. GLFW is used
    /// from the main thread only.
    nonisolated(unsafe) private static var glfwReady = false

    /// Refuses a run with no display to draw on: DISPLAY (or WAYLAND_DISPLAY) unset, or one GLFW cannot open.
    /// Initialises GLFW, once: `run` calls it before anything slow, and the window's `init` again.
    public static func requireDisplay() throws {
        guard !glfwReady else { return }
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            throw UnavailableError("no display: DISPLAY is not set. Run it under a virtual X server "
                           + "(`xvfb-run -a steady-dice run ...`), or render offscreen with `steady-dice snapshot`.")
        }
        glfwSetErrorCallback { code, message in
            Logger(label: "steady-dice.window").error("GLFW error \(code): \(message.map { String(cString: $0) } ?? "")")
        }
        guard glfwInit() == GLFW_TRUE else {
            throw UnavailableError("cannot open the display (GLFW failed to initialise). Use `xvfb-run -a steady-dice run ...` "
                           + "or `steady-dice snapshot`.")
        }
        glfwReady = true
    }

    /// A window of `size` (its initial size; the user may resize it) titled `title`.
    public init(title: String, size: PictureSize, logger: Logger = Logger(label: "steady-dice.window")) throws {
        self.logger = logger
        try Self.requireDisplay()
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        guard let window = glfwCreateWindow(Int32(size.width), Int32(size.height), title, nil, nil) else {
            glfwTerminate()
            Self.glfwReady = false
            throw UnavailableError("cannot create an OpenGL 3.3 core window (the driver may not support it)")
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
        Self.glfwReady = false
    }

    /// Seconds between frames: the monitor's refresh period (60 Hz when it does not say, as under Xvfb).
    /// Frames are paced to it by the clock as well as by vsync, so a display without vsync does not draw
    /// hundreds of frames a second, and `--frames N` lasts N periods.
    public static func framePeriod() -> Double {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor), mode.pointee.refreshRate > 0 else {
            return 1.0 / 60
        }
        return 1.0 / Double(mode.pointee.refreshRate)
    }

    /// Draws `pipeline`'s frames until the window closes, Q/Esc is pressed, SIGINT or SIGTERM arrives, `frameLimit`
    /// frames were drawn, or `wallLimit` seconds passed since the first frame. The frame drawn when it stops is
    /// the one `snapshotOnExit` saves. `renderer` is the pipeline's (`FramePipeline.makeRenderer`), in this window's context.
    public func loop(pipeline: WallClockPipeline, renderer: SceneRenderer, snapshotFolder: String, frameLimit: Int?, wallLimit: Double? = nil,
                     snapshotOnExit: OutputFiles.Staged?) throws {
        let attitude = pipeline.source
        let view = ViewControls(pipeline: pipeline, logger: logger)
        // Polled once a frame, on this thread: the loop does not wait for events, so nothing has
        // to wake it, and no GLFW call is made from another thread.
        let stopSignals = StopSignals()
        var drawn = 0
        var lastTitle = 0.0
        var width: Int32 = 0, height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        logger.info("window open (\(width)x\(height)); Q, Esc or Ctrl-C quits")
        let period = Self.framePeriod()
        let started = MonotonicClock.now()
        pipeline.begin(now: started)
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
                switch WindowKey(key: key, mods: mods) {
                case .snapshot: snapshotRequested = true
                case .close: glfwSetWindowShouldClose(window, GLFW_TRUE)
                case let other?: view.perform(other, now: now, renderer: renderer)
                case nil: break
                }
            }
            pendingKeys.removeAll()

            glfwGetFramebufferSize(window, &width, &height)
            // A minimised window's framebuffer is 0x0: no picture to draw.
            if let size = try? PictureSize(width: Int(width), height: Int(height)) {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                pipeline.draw(pipeline.frame(now: now, size: size), with: renderer, size: size)
                if snapshotRequested {
                    let stamp = Int(Date().timeIntervalSince1970 * 1000)
                    let path = URL(fileURLWithPath: snapshotFolder).appendingPathComponent("steady-dice-\(stamp).png").path
                    do {
                        let outputs = OutputFiles()
                        try readFrame(size: size).write(to: outputs.stage(path, option: "the S key"))
                        try outputs.commit()
                        print("saved \(path)")
                    } catch {
                        logger.error("\(MessageText.describe(error))")
                    }
                }
                let lastFrame = glfwWindowShouldClose(window) == GLFW_TRUE || drawn + 1 == frameLimit
                if lastFrame, let snapshotOnExit { try readFrame(size: size).write(to: snapshotOnExit) }
            }
            if now - lastTitle > 0.25 {
                let seconds = pipeline.timeOffset.seconds
                let offset = seconds == 0 ? "" : String(format: ", time offset %+.3f s", seconds)
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
        logger.info("\(summary)")
    }

    /// The back buffer just drawn: exactly what the window shows.
    private func readFrame(size: PictureSize) -> RGBImage {
        glReadBuffer(GLenum(GL_BACK))
        return OffscreenTarget.readBoundFramebuffer(size: size)
    }
}

