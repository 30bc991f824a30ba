import MonotonicTime
import Pixels
import SceneCommandLine
import Workers
import ArgumentParser
import AttitudeMath
import CommandLineSupport
import Scene
import FileAccess
import Foundation
import IMUD
import Imaging
import LiveRig

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

    @OptionGroup var capture: CaptureOptions
    var camera: CaptureDeviceChoice? { capture.camera }

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
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        guard let configuration = try imud.configuration() else { return }
        // The output policy every command follows (a new name or an empty folder, in a folder that exists).
        _ = try OutputFiles().checkFolderInPlace(output, option: "--output")
        let session = RigSession(folder: output, imud: configuration,
                                 imudName: imud.imud == "default" ? IMUDEndpoint.default.description : imud.imud ?? "",
                                 cameraName: video.map { "\($0) (a video file standing in for a camera)" }, duration: duration,
                                 timeout: timeout, openCamera: openSource)
        let stopSignals = StopSignals()
        let outcome = try session.record(shouldStop: { stopSignals.requested }, say: say)
        let (totals, seconds) = (outcome.totals, outcome.seconds)
        print(String(format: "recorded %@: %d frames (%.1f per second), %d imud packets (%.0f per second, %@)", output,
                     totals.frames, Double(totals.frames) / seconds, totals.packets, Double(totals.packets) / seconds,
                     totals.packetsWithRate > 0 ? "with the angular rate" : "attitude only"))
        if totals.framesDropped > 0 {
            say("warning: \(totals.framesDropped) frames dropped: the disk or the PNG encoder fell behind (ask for a smaller --capture-size)")
        }
        if !outcome.littleTurned.isEmpty {
            say("warning: the rig turned little about the IMU's \(outcome.littleTurned.map { String(format: "%@ (%.0f°)", $0.axis, $0.degrees) }.joined(separator: ", ")): "
                + "calibrate may not determine the mount about it; record again turning about every axis")
        }
        print("next: steady-dice calibrate \(output) -o \((output as NSString).lastPathComponent).yaml")
    }

    /// The camera, or the video standing in for it, opened with its first frame come (a file's at its start time).
    private func openSource(observer: @escaping (CapturedFrame) -> Void) throws -> CaptureSource {
        if let video {
            let source = try CaptureSource.video(path: video, loop: false, startAt: videoStartAt, observer: observer)
            try source.waitForFirstFrame(timeout: max(0, (videoStartAt ?? 0) - MonotonicClock.now()) + timeout)
            return source
        }
        guard let camera else { throw ValidationError("give --camera or --video") }
        do {
            return try camera.open(size: capture.captureSize, fps: capture.captureFps ?? 0,
                                   timeout: timeout, observer: observer)
        } catch {
            throw CommandFailure("\(error); record needs both a camera and imud", status: .unavailable)
        }
    }

    private func say(_ text: String) { Messages.logger.info("record: \(text)") }
}
