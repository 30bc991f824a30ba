import AttitudeMath
import CalibrationFiles
import Camera
import CommandTestSupport
import FileAccess
import Foundation
import Imaging
import IMUD
import LiveRig
import MonotonicTime
import Pixels
import RecordFolder
import Rig
import Scene
import TestSupport
import XCTest

/// The live rig from start to finish with no webcam: `feed` publishes a synthetic clip's true attitude as
/// imud does, a video file stands in for the camera, and both start at one CLOCK_MONOTONIC instant with
/// the camera `delay` behind. `record` keeps both, `calibrate FOLDER` must find the live offset (−delay)
/// and feed's mount, and `run --imud --calibration` must draw what `snapshot` draws with that calibration.
final class LiveRigCommandTests: TemporaryFolderTestCase {
    /// The camera's frames come this long after the attitude they show.
    static let delay = 0.050
    /// feed's `--mount yaw90`: the IMU's forward axis along the camera's right.
    static let feedMount = "yaw90"

    override var folderPrefix: String { "live-rig" }

    /// record's folder follows every output's rules: `-o a/b/rig` makes no missing a/b (and leaves none behind), `-o ""` and a
    /// link to nothing are refused in the project's words, and an existing file is refused as any output's would be.
    func testRecordsOutputFollowsTheOutputPolicy() throws {
        let base = ["record", "--imud", "tcp:127.0.0.1:9", "--camera", "0", "--timeout", "0.5", "-o"]
        let nested = try CommandHarness.run(base + [path("a/b/rig")], timeout: 60)
        XCTAssertEqual(nested.status, 74, nested.stderr)
        XCTAssertEqual(nested.stderr, "steady-dice: \(path("a/b/rig")): the folder \(path("a/b")) does not exist\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("a")), "no parent is made")

        let empty = try CommandHarness.run(base + [""], timeout: 60)
        XCTAssertEqual(empty.status, 64, empty.stderr)
        XCTAssertEqual(empty.stderr, "steady-dice: --output names no folder (an empty path)\n")

        XCTAssertEqual(symlink(path("nowhere"), path("dangling")), 0)
        let dangling = try CommandHarness.run(base + [path("dangling")], timeout: 60)
        // 73 (fuzz round 41): an output naming something never replaced, here a link, whatever it points to.
        XCTAssertEqual(dangling.status, 73, dangling.stderr)
        XCTAssertEqual(dangling.stderr, "steady-dice: \(path("dangling")): is a symbolic link to \(path("nowhere")); --output never writes "
                       + "through a link (name the file itself, or a new name)\n")

        try "x\n".write(toFile: path("file"), atomically: true, encoding: .utf8)
        let file = try CommandHarness.run(base + [path("file")], timeout: 60)
        XCTAssertEqual(file.status, 73, file.stderr)
        XCTAssertEqual(file.stderr, "steady-dice: \(path("file")): is a file; --output names a folder to create\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["dangling", "file"])
    }

    /// A 6 s clip over the bundled BROAD excerpt and its true attitude, video time = log time.
    private func makeClip() throws -> (clip: String, attitude: String) {
        let made = try SyntheticClips.make(["--trial", Fixtures.broadTrial02Excerpt, "--start", "110",
                                            "--duration", "6", "--size", "320x240", "--fps", "30", "--time-offset", "0"],
                                           outputs: ["--video": "clip.mkv", "--log": "raw.csv", "--attitude-log": "attitude.csv"])
        return (made["--video"], made["--attitude-log"])
    }

    /// `feed` and `record` started together: log time 0 is published at T0 and the clip's first frame shown at
    /// T0 + delay. The caller waits for both.
    private func startRig(clip: String, attitude: String, into rig: String, duration: Double, feedOptions: [String] = [],
                          stderr: Pipe? = nil) throws -> (feed: Process, record: Process) {
        let socket = path("imud-\(UUID().uuidString.prefix(8)).sock")
        let start = MonotonicClock.now() + 2
        let feed = try CommandHarness.start(["feed", "--log", attitude, "--unix", socket, "--rate", "100", "--mount", Self.feedMount,
                                             "--start-at", String(format: "%.6f", start)] + feedOptions)
        let record = try CommandHarness.start(["record", "--video", clip, "--video-start-at", String(format: "%.6f", start + Self.delay),
                                               "--imud", "unix:" + socket, "--duration", "\(duration)", "-o", rig], stderr: stderr)
        return (feed, record)
    }

    /// `startRig` to the end of a 5.5 s recording: record's status and stderr.
    private func record(clip: String, attitude: String, into rig: String, feedOptions: [String] = []) throws -> (status: Int32, stderr: String) {
        let pipe = Pipe()
        let (feed, record) = try startRig(clip: clip, attitude: attitude, into: rig, duration: 5.5, feedOptions: feedOptions, stderr: pipe)
        defer { feed.terminate(); CommandHarness.finish(feed, within: 10, what: "feed") }
        CommandHarness.finish(record, within: 60, what: "record")
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (record.terminationStatus, text)
    }

    /// The mount feed's preset stands for, as calibrate writes it (v_D = R·v_B).
    private var expectedMount: Quaternion {
        get throws { try IMUDMount(parsing: Self.feedMount).deviceFromIMU }
    }

    private func calibrate(_ rig: String, output: String) throws -> Rig {
        let run = try BuiltTool.run("steady-dice", ["calibrate", rig, "-o", output], timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("live: the frame timed t shows the attitude imud delivered at t + offset"), run.stdout)
        return try Rig.read(path: output)
    }

    func testRecordThenCalibrateFindsTheDelayAndTheMount() throws {
        let (clip, attitude) = try makeClip()
        // With the gyroscope in the packets.
        let rig = path("rig")
        let recorded = try record(clip: clip, attitude: attitude, into: rig)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(recorded.stderr.contains("turn the rig about every axis"), recorded.stderr)
        XCTAssertTrue(recorded.stderr.contains("about the IMU's x, y, z"), recorded.stderr)
        let recording = try RigRecording(folder: rig)
        XCTAssertTrue(recording.finished)
        XCTAssertNotNil(recording.rate, "feed fills the angular rate")
        XCTAssertEqual(recording.fields["frame_times"], "arrival")
        XCTAssertGreaterThan(recording.frameCount, 140)
        XCTAssertGreaterThan(recording.arrival.count, 500)
        let found = try calibrate(rig, output: path("rig.yaml"))
        XCTAssertTrue(found.timeOffset.clock == .live)
        XCTAssertEqual(found.timeOffset.seconds, -Self.delay, accuracy: 0.002, "live offset with the gyroscope")
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(found.deviceFromIMU).angle(to: try expectedMount)), 1, "mount")

        // Attitude only: the rate comes from the attitude over the packets' arrival times.
        let quiet = path("rig-attitude")
        let recordedQuiet = try record(clip: clip, attitude: attitude, into: quiet, feedOptions: ["--no-gyro"])
        XCTAssertEqual(recordedQuiet.status, 0, recordedQuiet.stderr)
        XCTAssertNil(try RigRecording(folder: quiet).rate)
        let foundQuiet = try calibrate(quiet, output: path("rig-attitude.yaml"))
        XCTAssertEqual(foundQuiet.timeOffset.seconds, -Self.delay, accuracy: 0.005, "live offset from the attitude alone")
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(foundQuiet.deviceFromIMU).angle(to: try expectedMount)), 1, "mount")
    }

    /// Ctrl-C stops a recording cleanly: its folder says so and reads whole. SIGKILL mid-write leaves whole rows
    /// and whole pictures, which calibrate reads as an interrupted recording; killed before both sources gave
    /// data, the folder is refused, naming what is missing.
    func testInterruptedRecordingsAreReadableOrRefused() throws {
        let (clip, attitude) = try makeClip()
        for (signal, name) in [(SIGINT, "interrupted"), (SIGKILL, "killed")] {
            let rig = path(name)
            let (feed, process) = try startRig(clip: clip, attitude: attitude, into: rig, duration: 60)
            defer { feed.terminate(); CommandHarness.finish(feed, within: 10, what: "feed") }
            let framesFile = (rig as NSString).appendingPathComponent("frames/frames.csv")
            let deadline = Date(timeIntervalSinceNow: 30)
            // Until 4 s of frames are written.
            while Date() < deadline, ((try? String(contentsOfFile: framesFile, encoding: .utf8))?.split(separator: "\n").count ?? 0) < 120 {
                Thread.sleep(forTimeInterval: 0.05)
            }
            kill(process.processIdentifier, signal)
            CommandHarness.finish(process, within: 10, what: "record \(name)")
            if signal == SIGINT { XCTAssertEqual(process.terminationStatus, 0, name) }
            let recording = try RigRecording(folder: rig)
            XCTAssertEqual(recording.finished, signal == SIGINT, name)
            if signal == SIGINT { XCTAssertEqual(recording.fields["stopped_by"], "signal") }
            // Every picture listed is whole.
            let sequence = try ImageSequence(folder: recording.framesFolder)
            XCTAssertGreaterThanOrEqual(sequence.frames.count, 119, name)
            for frame in sequence.frames { XCTAssertEqual(try RGBImage.read(path: frame.path).width, 320, name) }
            let run = try BuiltTool.run("steady-dice", ["calibrate", rig, "-o", path("\(name).yaml")], timeout: 600)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            XCTAssertEqual(run.stderr.contains("the recording was interrupted"), signal == SIGKILL, run.stderr)
        }

        // Killed while waiting for imud: nothing but the folder.
        let early = path("early")
        let process = try CommandHarness.start(["record", "--video", clip, "--imud", "unix:" + path("nobody.sock"), "-o", early])
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, FileKind.of(early) != .folder { Thread.sleep(forTimeInterval: 0.02) }
        kill(process.processIdentifier, SIGKILL)
        CommandHarness.finish(process, within: 10, what: "record killed early")
        let refused = try BuiltTool.run("steady-dice", ["calibrate", early], timeout: 60)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("\(early): no rig.yaml"), refused.stderr)
    }

    /// Record refuses to start without both sources, naming the missing one, and leaves no folder behind.
    func testRecordNeedsBothSources() throws {
        let (clip, _) = try makeClip()
        let rig = path("none")
        let result = try CommandHarness.run(["record", "--video", clip, "--imud", "unix:" + path("nobody.sock"), "--timeout", "1",
                                             "-o", rig])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("no valid imud packet") && result.stderr.contains("record needs both"), result.stderr)
        XCTAssertNil(FileKind.of(rig), "no folder left behind")
        let usage = try CommandHarness.run(["record", "--imud", "default", "-o", rig])
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.contains("give one of --camera or --video"), usage.stderr)
    }

    /// `run --imud --calibration` with a live calibration draws, pixel for pixel, what `snapshot` draws with it for
    /// the same attitude, and says that it applies the live offset.
    func testRunWithALiveCalibrationEqualsSnapshot() throws {
        try Requirement.display()
        // A live calibration of a 320x240 camera with a 50° field of view, a 10° mount and a -35 ms offset.
        let file = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 50, size: PictureSize(fixedWidth: 320, height: 240))),
                       deviceFromIMU: Quaternion(axis: [0.3, 1, 0.2], angle: Angle.radians(fromDegrees: 10)),
                       timeOffset: TimeOffset(seconds: -0.035, clock: .live),
                       fit: RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 100, framesTotal: 100))
        let calibration = path("live.yaml")
        try file.write(path: calibration)
        // The clock is named; another name is refused, naming the key.
        let text = try String(contentsOfFile: calibration, encoding: .utf8)
        XCTAssertTrue(text.contains("time_offset_clock: live"), text)
        let odd = path("odd.yaml")
        try text.replacingOccurrences(of: "time_offset_clock: live", with: "time_offset_clock: sometimes")
            .write(toFile: odd, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Rig.read(path: odd)) {
            XCTAssertTrue("\($0)".contains("time_offset_clock: expected clip or live"), "\($0)")
        }
        // A still attitude, fed as imud's: with feed's aligned mount, the IMU body's attitude is the log's · deviceFromBody.
        let q = Quaternion(axis: [1, 0.4, 0.9], angle: 0.9)
        let log = path("still.csv")
        try "t,qw,qx,qy,qz\n0,\(q.w),\(q.x),\(q.y),\(q.z)\n1,\(q.w),\(q.x),\(q.y),\(q.z)\n".write(toFile: log, atomically: true, encoding: .utf8)
        let socket = path("still.sock")
        let feed = try CommandHarness.start(["feed", "--log", log, "--unix", socket, "--loop", "--rate", "100"])
        defer { feed.terminate(); CommandHarness.finish(feed, within: 10, what: "feed") }
        let window = path("window.png")
        let run = try CommandHarness.run(["run", "--imud", "unix:" + socket, "--calibration", calibration, "--size", "320x240",
                                          "--background", "#336699", "--frames", "20", "--snapshot-on-exit", window])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("time offset -35.0 ms from \(calibration) (this rig's live clocks)"), run.stderr)
        let body = q * Frames.deviceFromBody
        let still = path("snapshot.png")
        let snapshot = try CommandHarness.run(["snapshot", "--attitude", "\(body.w),\(body.x),\(body.y),\(body.z)",
                                               "--calibration", calibration, "--size", "320x240", "--background", "#336699",
                                               "-o", still])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        // snapshot has no clock to shift: it says the live offset is not applied to it.
        XCTAssertTrue(snapshot.stderr.contains("is a live rig's"), snapshot.stderr)
        let a = try RGBImage.read(path: window), b = try RGBImage.read(path: still)
        XCTAssertEqual(CommandHarness.differingChannels(a.pixels, b.pixels), 0, "run with the live calibration differs from snapshot")
        // And the calibration matters: without it the picture is another.
        let plain = path("plain.png")
        XCTAssertEqual(try CommandHarness.run(["snapshot", "--attitude", "\(body.w),\(body.x),\(body.y),\(body.z)", "--size", "320x240",
                                               "--background", "#336699", "-o", plain]).status, 0)
        XCTAssertGreaterThan(CommandHarness.differingChannels(a.pixels, try RGBImage.read(path: plain).pixels), 1000)
    }
}
