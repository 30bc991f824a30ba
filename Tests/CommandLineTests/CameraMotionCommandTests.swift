import AttitudeLog
import AttitudeMath
import Camera
import CameraMotion
import CommandTestSupport
import Foundation
import Imaging
import LogTestSupport
import RawLog
import Rig
import TestSupport
import XCTest

/// A video's own motion track and a gyroscope-only raw log through the commands: calibrate, attitude
/// convert and fuse. The GoPro clip's calibration from its own track, with its fisheye and through a pinhole, is
/// RigCalibrationTests' `GoProClipCalibrationTests`, in-process.
final class CameraMotionCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "camera-motion-commands" }

    /// `text` without the columns named `drop` (the header's and every data row's fields).
    static func dropping(_ drop: Set<String>, from text: String) -> String {
        var keep: [Int]?
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !line.hasPrefix("#"), !line.isEmpty else { return String(line) }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            if keep == nil { keep = fields.indices.filter { !drop.contains(String(fields[$0])) } }
            return (keep ?? []).map { String(fields[$0]) }.joined(separator: ",")
        }.joined(separator: "\n")
    }

    func testAGyroscopeOnlyLogCalibratesExactlyAsTheSameLogWithItsAccelerometer() throws {
        // The clip and its raw log are the fixture cache's (read only); the gyroscope-only log is written here.
        let made = try RealisticClipTests.plainClip()
        let clip = made["--video"], full = made["--log"], gyroOnly = path("gyro.csv")
        let text = try String(contentsOfFile: full, encoding: .utf8)
        XCTAssertTrue(text.contains("t,gx,gy,gz,ax,ay,az\n"), String(text.prefix(200)))
        try Self.dropping(["ax", "ay", "az"], from: text).write(toFile: gyroOnly, atomically: true, encoding: .utf8)
        XCTAssertTrue(try String(contentsOfFile: gyroOnly, encoding: .utf8).contains("t,gx,gy,gz\n"))

        var answers: [(stdout: String, yaml: String)] = []
        for log in [full, gyroOnly] {
            let output = path("\((log as NSString).lastPathComponent).yaml")
            let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", clip, "--log", log, "-o", output], timeout: 300)
            XCTAssertEqual(run.status, 0, run.stderr)
            answers.append((run.stdout.replacingOccurrences(of: output, with: "OUT"), try String(contentsOfFile: output, encoding: .utf8)))
        }
        XCTAssertTrue(answers[0].stdout.contains("time offset"), answers[0].stdout)
        XCTAssertEqual(answers[0].stdout, answers[1].stdout)
        XCTAssertEqual(answers[0].yaml, answers[1].yaml)
    }

    func testAGyroscopeOnlyLogIntegratesAndIsRefusedByFusion() throws {
        // 0.5 rad/s about D's z for 2 s at 100 Hz: a turn of 1 rad.
        var text = "t,gx,gy,gz\n"
        for i in 0...200 { text += "\(Double(i) * 0.01),0,0,0.5\n" }
        let log = path("gyro.csv")
        try text.write(toFile: log, atomically: true, encoding: .utf8)
        let integrated = path("attitude.csv")
        let convert = try BuiltTool.run("attitude", ["convert", log, "-o", integrated])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        XCTAssertTrue(convert.stderr.contains("integrated from the gyroscope"), convert.stderr)
        let attitude = try AttitudeLog.load(path: integrated)
        XCTAssertNil(attitude.frame)
        XCTAssertEqual(attitude.samples.count, 201)
        let last = try XCTUnwrap(attitude.samples.last)
        XCTAssertEqual(last.t, 2, accuracy: 1e-12)
        XCTAssertEqual(last.worldFromDevice.w, cos(0.5), accuracy: 1e-9)
        XCTAssertEqual(last.worldFromDevice.z, sin(0.5), accuracy: 1e-9)

        let fused = path("fused.csv")
        let fuse = try BuiltTool.run("attitude", ["fuse", log, "-o", fused])
        XCTAssertEqual(fuse.status, 65, fuse.stderr)
        XCTAssertTrue(fuse.stderr.contains("gyro.csv: fusion (6D and 9D) levels the attitude by the accelerometer, and this log has only a gyroscope"),
                      fuse.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fused))
    }

    func testTheGoProClipIsItsOwnRawLog() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let raw = path("raw.csv")
        let convert = try BuiltTool.run("attitude", ["convert", clip, "-o", raw])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        let written = try String(contentsOfFile: raw, encoding: .utf8)
        XCTAssertTrue(written.contains("\nt,gx,gy,gz,ax,ay,az\n"), String(written.prefix(400)))
        // What convert wrote reads back as the same samples as the video itself.
        let fromVideo = try RawLogReader.read(path: clip), fromCSV = try RawLogReader.read(path: raw)
        XCTAssertEqual(fromCSV.time, fromVideo.time)
        XCTAssertEqual(fromCSV.gyro, fromVideo.gyro)
        XCTAssertEqual(fromCSV.acc, fromVideo.acc)
        XCTAssertEqual(fromVideo.count, 4795)

        let fused = path("fused.csv")
        let fuse = try BuiltTool.run("attitude", ["fuse", clip, "-o", fused])
        XCTAssertEqual(fuse.status, 0, fuse.stderr)
        XCTAssertEqual(try AttitudeLog.load(path: fused).samples.count, 4795)
    }

    /// `snapshot` and `render --video GOPRO.MP4` with no attitude source draw from the file's own motion, exactly as
    /// with the same file given as --log, and say so.
    func testTheGoProClipIsItsOwnLogForSnapshotAndRender() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let own = path("own.png"), given = path("given.png")
        let alone = try BuiltTool.run("steady-dice", ["snapshot", "--video", clip, "--at", "5", "--video-at", "5", "--size", "160x90", "-o", own])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("snapshot: no --log: \(clip) carries the camera's own motion (its gpmd track): it is the log"),
                      alone.stderr)
        let withLog = try BuiltTool.run("steady-dice", ["snapshot", "--log", clip, "--video", clip, "--at", "5", "--video-at", "5", "--size", "160x90", "-o", given])
        XCTAssertEqual(withLog.status, 0, withLog.stderr)
        XCTAssertFalse(withLog.stderr.contains("no --log"), withLog.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: own)), try Data(contentsOf: URL(fileURLWithPath: given)))
        // The log and the picture are one clock: without --video-at the frame shown is the one at --at, as render's
        // frame at that time is, not the video's first (which a log and an unrelated video without an offset show).
        let followed = path("followed.png"), first = path("first.png")
        for (output, extra) in [(followed, [String]()), (first, ["--video-at", "0"])] {
            let run = try BuiltTool.run("steady-dice", ["snapshot", "--video", clip, "--at", "5", "--size", "160x90", "-o", output] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: followed)), try Data(contentsOf: URL(fileURLWithPath: own)),
                       "snapshot --at 5 of the video's own log shows the frame at 5 s")
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: own)))

        // render likewise: its frames are those of the same render with the clip as --log.
        var frames: [Data] = []
        for log in [[], ["--log", clip]] {
            let folder = path("frames\(frames.count)") + "/"
            let render = try BuiltTool.run("steady-dice", ["render", "--video", clip, "--size", "160x90", "--fps", "4", "--from", "5", "--to", "5.2",
                                                           "-o", folder] + log, timeout: 300)
            XCTAssertEqual(render.status, 0, render.stderr)
            XCTAssertEqual(render.stderr.contains("render: no --log: \(clip) carries the camera's own motion (its gpmd track"), log.isEmpty,
                           render.stderr)
            frames.append(try Data(contentsOf: URL(fileURLWithPath: folder + "frame-000000.png")))
        }
        XCTAssertTrue(frames[0] == frames[1], "render --video alone and with --log drew different frames")
    }

    /// `run --video GOPRO.MP4` with no source plays the file's own motion; a plain video still plays the demo log.
    func testRunPlaysTheVideosOwnMotion() throws {
        try Requirement.display()
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let own = try CommandHarness.run(["run", "--video", clip, "--size", "160x90", "--frames", "2"])
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertTrue(own.stderr.contains("run: no --log: \(clip) carries the camera's own motion (its gpmd track): it is the log"),
                      own.stderr)
        // Over its own footage the track is led by its gyroscope, not fused 6D: a drone's accelerations are
        // not gravity.
        XCTAssertTrue(own.stderr.contains("\(clip): drawn over its footage: its gyroscope integrated, levelled where its accelerometer read "
                                          + "gravity alone"), own.stderr)
        XCTAssertFalse(own.stderr.contains("fusing 4795 raw samples"), own.stderr)
        let plain = path("plain.mp4")
        try Self.writePlainVideo(plain)
        let demo = try CommandHarness.run(["run", "--video", plain, "--size", "64x48", "--frames", "2"])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertFalse(demo.stderr.contains("no --log"), demo.stderr)
    }

    /// A video whose own motion track starts after its first frame: the GoPro clip's picture with its own gpmd track
    /// muxed in 1 s late (ffmpeg's -itsoffset), so the motion at the clip's time t is at t + 1 s here. Log time counts
    /// from the track's first sample and video time from the first frame, so with no offset given the picture at
    /// `--at T` is the video's frame at T + 1 s under the clip's attitude at T: drawn so by snapshot, render and run,
    /// and said. Before, it was drawn as if the track started with the picture: the clip's frame and attitude both at
    /// T + 1, a picture off by a second with nothing said. A given offset is taken as it is; a track that starts
    /// before the first frame gets a positive offset.
    func testAVideosOwnTrackIsDrawnOnTheVideosTimelineWhereverItStarts() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let late = path("late.mov")
        try FFmpeg.run(["-i", clip, "-itsoffset", "1", "-i", clip, "-map", "0:v:0", "-map", "1:3", "-c", "copy", "-tag:d", "gpmd", late])
        func said(_ command: String) -> String {
            "\(command): \(late)'s motion track starts 1.0000 s after its first frame: time offset -1.0000 s (log time 0 is video time 1.0000 s)"
        }
        // One camera for both files: the clip names its camera (drawn through its lens profile, docs/cameras.md) and
        // ffmpeg's copies do not.
        func snapshot(_ name: String, _ arguments: [String]) throws -> (picture: Data, stderr: String) {
            let run = try BuiltTool.run("steady-dice", ["snapshot", "--size", "160x90", "--fov", "60", "-o", path(name)] + arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            return (try Data(contentsOf: URL(fileURLWithPath: path(name))), run.stderr)
        }
        let drawn = try snapshot("late.png", ["--video", late, "--at", "4"])
        XCTAssertTrue(drawn.stderr.contains(said("snapshot")), drawn.stderr)
        let truth = try snapshot("truth.png", ["--video", clip, "--log", clip, "--at", "4", "--video-at", "5"])
        XCTAssertEqual(drawn.picture, truth.picture, "the frame at 5 s under the clip's attitude at 4 s")
        let asBefore = try snapshot("before.png", ["--video", clip, "--at", "5"])
        XCTAssertNotEqual(drawn.picture, asBefore.picture, "the attitude a second late, as the track's start was ignored")
        XCTAssertEqual(try snapshot("log.png", ["--video", late, "--log", late, "--at", "4"]).picture, truth.picture, "--log names the video")
        XCTAssertFalse(truth.stderr.contains("motion track starts"), "the GoPro's own track starts with its first frame: \(truth.stderr)")

        // A given offset is the offset: log time = video time + o, with log time from the track's first sample.
        let given = try snapshot("given.png", ["--video", late, "--at", "4", "--time-offset", "-0.5"])
        XCTAssertFalse(given.stderr.contains("motion track starts"), given.stderr)
        XCTAssertEqual(given.picture, try snapshot("given-truth.png", ["--video", clip, "--log", clip, "--at", "4", "--video-at", "4.5"]).picture)

        // A track that starts before the first frame (the picture muxed 0.5 s late): o = +0.5 s, and --at defaults to
        // it, the video's first frame.
        let early = path("early.mov")
        try FFmpeg.run(["-itsoffset", "0.5", "-i", clip, "-i", clip, "-map", "0:v:0", "-map", "1:3", "-c", "copy", "-tag:d", "gpmd", early])
        let before = try snapshot("early.png", ["--video", early, "--at", "4"])
        XCTAssertTrue(before.stderr.contains("snapshot: \(early)'s motion track starts 0.5000 s before its first frame: time offset +0.5000 s"),
                      before.stderr)
        XCTAssertEqual(before.picture, try snapshot("early-truth.png", ["--video", clip, "--log", clip, "--at", "4", "--video-at", "3.5"]).picture)
        XCTAssertEqual(try snapshot("early-start.png", ["--video", early]).picture,
                       try snapshot("early-start-truth.png", ["--video", clip, "--log", clip, "--at", "0.5", "--video-at", "0"]).picture)

        // render's frames follow the same clock: its first, at log time 0, is the snapshot at --at 0.
        let frames = path("frames") + "/"
        let render = try BuiltTool.run("steady-dice", ["render", "--video", late, "--size", "160x90", "--fov", "60", "--fps", "4", "--to", "0.2",
                                                       "-o", frames], timeout: 300)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stderr.contains(said("render")), render.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frames + "frame-000000.png")),
                       try snapshot("start.png", ["--video", late, "--at", "0"]).picture)

        // run plays the video from the frame its track starts at, rather than refusing a log that starts after it.
        try Requirement.display()
        let run = try CommandHarness.run(["run", "--video", late, "--size", "160x90", "--frames", "2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains(said("run")), run.stderr)
        XCTAssertTrue(run.stderr.contains("run: \(late) plays from 1.0000 s, where its motion track's first sample shows"), run.stderr)
    }

    /// The GoPro clip's picture with its own gpmd track muxed `seconds` late (ffmpeg's -itsoffset): the motion at the
    /// clip's time t is at t + `seconds` here.
    private func clipWithItsTrackLate(by seconds: Int, name: String) throws -> String {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let late = path(name)
        try FFmpeg.run(["-i", clip, "-itsoffset", "\(seconds)", "-i", clip, "-map", "0:v:0", "-map", "1:3", "-c", "copy", "-tag:d", "gpmd", late])
        return late
    }

    /// A video's own track that starts 20 s into the 12 s video covers none of its frames: snapshot, render and run
    /// refuse it as data (65), naming both spans in video time, as calibrate does, instead of drawing the attitude over
    /// frames looped round (before: exit 0, "log time 0 is video time 20.0000 s").
    func testATrackThatCoversNoneOfTheVideoIsRefusedByDrawing() throws {
        let late = try clipWithItsTrackLate(by: 20, name: "late20.mov")
        let spans = "\(late) covers video time 20.000 to "
        let video = "and \(late) runs from 0 to 12.079 s: they do not overlap, so no frame has an attitude"
        try CommandHarness.assertRefused(["snapshot", "--video", late, "--size", "64x36", "-o", path("s.png")], saying: spans,
                                         output: path("s.png"))
        try CommandHarness.assertRefused(["snapshot", "--video", late, "--size", "64x36", "-o", path("s.png")], saying: video,
                                         output: path("s.png"))
        try CommandHarness.assertRefused(["render", "--video", late, "--size", "64x36", "--fps", "2", "-o", path("r") + "/"],
                                         saying: spans, output: path("r"))
        // Given as an offset over another log, the same rule: the clip's own log 20 s early.
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        try CommandHarness.assertRefused(["render", "--video", clip, "--log", clip, "--time-offset", "-20", "--size", "64x36", "--fps", "2",
                                          "-o", path("o") + "/"], saying: "\(clip) covers video time 20.000 to ", output: path("o"))
        // A video placed by itself (--video-at) is not paired through the offset: the snapshot at log time 0 is drawn.
        let placed = try BuiltTool.run("steady-dice", ["snapshot", "--video", clip, "--log", clip, "--time-offset", "-20", "--size", "64x36",
                                                       "--video-at", "0", "-o", path("placed.png")], timeout: 300)
        XCTAssertEqual(placed.status, 0, placed.stderr)
        try Requirement.display()
        try CommandHarness.assertRefused(["run", "--video", late, "--size", "64x36", "--frames", "2"], saying: spans, output: path("none"))
    }

    /// `render` over a video whose log runs past it renders the video's frames, not the log's whole length, and says
    /// where it stops: the track muxed 1 s late ends 1 s after the video's last frame.
    func testRenderOverAVideoSpansTheVideoByDefault() throws {
        let late = try clipWithItsTrackLate(by: 1, name: "late1.mov")
        let frames = path("frames") + "/"
        let render = try BuiltTool.run("steady-dice", ["render", "--video", late, "--size", "64x36", "--fps", "2", "-o", frames], timeout: 300)
        XCTAssertEqual(render.status, 0, render.stderr)
        // The video ends at 362 frames of 1001/30000 s: video time 12.079 s, log time 11.079 s.
        let videoEnd = 362 * 1001.0 / 30000
        let said = String(format: "render: to log time %.3f s, where %@ ends", videoEnd - 1, late)
        XCTAssertTrue(render.stderr.contains(said), render.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.count
        XCTAssertEqual(written, Int(((videoEnd - 1) * 2).rounded(.up)), "frames at 0, 0.5 … before log time \(videoEnd - 1)")
        // --to still renders past the video's end, as asked.
        let longer = try BuiltTool.run("steady-dice", ["render", "--video", late, "--size", "64x36", "--fps", "2", "--from", "11", "--to", "11.6",
                                                       "-o", path("longer") + "/"], timeout: 300)
        XCTAssertEqual(longer.status, 0, longer.stderr)
        XCTAssertFalse(longer.stderr.contains("render: to log time"), longer.stderr)
    }

    /// `attitude fuse LOG --video CLIP --calibration cal.yaml` writes the attitude drawing takes over the footage: that
    /// log drawn with the same calibration is the same picture as the raw log (here the clip's own track) drawn over
    /// the video; held to the video's picture (`--hold-to-picture`) over the whole clip it takes out the drift the spans
    /// see; the calibration's bias is taken off the gyroscope, and a bias changes the picture. Options that contradict it
    /// are refused, and so is a log that covers none of the video.
    func testFuseForFootageWritesWhatDrawingDraws() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        func calibration(_ name: String, bias: String) throws -> String {
            let file = path(name)
            try """
            %YAML:1.0
            ---
            image_width: 854
            image_height: 480
            camera_matrix: !!opencv-matrix
               rows: 3
               cols: 3
               dt: d
               data: [ 514.7, 0., 426.5, 0., 514.7, 239.5, 0., 0., 1. ]
            distortion_coefficients: !!opencv-matrix
               rows: 5
               cols: 1
               dt: d
               data: [ 0., 0., 0., 0., 0. ]
            imu_to_camera: [ 1., 0., 0., 0. ]
            time_offset_s: -0.0185
            time_offset_clock: clip
            gyro_bias_deg_per_s: [ \(bias) ]

            """.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let biased = try calibration("biased.yaml", bias: "0.783, 0.070, 0.228")
        let fused = try BuiltTool.run("attitude", ["fuse", clip, "--video", clip, "--calibration", biased, "-o", path("att.csv")], timeout: 300)
        XCTAssertEqual(fused.status, 0, fused.stderr)
        XCTAssertTrue(fused.stderr.contains("drawn over its footage: its gyroscope integrated less the calibration's bias"), fused.stderr)
        XCTAssertFalse(fused.stderr.contains("held to the picture"), "only when asked: \(fused.stderr)")
        let text = try String(contentsOfFile: path("att.csv"), encoding: .utf8)
        XCTAssertTrue(text.contains("# time offset -0.018500 s (log time = video time + offset)"), text)
        XCTAssertTrue(text.contains("# frame: xArbitraryZVertical"), text)
        func snapshot(_ name: String, _ arguments: [String]) throws -> Data {
            let run = try BuiltTool.run("steady-dice", ["snapshot", "--video", clip, "--at", "9", "--anchor", "0,-10", "--anchor-from", "0",
                                                        "--size", "160x90", "-o", path(name)] + arguments, timeout: 300)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try Data(contentsOf: URL(fileURLWithPath: path(name)))
        }
        let fromFile = try snapshot("file.png", ["--log", path("att.csv"), "--calibration", biased])
        XCTAssertEqual(fromFile, try snapshot("raw.png", ["--log", clip, "--calibration", biased]))
        XCTAssertNotEqual(fromFile, try snapshot("unbiased.png", ["--log", clip, "--calibration", try calibration("zero.yaml", bias: "0, 0, 0")]),
                          "0.8 °/s over 9 s moves the die")
        // A file that determined neither the camera nor the mount still gives its offset and bias to the attitude (a bias
        // written is applied whatever else is undetermined): the same rows.
        let timingOnly = try Self.writeTimingOnlyCalibration(path("timing.yaml"))
        let fromTiming = try BuiltTool.run("attitude", ["fuse", clip, "--video", clip, "--calibration", timingOnly, "-o", path("timing.csv")],
                                           timeout: 300)
        XCTAssertEqual(fromTiming.status, 0, fromTiming.stderr)
        func rows(_ file: String) throws -> [Substring] {
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        }
        XCTAssertEqual(try rows(path("timing.csv")), try rows(path("att.csv")))
        // Held to the picture (through the file's camera) over the whole clip: the drift the spans see is taken out. That
        // drawing holds the raw log through the same camera, mount and offset is FusionJobsTests'.
        let held = try BuiltTool.run("attitude", ["fuse", clip, "--video", clip, "--calibration", biased, "--hold-to-picture",
                                                  "-o", path("held.csv")], timeout: 300)
        XCTAssertEqual(held.status, 0, held.stderr)
        // The spans see the drift the frame pairs' bias leaves: about C's z (the track's x, y, z are C's), the sea's horizon
        // rolls 0.4 °/s where the gyroscope less that bias rolls −0.65 °/s (docs/calibration.md), a drift near 0.9 °/s.
        let drift = try XCTUnwrap(held.stderr.firstMatch(of: #/the attitude drifted (-?[0-9.]+), (-?[0-9.]+), (-?[0-9.]+) °\/s/#), held.stderr)
        XCTAssertEqual(try XCTUnwrap(Double(drift.output.3)), 0.93, accuracy: 0.2, held.stderr)
        XCTAssertNotEqual(try rows(path("held.csv")), try rows(path("att.csv")), "the picture turns the gyroscope's attitude")
        // The held log is drawn as drawing holds the raw log: the same hold through the same camera
        // (FusionJobsTests.testFootageIsHeldThroughTheCameraDrawingDrawsWith, in-process), and a log file drawn as the raw
        // log is (above). A field of view given for the camera the file determines is refused, as drawing refuses it.
        let twice = try BuiltTool.run("attitude", ["fuse", clip, "--video", clip, "--calibration", biased, "--hold-to-picture", "--fov", "50",
                                                   "-o", path("twice.csv")])
        XCTAssertEqual(twice.status, 64, twice.stderr)
        XCTAssertTrue(twice.stderr.contains("--calibration and --fov: give one of them"), twice.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("twice.csv")))
        let conflict = try BuiltTool.run("attitude", ["fuse", clip, "--video", clip, "--mode", "6d", "-o", path("x.csv")])
        XCTAssertEqual(conflict.status, 64, conflict.stderr)
        XCTAssertTrue(conflict.stderr.contains("--mode with --video"), conflict.stderr)
        let late = try clipWithItsTrackLate(by: 20, name: "late20-fuse.mov")
        let missed = try BuiltTool.run("attitude", ["fuse", late, "--video", late, "-o", path("late.csv")], timeout: 300)
        XCTAssertEqual(missed.status, 65, missed.stderr)
        XCTAssertTrue(missed.stderr.contains("they do not overlap, so no frame has an attitude"), missed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("late.csv")))
    }

    /// A calibration file for the GoPro clip (854x480) that determined neither the camera nor the mount: only the clip's
    /// time offset and the gyroscope's bias. Written at `path`, which it returns.
    static func writeTimingOnlyCalibration(_ path: String) throws -> String {
        try """
        %YAML:1.0
        ---
        image_width: 854
        image_height: 480
        time_offset_s: -0.0185
        time_offset_clock: clip
        gyro_bias_deg_per_s: [ 0.783, 0.070, 0.228 ]
        undetermined: [ camera_matrix, imu_to_camera ]

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Half a second of ffmpeg's test pattern as an H.264 MP4, with no motion track.
    static func writePlainVideo(_ plain: String) throws {
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=duration=0.5:size=64x48:rate=10", "-pix_fmt", "yuv420p", plain])
    }

    func testAVideoWithoutAMotionTrackNeedsALog() throws {
        let plain = path("plain.mp4")
        try Self.writePlainVideo(plain)
        try CommandHarness.assertRefused(["calibrate", "--video", plain, "-o", path("cal.yaml")], status: 64,
                                         saying: "--log is needed: \(plain): has no gpmd or camm track", output: path("cal.yaml"))
        // snapshot and render with no attitude source: the video has none of its own, and they say so.
        let noTrack = "--video \(plain): has no gpmd or camm track, so no motion data of the camera's own (its streams: video h264"
        try CommandHarness.assertRefused(["snapshot", "--video", plain, "--size", "64x48", "-o", path("s.png")], status: 64,
                                         saying: "give --log, --attitude or --imud: " + noTrack, output: path("s.png"))
        try CommandHarness.assertRefused(["render", "--video", plain, "--size", "64x48", "--fps", "10", "-o", path("r.mkv")], status: 64,
                                         saying: "give --log: " + noTrack, output: path("r.mkv"))
        let fuse = try BuiltTool.run("attitude", ["fuse", plain, "-o", path("fused.csv")])
        XCTAssertEqual(fuse.status, 65, fuse.stderr)
        XCTAssertTrue(fuse.stderr.contains("\(plain): has no gpmd or camm track, so no motion data of the camera's own (its streams: video h264"),
                      fuse.stderr)
    }

    // MARK: - A GoPro stabilised in the camera

    typealias S = StabilisedGoPro

    /// The payloads in a MOV's `gpmd` track beside a test pattern, each one second (ffmpeg's raw data demuxer cuts
    /// the file into the payloads, all of one size, and its setts filter times them), read by the commands: the picture's
    /// motion (CORI ⊗ IORI) is what `attitude convert` writes and what `snapshot --video` draws with, and both say so (the
    /// reader's tests in-process are CameraMotionTests' `PictureOrientationTests`).
    func testAStabilisedMOVThroughTheCommands() throws {
        let packets = S.packets(rate: S.cameraRate, camera: { S.integrate(S.cameraRate, at: $0) }, image: S.imageInDevice,
                                axes: S.unusualAxes)
        let size = packets[0].bytes.count
        XCTAssertTrue(packets.allSatisfy { $0.bytes.count == size })
        let payloads = folder.appendingPathComponent("payloads.bin"), mov = folder.appendingPathComponent("hero8.mov").path
        try Data(packets.flatMap(\.bytes)).write(to: payloads)
        try FFmpeg.run([
            "-f", "data", "-raw_packet_size", "\(size)", "-i", payloads.path,
            "-f", "lavfi", "-i", "testsrc=duration=4:size=64x48:rate=10", "-map", "1:v", "-map", "0", "-pix_fmt", "yuv420p",
            "-c:d", "copy", "-tag:d", "gpmd", "-bsf:d", "setts=ts=N/TB:duration=1/TB", "-f", "mov", mov])

        let said = "hero8.mov: the picture was stabilised in the camera (IORI): using the picture's orientation, CORI ⊗ IORI (CORI follows "
            + "the gyroscope in x_D = Z, y_D = −X, z_D = −Y, inverse"
        let raw = folder.appendingPathComponent("raw.csv").path
        let convert = try BuiltTool.run("attitude", ["convert", mov, "-o", raw])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        XCTAssertTrue(convert.stderr.contains(said), convert.stderr)
        let header = try String(contentsOfFile: raw, encoding: .utf8)
        XCTAssertTrue(header.contains("in the stabilised picture's frame (IORI applied") && !header.contains("in the device frame"), header)
        let written = try RawLogReader.read(path: raw)
        let expected = RawLogReader.rawLog(try GPMFTelemetry.motion(path: mov, packets: packets))
        XCTAssertEqual(written.count, expected.count)
        XCTAssertEqual(written.gyro, expected.gyro)
        let k = try XCTUnwrap(written.time.firstIndex { $0 >= 2.5 })
        let analytic = S.imageInDevice(written.time[k]).conjugate.rotate(S.cameraRate(written.time[k])) + S.imageRate(written.time[k])
        XCTAssertLessThan((written.gyro[k] - analytic).length, 3e-3)

        // The file as its own log behind its own picture (a test pattern here), with no --log.
        let snapshot = try BuiltTool.run("steady-dice", ["snapshot", "--video", mov, "--at", "2", "--video-at", "2", "--size", "64x48", "-o",
                                                         folder.appendingPathComponent("x.png").path])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        XCTAssertTrue(snapshot.stderr.contains("snapshot: no --log: \(mov) carries the camera's own motion (its gpmd track): it is the log"),
                      snapshot.stderr)
        XCTAssertTrue(snapshot.stderr.contains(said), snapshot.stderr)
    }
}
