import AttitudeMath
import FileAccess
import Foundation
import IMUD
import Imaging
import MonotonicTime

/// `steady-dice record` as one call: imud and a camera (or a video standing in for one) opened, both
/// waited for, every frame and packet written into a `RigFolder` by a `RigRecorder` until the duration
/// ends, the video ends or `shouldStop` says so, and the folder finished. A recording that never
/// started leaves no folder it made behind it.
public struct RigSession {
    /// The folder to write: new, or empty, in a folder that exists (`OutputFiles`' policy, checked by the caller).
    public var folder: String
    /// imud's client; its `onSample` is the recorder's.
    public var imud: IMUDClient.Configuration
    /// What `rig.yaml` says of imud's address.
    public var imudName: String
    /// Opens the camera, or the video standing in for it, handing each frame to the observer; returns once
    /// the first frame has come (within the caller's own wait). What it throws is thrown on.
    public var openCamera: (@escaping (CapturedFrame) -> Void) throws -> CaptureSource
    /// What `rig.yaml` says of the camera; nil: the source's own name.
    public var cameraName: String?
    /// Seconds to record, and seconds to wait for imud's first packet and the frames' clock.
    public var duration: Double
    public var timeout: Double

    public init(folder: String, imud: IMUDClient.Configuration, imudName: String, cameraName: String? = nil, duration: Double,
                timeout: Double, openCamera: @escaping (@escaping (CapturedFrame) -> Void) throws -> CaptureSource) {
        self.folder = folder
        self.imud = imud
        self.imudName = imudName
        self.cameraName = cameraName
        self.duration = duration
        self.timeout = timeout
        self.openCamera = openCamera
    }

    /// How a recording ended.
    public struct Outcome: Sendable {
        public let totals: RigRecorder.Totals
        /// Seconds from the first report to the end.
        public let seconds: Double
        /// `rig.yaml`'s `stopped_by`: duration, signal or video end.
        public let stoppedBy: String
        /// The IMU's axes turned about less than `RigSession.littleTurn` degrees, with their degrees.
        public var littleTurned: [(axis: String, degrees: Double)] { RigSession.littleTurned(totals.turnedDegrees) }
    }

    /// Degrees a recording should turn about each of the IMU's axes, for calibrate to determine the mount about it.
    public static let littleTurn = 30.0

    /// Records; `say` gets the lines a user watches (the start, progress every 2 s, the video's end), and
    /// `shouldStop` is asked every 50 ms. Throws `RigSessionError` when imud or the camera is not there, and
    /// `FileAccessError` when the folder cannot be written.
    public func record(shouldStop: () -> Bool, say: (String) -> Void) throws -> Outcome {
        let createdFolder = FileKind.of(folder) == nil
        let recorder = try RigRecorder(folder: folder)
        var started = false
        defer {
            if !started, createdFolder { try? FileManager.default.removeItem(atPath: folder) }
        }
        var imud = self.imud
        imud.onSample = { recorder.offer($0) }
        let client = IMUDClient(imud)
        defer { client.stop() }
        let first: IMUDSample
        do {
            first = try client.waitForFirstValid(timeout: timeout)
        } catch {
            throw RigSessionError.unavailable("\(error); record needs both imud and a camera")
        }
        let source = try openCamera { recorder.offer($0) }
        defer { source.stop() }
        let frameClock = try waitForFrameClock(source)
        guard let frame = source.latest() else { throw RigSessionError.unavailable("\(source.name): gave no frame") }
        try recorder.begin(fields: [
            ("camera", cameraName ?? source.name),
            ("frame_size", "\(frame.image.width)x\(frame.image.height)"),
            ("frame_times", frameClock.key),
            ("frame_times_note", "\(frameClock)"),
            ("imud", imudName),
            ("coord_frame", imud.coordFrame.rawValue),
            ("imud_wire_version", "\(first.packet.version)"),
            ("started_monotonic_s", RigRecorder.seconds(MonotonicClock.now())),
        ])
        started = true
        say("recording \(Self.format(duration)) s into \(folder): frames timed by \(frameClock)")
        say("turn the rig about every axis (pan, tilt and roll, each way, 20 to 40 degrees), steadily, at a textured scene; Ctrl-C stops early")

        let begin = MonotonicClock.now()
        var nextReport = begin + 2
        var stoppedBy = "duration"
        while MonotonicClock.now() - begin < duration, recorder.failure == nil {
            if shouldStop() { stoppedBy = "signal"; break }
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
        let totals = try recorder.finish(stoppedBy: stoppedBy)  // throws the first write that failed
        return Outcome(totals: totals, seconds: MonotonicClock.now() - begin, stoppedBy: stoppedBy)
    }

    /// The source's frame clock once decided (a camera decides at its first timestamped frame, within five frames).
    private func waitForFrameClock(_ source: CaptureSource) throws -> FrameClock {
        let deadline = MonotonicClock.now() + timeout
        while source.frameClock == .undecided {
            guard MonotonicClock.now() < deadline else {
                throw RigSessionError.unavailable("\(source.name): gave too few frames to tell how they are timed")
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

    static func littleTurned(_ turned: SIMD3<Double>) -> [(axis: String, degrees: Double)] {
        zip(["x", "y", "z"], [turned.x, turned.y, turned.z]).filter { $0.1 < littleTurn }.map { ($0.0, $0.1) }
    }

    private static func format(_ seconds: Double) -> String { String(format: "%g", seconds) }
}

/// A live rig that cannot be recorded because a source is not there (imud silent, no camera frame).
public enum RigSessionError: Error, CustomStringConvertible, Equatable {
    case unavailable(String)

    public var description: String {
        switch self {
        case .unavailable(let text): return text
        }
    }
}
