import AttitudeMath
import CalibrationFiles
import Camera
import CommandTestSupport
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Rig
import TestSupport
import XCTest

/// `--calibration`, `--mount w,x,y,z` and `--time-offset` on `snapshot` and `render`.
final class CalibrationOptionsTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-calibration-options" }

    func text(_ q: Quaternion) -> String { String(format: "%.17g,%.17g,%.17g,%.17g", q.w, q.x, q.y, q.z) }

    /// A steady-dice log turning steadily about a tilted axis for two seconds.
    func writeLog() throws -> (path: String, attitude: (Double) -> Quaternion) {
        let attitude = { (t: Double) in Quaternion(axis: [0.3, 0.8, -0.5], angle: 0.4 + 0.6 * t) }
        var csv = "t,qw,qx,qy,qz\n"
        for i in 0...40 {
            let t = Double(i) * 0.05
            csv += String(format: "%.2f,", t) + text(attitude(t)) + "\n"
        }
        let path = folder.appendingPathComponent("turning.csv").path
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, attitude)
    }

    func snapshot(_ arguments: [String], name: String, file: StaticString = #filePath, line: UInt = #line) throws -> RGBImage {
        let output = folder.appendingPathComponent("\(name).png").path
        let run = try CommandHarness.run(["snapshot", "--size", "160x120", "--output", output] + arguments)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return try RGBImage.read(path: output)
    }

    func refusal(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try CommandHarness.run(arguments)
        XCTAssertNotEqual(run.status, 0, file: file, line: line)
        return run.stderr
    }

    // MARK: - Mount

    /// A log drawn with --mount R is --attitude q·R⁻¹ of the log's q, pixel for pixel.
    func testLogWithMountEqualsAttitudeTimesInverseMount() throws {
        let log = try writeLog()
        let r = Quaternion(axis: [0.2, -0.4, 0.9], angle: 1.3)
        let mounted = try snapshot(["--log", log.path, "--at", "0.5", "--mount", text(r)], name: "mounted")
        let expected = log.attitude(0.5) * r.conjugate
        let fixed = try snapshot(["--attitude", text(expected)], name: "fixed")
        let plain = try snapshot(["--log", log.path, "--at", "0.5"], name: "plain")
        XCTAssertGreaterThan(Self.diePixels(mounted), 500, "the die is in view")
        XCTAssertTrue(mounted == fixed, "--mount R is --attitude q·R⁻¹")
        XCTAssertTrue(mounted != plain, "the mount must change the picture")
        // --attitude takes the mount too: q·R·R⁻¹ = q.
        let back = try snapshot(["--attitude", text(log.attitude(0.5) * r), "--mount", text(r)], name: "back")
        XCTAssertTrue(back == plain, "--attitude q·R with --mount R is q")
    }

    func testImudOnlyMountFormsAreRefusedForALog() throws {
        let log = try writeLog()
        for mount in ["yaw90", "10,20,30"] {
            let message = try refusal(["snapshot", "--log", log.path, "--size", "32x24", "-o", folder.appendingPathComponent("x.png").path,
                                       "--mount", mount])
            XCTAssertTrue(message.contains("--imud only") && message.contains("w,x,y,z"), message)
        }
        let message = try refusal(["snapshot", "--log", log.path, "--size", "32x24", "-o", folder.appendingPathComponent("x.png").path,
                                   "--mount", "1,0,0,zero"])
        XCTAssertTrue(message.contains("--mount") && message.contains("field 4"), message)
    }

    // MARK: - Calibration file

    func writeCalibration(name: String = "cal.yaml", fov: Double, mount: Quaternion, offset: Double) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let camera = PinholeCamera(verticalFieldOfViewDegrees: fov, size: PictureSize(fixedWidth: 160, height: 120))
        try Rig(camera: LensCamera(pinhole: camera), deviceFromIMU: mount, timeOffset: TimeOffset(seconds: offset),
                fit: RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 10, framesTotal: 10)).write(path: path)
        return path
    }

    /// --calibration is --intrinsics with the same file, plus its mount.
    func testCalibrationAppliesIntrinsicsAndMount() throws {
        let log = try writeLog()
        let r = Quaternion(axis: [1, 0, 0], angle: 0.3)
        let cal = try writeCalibration(fov: 45, mount: r, offset: 0)
        let calibrated = try snapshot(["--log", log.path, "--at", "1", "--calibration", cal], name: "cal")
        let explicit = try snapshot(["--log", log.path, "--at", "1", "--intrinsics", cal, "--mount", text(r)],
                                    name: "explicit")
        let unmounted = try snapshot(["--log", log.path, "--at", "1", "--intrinsics", cal], name: "unmounted")
        XCTAssertGreaterThan(Self.diePixels(calibrated), 500, "the die is in view")
        XCTAssertTrue(calibrated == explicit, "--calibration is --intrinsics and --mount from the file")
        XCTAssertTrue(calibrated != unmounted, "the calibration's mount must change the picture")
    }

    func testCalibrationConflictsAreRefused() throws {
        let log = try writeLog()
        let cal = try writeCalibration(fov: 45, mount: .identity, offset: 0)
        for extra in [["--mount", "1,0,0,0"], ["--time-offset", "0.1"], ["--intrinsics", cal], ["--fov", "50"]] {
            let message = try refusal(["render", "--log", log.path, "--size", "32x24", "--fps", "10", "-o", folder.path + "/r/",
                                       "--calibration", cal] + extra)
            XCTAssertTrue(message.contains("--calibration and \(extra[0])"), message)
        }
    }

    /// A calibration file without a key the options need: one line naming the file and the key.
    func testBadCalibrationKeysAreNamed() throws {
        let log = try writeLog()
        let good = try writeCalibration(fov: 45, mount: .identity, offset: 0.25)
        let contents = try String(contentsOfFile: good, encoding: .utf8)
        for (key, replacement) in [("imu_to_camera", "imu_to_kamera"), ("time_offset_s", "time_offset_x"),
                                   ("camera_matrix", "kamera_matrix")] {
            let path = folder.appendingPathComponent("bad-\(key).yaml").path
            try contents.replacingOccurrences(of: key, with: replacement).write(toFile: path, atomically: true, encoding: .utf8)
            let message = try refusal(["snapshot", "--log", log.path, "--size", "32x24", "-o", folder.appendingPathComponent("x.png").path,
                                       "--calibration", path])
            XCTAssertTrue(message.contains(path) && message.contains(key), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        }
    }

    /// Pixels that are not the default background colour.
    static func diePixels(_ image: RGBImage) -> Int {
        PixelMask.die(in: image).filter { $0 }.count
    }

    // MARK: - Time offset

    /// The fill colour of a video frame, read where no die is drawn.
    func videoFrame(shownIn image: RGBImage) -> Int? {
        let p = image.pixel(x: 12, y: 12)
        return (0..<16).first { k in
            let f = VideoTestFrames.fill(k)
            return abs(Int(p.r) - Int(f.0)) <= 2 && abs(Int(p.g) - Int(f.1)) <= 2 && abs(Int(p.b) - Int(f.2)) <= 2
        }
    }

    /// snapshot --at T --time-offset O shows the video at T − O; render frame k equals that snapshot.
    func testTimeOffsetInSnapshotAndRender() throws {
        let log = try writeLog()
        let video = try VideoTestFrames.writeVideo(in: folder, name: "clock.avi", width: 160, height: 120, count: 16, fps: 10)
        let common = ["--log", log.path, "--video", video, "--anchor", "180,0"]
        XCTAssertEqual(videoFrame(shownIn: try snapshot(common + ["--at", "1"], name: "none")), 0)
        XCTAssertEqual(videoFrame(shownIn: try snapshot(common + ["--at", "1", "--time-offset", "0.5"], name: "plus")), 5)
        XCTAssertEqual(videoFrame(shownIn: try snapshot(common + ["--at", "0.25", "--time-offset", "-0.5"], name: "minus")), 7)
        let before = try refusal(["snapshot", "--size", "32x24", "-o", folder.appendingPathComponent("x.png").path]
                                 + common + ["--at", "0.2", "--time-offset", "0.5"])
        XCTAssertTrue(before.contains("before the start of"), before)

        let out = folder.path + "/frames/"
        let run = try CommandHarness.run(["render", "--size", "160x120", "--fps", "10", "--from", "0.5", "--to", "0.8",
                                          "--time-offset", "0.3", "-o", out] + common)
        XCTAssertEqual(run.status, 0, run.stderr)
        for k in 0..<3 {
            let frame = try RGBImage.read(path: out + String(format: "frame-%06d.png", k))
            XCTAssertEqual(videoFrame(shownIn: frame), 2 + k, "frame \(k)")
            let still = try snapshot(common + ["--at", String(0.5 + Double(k) / 10), "--time-offset", "0.3"], name: "still\(k)")
            XCTAssertTrue(frame == still, "render frame \(k) equals snapshot --at its log time")
        }
        let early = try refusal(["render", "--size", "32x24", "--fps", "10", "--from", "0.1", "--time-offset", "0.3",
                                 "-o", folder.path + "/e/"] + common)
        XCTAssertTrue(early.contains("its first frame shows log time 0.3"), early)
        // Without --from a positive offset starts at log time 0.3: the video's first frame.
        let first = folder.path + "/first/"
        let byDefault = try CommandHarness.run(["render", "--size", "160x120", "--fps", "10", "--to", "0.35",
                                                "--time-offset", "0.3", "-o", first] + common)
        XCTAssertEqual(byDefault.status, 0, byDefault.stderr)
        let frame0 = try RGBImage.read(path: first + "frame-000000.png")
        XCTAssertEqual(videoFrame(shownIn: frame0), 0)
        XCTAssertTrue(frame0 == (try snapshot(common + ["--at", "0.3", "--time-offset", "0.3"], name: "at-offset")),
                      "render's default first frame is snapshot --at the offset")
        XCTAssertTrue(frame0 == (try snapshot(common + ["--time-offset", "0.3"], name: "default-at")),
                      "snapshot without --at shows the video's first frame too")
        XCTAssertFalse(FileManager.default.fileExists(atPath: first + "frame-000001.png"), "0.3 s to 0.35 s at 10 fps is one frame")
    }

    func testTimeOffsetNeedsAClock() throws {
        let message = try refusal(["snapshot", "--attitude", "1,0,0,0", "--time-offset", "0.1", "--size", "32x24",
                                   "-o", folder.appendingPathComponent("x.png").path])
        XCTAssertTrue(message.contains("--time-offset needs --log"), message)
    }

    /// `run --imud`: a live offset past ±1 s is refused; a calibration file's offset (which pairs its clip
    /// with its log) is not applied live and says so once; `--time-offset` beside `--calibration` gives
    /// the live one. imud is not running here: the window draws the background and quits after 2 frames.
    func testLiveTimeOffsetOnRun() throws {
        try Requirement.display()
        let cal = try writeCalibration(fov: 45, mount: .identity, offset: 0.25)
        let live = ["run", "--imud", "unix:/tmp/steady-dice-no-such-imud.sock", "--size", "160x120", "--background", "#000000",
                    "--frames", "2"]
        let far = try refusal(live + ["--time-offset", "1.5"])
        XCTAssertTrue(far.contains("--time-offset 1.5 with --imud") && far.contains("within ±1 s"), far)
        let fromFile = try CommandHarness.run(live + ["--calibration", cal])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertEqual(fromFile.stderr.components(separatedBy: "time offset of 250.0 ms pairs its clip with its log").count, 2,
                       fromFile.stderr)
        let given = try CommandHarness.run(live + ["--calibration", cal, "--time-offset", "-0.05"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertFalse(given.stderr.contains("not applied"), given.stderr)
        let both = try refusal(["snapshot", "--attitude", "1,0,0,0", "--calibration", cal, "--time-offset", "0.1", "--size", "32x24",
                                "-o", folder.appendingPathComponent("x.png").path])
        XCTAssertTrue(both.contains("--calibration and --time-offset"), both)
    }

    /// `run --log --video --time-offset S` starts the log at S and the video at 0, both on the clock
    /// started before the window opens, so the first frame drawn, a few tenths of a second later, shows
    /// video frame k with the log at S + k/10 (within the frame): `snapshot --at S + k/10 --time-offset S`.
    /// The log holds q0 until 4.95 s and q1 from 5 s, so with S = 5 the die is q1 whatever k, and q0
    /// without the offset. A start before the log's first sample is refused, naming the --video-at that fixes it.
    func testRunStartsTheLogAtTheOffset() throws {
        try Requirement.display()
        let q0 = Quaternion(axis: [0.3, 0.8, -0.5], angle: 0.4), q1 = Quaternion(axis: [-0.6, 0.2, 0.7], angle: 1.9)
        let log = folder.appendingPathComponent("step.csv").path
        try ("t,qw,qx,qy,qz\n0," + text(q0) + "\n4.95," + text(q0) + "\n5," + text(q1) + "\n30," + text(q1) + "\n")
            .write(toFile: log, atomically: true, encoding: .utf8)
        let video = try VideoTestFrames.writeVideo(in: folder, name: "clock.avi", width: 160, height: 120, count: 16, fps: 10)
        let window = folder.appendingPathComponent("window.png").path
        let run = try CommandHarness.run(["run", "--log", log, "--video", video, "--time-offset", "5", "--size", "160x120",
                                          "--frames", "1", "--snapshot-on-exit", window])
        XCTAssertEqual(run.status, 0, run.stderr)
        let shown = try RGBImage.read(path: window)
        let k = try XCTUnwrap(videoFrame(shownIn: shown), "a frame of the video is behind the die")
        let expected = try snapshot(["--log", log, "--video", video, "--at", String(5 + Double(k) / 10), "--time-offset", "5"],
                                    name: "expected")
        // Tolerance 2, as the goldens: at some attitudes the window's GLX context and the offscreen EGL one
        // shade a few die pixels 1 or 2 levels apart (`run --attitude` against `snapshot --attitude` alone shows it).
        XCTAssertEqual(CommandHarness.differingChannels(shown.pixels, expected.pixels, tolerance: 2), 0,
                       "the window's first frame (video frame \(k)) is the snapshot at log time 5 + \(k)/10")
        let unshifted = try snapshot(["--log", log, "--video", video, "--at", String(Double(k) / 10)], name: "unshifted")
        XCTAssertGreaterThan(CommandHarness.differingChannels(shown.pixels, unshifted.pixels), 1000,
                             "without the offset the die shows q0: the offset must change the picture")
        let early = try refusal(["run", "--log", log, "--video", video, "--time-offset", "-0.2", "--size", "160x120", "--frames", "1"])
        XCTAssertTrue(early.contains("--video-at 0.2"), early)
    }
}
