import Composition
import Workers
import ArgumentParser
import AttitudeMath
import CommandLineSupport
import Scene
import FileAccess
import Foundation
import IMUD
import Imaging

/// `steady-dice record`: a live rig's camera frames and imud packets, on one clock, into a folder that
/// `calibrate FOLDER` turns into the rig's live calibration.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a webcam and imud on one clock, for `calibrate FOLDER`.",
        discussion: """
            Writes every camera frame as a PNG with its time (the driver's V4L2 timestamp when it counts \
            CLOCK_MONOTONIC, else its arrival; frames/frames.csv keeps both) and every imud packet with its arrival \
            time (imu.csv): the attitude, and the angular rate when the packets carry one. rig.yaml says what was \
            recorded. Turn the rig about every axis at a textured scene while it records; stderr says how far it \
            has turned about each of the IMU's axes. Ctrl-C stops early and leaves a complete folder, as the \
            end of --duration does.

            Examples:
              steady-dice record --camera 0 --imud default --duration 20 -o rig
              steady-dice record --camera /dev/video2 --imud tcp:10.0.0.2:10112 -o rig
              steady-dice calibrate rig -o rig.yaml
            """)

    @OptionGroup var imud: IMUDOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The webcam: a V4L2 index or a device path.", valueName: "camera"))
    var camera: CameraChoice?

    @Option(parsing: .unconditional, help: ArgumentHelp("Capture size to ask the camera for (default: the driver's).", valueName: "WxH"),
            transform: { try Size.parseOption($0) })
    var captureSize: Size?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame rate to ask the camera for (default: the driver's).", valueName: "FPS"))
    var captureFps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for the camera's first frame and imud's first packet.", valueName: "S"))
    var timeout: Double = 5

    @Option(parsing: .unconditional, help: ArgumentHelp("A video file standing in for the camera (tests, demonstrations): played in real time by its own frame times, each frame timed by its arrival.", valueName: "FILE"))
    var video: String?

    @Option(name: .customLong("video-start-at"), parsing: .unconditional, help: ArgumentHelp("With --video: show its first frame at this CLOCK_MONOTONIC time, seconds (as `feed --start-at` takes it), so a stand-in camera and a feed play in step.", valueName: "s"))
    var videoStartAt: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to record.", valueName: "S"))
    var duration: Double = 20

    @Option(name: [.customShort("o"), .long], parsing: .unconditional, help: ArgumentHelp("The folder to write: new, or empty.", valueName: "DIR"))
    var output: String

    func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output names no folder (an empty path)") }
        guard imud.isSet else { throw ValidationError("--imud is needed: record takes the attitude from imud (unix:PATH, tcp:HOST:PORT, udp:[GROUP@]PORT or default)") }
        try imud.validate()
        guard (camera != nil) != (video != nil) else { throw ValidationError("give one of --camera or --video (a file standing in for the camera)") }
        if videoStartAt != nil && video == nil { throw ValidationError("--video-start-at applies to --video") }
        if let videoStartAt { try TimeOptions.checkStart(videoStartAt, option: "--video-start-at") }
        guard duration.isFinite, duration > 0, duration <= 3600 else { throw ValidationError("--duration must be from 0 to 3600 seconds") }
        try TimeOptions.checkWait(timeout, option: "--timeout")
        if let captureFps, !(captureFps.isFinite && captureFps > 0) { throw ValidationError("--capture-fps must be a positive number") }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        guard var configuration = try imud.configuration() else { return }
        // The output policy every command follows (a new name or an empty folder, in a folder that exists).
        _ = try OutputFiles().checkFolderInPlace(output, option: "--output")
        let createdFolder = FileKind.of(output) == nil
        let recorder = try RigRecorder(folder: output)
        var started = false
        defer {
            // A recording that never started leaves nothing behind it made.
            if !started, createdFolder { try? FileManager.default.removeItem(atPath: output) }
        }
        configuration.onSample = { recorder.offer($0) }
        let client = IMUDClient(configuration)
        defer { client.stop() }
        let first: IMUDSample
        do {
            first = try client.waitForFirstValid(timeout: timeout)
        } catch {
            throw CommandFailure("\(error); record needs both imud and a camera", status: .unavailable)
        }
        let source = try openSource(observer: { recorder.offer($0) })
        defer { source.stop() }
        let frameClock = try waitForFrameClock(source)
        guard let frame = source.latest() else { throw CommandFailure("\(source.name): gave no frame", status: .unavailable) }
        let endpoint = imud.imud == "default" ? IMUDEndpoint.default.description : imud.imud ?? ""
        try recorder.begin(fields: [
            ("camera", video.map { "\($0) (a video file standing in for a camera)" } ?? source.name),
            ("frame_size", "\(frame.image.width)x\(frame.image.height)"),
            ("frame_times", frameClock.key),
            ("frame_times_note", "\(frameClock)"),
            ("imud", endpoint),
            ("coord_frame", configuration.coordFrame.rawValue),
            ("imud_wire_version", "\(first.packet.version)"),
            ("started_monotonic_s", String(format: "%.6f", MonotonicClock.now())),
        ])
        started = true
        say("recording \(Self.format(duration)) s into \(output): frames timed by \(frameClock)")
        say("turn the rig about every axis (pan, tilt and roll, each way, 20 to 40 degrees), steadily, at a textured scene; Ctrl-C stops early")

        let stopSignals = StopSignals()
        let begin = MonotonicClock.now()
        var nextReport = begin + 2
        var stoppedBy = "duration"
        while MonotonicClock.now() - begin < duration {
            if stopSignals.requested { stoppedBy = "signal"; break }
            if let failure = recorder.failure { throw CommandFailure(failure, status: .ioError) }
            if case .ended = source.state { stoppedBy = "video end"; say("\(source.name): the video ended"); break }
            let now = MonotonicClock.now()
            if now >= nextReport {
                say(progress(recorder.written, elapsed: now - begin))
                nextReport += 2
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        source.stop()
        client.stop()
        let totals = try recorder.finish(stoppedBy: stoppedBy)
        let seconds = MonotonicClock.now() - begin
        print(String(format: "recorded %@: %d frames (%.1f per second), %d imud packets (%.0f per second, %@)", output,
                     totals.frames, Double(totals.frames) / seconds, totals.packets, Double(totals.packets) / seconds,
                     totals.packetsWithRate > 0 ? "with the angular rate" : "attitude only"))
        if totals.framesDropped > 0 {
            say("warning: \(totals.framesDropped) frames dropped: the disk or the PNG encoder fell behind (ask for a smaller --capture-size)")
        }
        let small = Self.littleTurned(totals.turnedDegrees)
        if !small.isEmpty {
            say("warning: the rig turned little about the IMU's \(small.map { String(format: "%@ (%.0f°)", $0.axis, $0.degrees) }.joined(separator: ", ")): "
                + "calibrate may not determine the mount about it; record again turning about every axis")
        }
        print("next: steady-dice calibrate \(output) -o \((output as NSString).lastPathComponent).yaml")
    }

    /// The camera, or the video standing in for it, opened with its first frame come (a file's at its start time).
    private func openSource(observer: @escaping (CapturedFrame) -> Void) throws -> CaptureSource {
        if let video {
            let source = try CaptureSource.video(path: video, loop: false, startAt: videoStartAt, observer: observer)
            let wait = max(0, (videoStartAt ?? 0) - MonotonicClock.now()) + timeout
            try source.waitForFirstFrame(timeout: wait)
            return source
        }
        guard let camera else { throw ValidationError("give --camera or --video") }
        do {
            return try camera.open(width: captureSize?.width ?? 0, height: captureSize?.height ?? 0, fps: captureFps ?? 0,
                                   timeout: timeout, observer: observer)
        } catch {
            throw CommandFailure("\(error); record needs both a camera and imud", status: .unavailable)
        }
    }

    /// The source's frame clock once decided (a camera decides at its first timestamped frame, within five frames).
    private func waitForFrameClock(_ source: CaptureSource) throws -> FrameClock {
        let deadline = MonotonicClock.now() + timeout
        while source.frameClock == .undecided {
            guard MonotonicClock.now() < deadline else {
                throw CommandFailure("\(source.name): gave too few frames to tell how they are timed", status: .unavailable)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return source.frameClock
    }

    private func progress(_ totals: RigRecorder.Totals, elapsed: Double) -> String {
        let turned = totals.turnedDegrees
        var line = String(format: "%.0f s of %@: %d frames, %d imud packets; turned %.0f°, %.0f°, %.0f° about the IMU's x, y, z",
                          elapsed, Self.format(duration), totals.frames, totals.packets, turned.x, turned.y, turned.z)
        let little = Self.littleTurned(turned).map(\.axis)
        if !little.isEmpty { line += ": turn about \(little.joined(separator: " and ")) too" }
        return line
    }

    /// The IMU's axes turned about less than 30° so far, with their degrees.
    private static func littleTurned(_ turned: SIMD3<Double>) -> [(axis: String, degrees: Double)] {
        zip(["x", "y", "z"], [turned.x, turned.y, turned.z]).filter { $0.1 < 30 }.map { ($0.0, $0.1) }
    }

    private func say(_ text: String) { Messages.logger.info("record: \(text)") }

    private static func format(_ seconds: Double) -> String { String(format: "%g", seconds) }
}
