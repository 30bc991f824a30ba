import AttitudeMath
import CalibrationFiles
import Camera
import CommandLineSupport
import CommandTestSupport
import FileAccess
import Foundation
import Imaging
import Pixels
import Rig
import TestSupport
import XCTest

/// `steady-dice calibrate` on synthetic clips made by `steady-dice calibration-clip`: a BROAD trial's
/// reference turns a textured panorama through a known camera, mount and offset, and the raw log's
/// gyroscope is made from the same attitude, so the truth is exact. What the command says, writes and exits with;
/// the fit's accuracy over many clips is RigCalibrationTests' (`CalibrationAccuracyTests`, in-process).
final class CalibrateCommandTests: TemporaryFolderTestCase {
    static let trial = Fixtures.broadTrial02Excerpt
    override var folderPrefix: String { "calibrate" }

    typealias Truth = CalibrationTruth

    /// Makes (or finds in the fixture cache) `NAME.mkv` and `NAME.csv` with `calibration-clip`; their paths.
    func makeClip(_ truth: Truth, trial: String = CalibrateCommandTests.trial, start: Double = 110, duration: Double = 6,
                  name: String = "clip", file: StaticString = #filePath, line: UInt = #line) throws -> (clip: String, log: String) {
        let q = truth.mount, bias = truth.gyroBiasDegreesPerSecond
        let made = try SyntheticClips.make(["--trial", trial, "--start", "\(start)", "--duration", "\(duration)",
                                            "--fov", "\(truth.fov)", "--time-offset", "\(truth.offset)",
                                            "--mount", "\(q.w),\(q.x),\(q.y),\(q.z)",
                                            "--gyro-bias", "\(bias.x),\(bias.y),\(bias.z)"],
                                           outputs: ["--video": "\(name).mkv", "--log": "\(name).csv"], file: file, line: line)
        return (made["--video"], made["--log"])
    }

    /// Makes a clip, calibrates it, and returns what calibrate found and said.
    func calibrate(_ truth: Truth, trial: String = CalibrateCommandTests.trial, start: Double = 110, duration: Double = 6,
                   name: String = "clip", file: StaticString = #filePath, line: UInt = #line)
        throws -> (camera: LensCamera?, mount: Rig?, status: Int32, stderr: String) {
        let (clip, log) = try makeClip(truth, trial: trial, start: start, duration: duration, name: name, file: file, line: line)
        let output = folder.appendingPathComponent("\(name).yaml").path
        let run = try CommandHarness.run(["calibrate", "--video", clip, "--log", log, "--output", output], timeout: 300)
        guard run.status == 0 else { return (nil, nil, run.status, run.stderr) }
        return (try LensCamera.read(path: output), try Rig.read(path: output), run.status, run.stderr)
    }

    func check(_ truth: Truth, start: Double = 110, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try calibrate(truth, start: start, file: file, line: line)
        XCTAssertEqual(found.status, 0, found.stderr, file: file, line: line)
        let camera = try XCTUnwrap(found.camera, file: file, line: line)
        let mount = try XCTUnwrap(found.mount, file: file, line: line)
        try truth.assertFound(timeOffsetSeconds: mount.timeOffset.seconds, camera: camera, deviceFromIMU: mount.deviceFromIMU, file: file, line: line)
        XCTAssertTrue(found.stderr.contains("calibrate: done"), found.stderr, file: file, line: line)
        // The file carries what the answer rests on: the turn about each axis and the standard errors,
        // small on a clip this good.
        let text = try String(contentsOfFile: folder.appendingPathComponent("clip.yaml").path, encoding: .utf8)
        XCTAssertTrue(text.contains("turned_deg: ["), text, file: file, line: line)
        let offsetError = try XCTUnwrap(Self.number(after: "time_offset_ms: ", in: text), text, file: file, line: line)
        let fovError = try XCTUnwrap(Self.number(after: "vertical_fov_percent: ", in: text), text, file: file, line: line)
        XCTAssertTrue(offsetError > 0 && offsetError < 1, "time offset ± \(offsetError) ms", file: file, line: line)
        XCTAssertTrue(fovError > 0 && fovError < 0.5, "field of view ± \(fovError) %", file: file, line: line)
    }

    static func number(after key: String, in text: String) -> Double? {
        guard let range = text.range(of: key) else { return nil }
        return Double(text[range.upperBound...].prefix { !$0.isWhitespace && $0 != "," })
    }

    /// Ctrl-C or SIGTERM during calibration-clip stops it between frames: every partial output (`.NAME.partial-PID-N.csv`,
    /// `.mkv`) removed, one line said, exit 130.
    func testAnInterruptedCalibrationClipLeavesNothingAndSaysSo() throws {
        for signal in [SIGINT, SIGTERM] {
            let clip = folder.appendingPathComponent("clip.mkv").path, log = folder.appendingPathComponent("clip.csv").path
            let partial = { () -> Bool in
                ((try? FileManager.default.contentsOfDirectory(atPath: self.folder.path)) ?? []).contains { $0.hasPrefix(".clip.partial-") && $0.hasSuffix(".mkv") }
            }
            let stopped = try CommandHarness.interrupt(["calibration-clip", "--trial", Self.trial, "--start", "110", "--duration", "20",
                                                        "--size", "320x240", "--video", clip, "--log", log], with: signal,
                                                       ready: { _ in partial() })
            XCTAssertTrue(stopped.exited, stopped.stderr)
            XCTAssertEqual(stopped.status, 130, stopped.stderr)
            let last = String(stopped.stderr.split(separator: "\n").last ?? "")
            XCTAssertTrue(last.hasPrefix("steady-dice: \(clip): stopped by a signal after "), stopped.stderr)
            XCTAssertTrue(last.hasSuffix(" of 600 frames; nothing was kept"), stopped.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "every partial output is removed")
        }
    }

    /// A 20 s clip (600 frames) for interrupting calibrate mid-work, made by calibration-clip's defaults: this class and
    /// InterruptEveryCommandTests ask for it with the same options, so the fixture cache makes it once for both.
    static func longClip() throws -> (clip: String, log: String) {
        let made = try SyntheticClips.make(["--trial", trial, "--start", "110", "--duration", "20"],
                                           outputs: ["--video": "long.mkv", "--log": "long.csv"])
        return (made["--video"], made["--log"])
    }

    /// calibrate stopped by Ctrl-C or SIGTERM ends 130 saying so on one line, and writes nothing.
    func testAnInterruptedCalibrateSaysSo() throws {
        let (clip, log) = try Self.longClip()
        let output = folder.appendingPathComponent("cal.yaml").path
        for signal in [SIGINT, SIGTERM] {
            let stopped = try CommandHarness.interrupt(["calibrate", "--video", clip, "--log", log, "-o", output], with: signal,
                                                       ready: { !$0.isEmpty })
            XCTAssertTrue(stopped.exited, stopped.stderr)
            XCTAssertEqual(stopped.status, 130, stopped.stderr)
            XCTAssertEqual(stopped.stderr.split(separator: "\n").last,
                           "steady-dice: calibrate: stopped by a signal before the fit was done; nothing was written")
            // The clip and its log are the fixture cache's: the folder holds only what calibrate would write.
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), [], "calibrate wrote something")
        }
    }

    func testAClipThatBarelyTurnsIsRefused() throws {
        let trial = folder.appendingPathComponent("still-trial.csv").path
        var text = "t,gx,gy,gz,ax,ay,az,qw,qx,qy,qz\n"
        for i in 0..<(200 * 10) {
            let t = Double(i) / 200
            let q = Quaternion(axis: SIMD3(1, 0.7, 0.2), angle: Angle.radians(fromDegrees: 0.5) * sin(2 * .pi * 0.5 * t))
            text += String(format: "%.5f,0,0,0,0,0,9.8,%.9f,%.9f,%.9f,%.9f\n", t, q.w, q.x, q.y, q.z)
        }
        try text.write(toFile: trial, atomically: true, encoding: .utf8)
        let found = try calibrate(Truth(fov: 60, offset: 0, mount: .identity), trial: trial, start: 2, duration: 6, name: "still")
        XCTAssertEqual(found.status, 65, found.stderr)
        XCTAssertTrue(found.stderr.contains("the clip hardly turned"), found.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("still.yaml").path))
    }

    /// A clip that barely turns, but irregularly (five swings of incommensurate periods, a third of a degree at most), is
    /// too still for tracking to measure a camera, yet the timing of its rates' changes pins the time offset (no
    /// refusal hides a determined offset): the offset alone is written, and why the rest is not. A swing that
    /// repeats itself (above) correlates as well half a period away, and stays refused.
    func testAClipThatBarelyTurnsIrregularlyGivesItsOffsetAlone() throws {
        let trial = folder.appendingPathComponent("irregular-trial.csv").path
        var text = "t,gx,gy,gz,ax,ay,az,qw,qx,qy,qz\n"
        for i in 0..<(200 * 10) {
            let t = Double(i) / 200
            let a = 0.1 * sin(2 * .pi * 0.37 * t) + 0.07 * sin(2 * .pi * 1.13 * t + 1) + 0.05 * sin(2 * .pi * 2.71 * t + 2)
            let b = 0.08 * sin(2 * .pi * 0.53 * t + 0.5) + 0.05 * sin(2 * .pi * 1.79 * t + 1.5)
            let q = Quaternion(axis: SIMD3(0, 1, 0), angle: Angle.radians(fromDegrees: a)) * Quaternion(axis: SIMD3(1, 0, 0.3), angle: Angle.radians(fromDegrees: b))
            text += String(format: "%.5f,0,0,0,0,0,9.8,%.9f,%.9f,%.9f,%.9f\n", t, q.w, q.x, q.y, q.z)
        }
        try text.write(toFile: trial, atomically: true, encoding: .utf8)
        let (clip, log) = try makeClip(Truth(fov: 60, offset: 0.04, mount: .identity), trial: trial, start: 2, duration: 6, name: "irregular")
        let output = folder.appendingPathComponent("irregular.yaml").path
        let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", clip, "--log", log, "--output", output], timeout: 300)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("the clip hardly turned"), run.stdout)
        let written = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("time_offset_s:") }.flatMap { Double($0.dropFirst("time_offset_s:".count).trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(try XCTUnwrap(written), 0.04, accuracy: 0.002)
        let keys = try Rig.read(path: output).undetermined.map(\.quantity.fileKey)
        XCTAssertEqual(Set(keys).isSuperset(of: ["camera_matrix", "imu_to_camera"]), true, "\(keys)")
    }

    /// A clip paired with the log of another motion is refused: no rotation of the log explains the picture. The clip
    /// (the trial from 110 s) is the one the check below calibrates, which the fixture cache makes once for the class; the
    /// log is the trial from 120 s.
    func testALogOfAnotherMotionIsRefused() throws {
        let clip = try makeClip(Self.narrowLens).clip
        let other = try makeClip(Self.wideLens, start: Self.wideLensStart).log
        let output = folder.appendingPathComponent("mixed.yaml").path
        try CommandHarness.assertRefused(["calibrate", "--video", clip, "--log", other, "--output", output],
                                         saying: "does not follow the gyroscope's", output: output)
    }

    /// The real phone clip in ../shared (a car's windscreen, a rolling shutter, translation; see its
    /// README), with the phone's whole gyroscope log, which starts 3.26 s before the clip: found with no
    /// `--max-offset` (every offset at which the clip lies in the log is searched), and checked against the authors'
    /// camera matrix and axes.
    func testTheRealPhoneClip() throws {
        for asFolder in [false, true] { try checkRealPhoneClip(asFolder: asFolder) }
    }

    /// `asFolder`: the authors' pictures as they are, timed by a frames.csv of their own start-of-frame
    /// stamps; else a constant-rate video of them.
    func checkRealPhoneClip(asFolder: Bool) throws {
        let data = URL(fileURLWithPath: try Fixtures.sharedData("realcam/cc9pro"))
        let stamps = try String(contentsOf: data.appendingPathComponent("framestamp.txt"), encoding: .utf8)
            .split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let first = 99, last = 201
        // Frame i starts at line i of framestamp.txt; the clip's video time 0 is frame 99's start.
        let start = stamps[first - 1]
        let rate = Double(last - first) / (stamps[last - 1] - start)
        let clip: String
        if asFolder {
            clip = folder.appendingPathComponent("cc9pro-frames").path
            try FileManager.default.createDirectory(atPath: clip, withIntermediateDirectories: false)
            var times = "t,filename\n"
            for i in first...last {
                let name = "RE_frame-\(i).jpg"
                try FileManager.default.createSymbolicLink(atPath: clip + "/" + name,
                                                           withDestinationPath: data.appendingPathComponent("frames/" + name).path)
                times += String(format: "%.6f,%@\n", stamps[i - 1], name)
            }
            try times.write(toFile: clip + "/frames.csv", atomically: true, encoding: .utf8)
        } else {
            clip = folder.appendingPathComponent("cc9pro.mkv").path
            try FFmpeg.run(["-framerate", String(format: "%.6f", rate), "-start_number", "\(first)",
                            "-i", data.appendingPathComponent("frames/RE_frame-%d.jpg").path, "-c:v", "ffv1", clip])
        }
        var log = "t,gx,gy,gz,ax,ay,az\n"
        var firstSample: Double?
        // gyro.txt: x, y, z (rad/s) and t (s) a row, no header.
        for v in try CSVNumbers(path: data.appendingPathComponent("gyro.txt").path, headerless: true).rows {
            guard v.count == 4 else { continue }
            if firstSample == nil { firstSample = v[3] }
            log += String(format: "%.6f,%.9f,%.9f,%.9f,0,0,9.81\n", v[3], v[0], v[1], v[2])
        }
        let logPath = folder.appendingPathComponent("cc9pro-\(asFolder).csv").path
        try log.write(toFile: logPath, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("cc9pro-\(asFolder).yaml").path
        let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", clip, "--log", logPath, "--output", output],
                                    timeout: 300)
        XCTAssertEqual(run.status, 0, run.stderr)
        if asFolder { XCTAssertTrue(run.stderr.contains("timed by \(clip)/frames.csv"), run.stderr) }
        XCTAssertTrue(run.stderr.contains("searching every offset at which the clip lies inside the log: -3.4"), run.stderr)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let offset = try XCTUnwrap(Self.number(after: "\ntime_offset_s: ", in: text), text)
        // Log time counts from the log's first row: the clip's start is at start - firstSample on it.
        let afterStartOfFrame = offset - (start - (try XCTUnwrap(firstSample)))
        XCTAssertTrue((0...0.025).contains(afterStartOfFrame), "offset \(afterStartOfFrame * 1000) ms after the start of frame")
        // The car moves as well as turns: calibrate fits each point's epipolar line, and the field of view comes out
        // within 2 % of the authors' 55.12° (fy 575.04 px for 600 rows), with its error under the 2 % an answer may have.
        XCTAssertTrue(run.stderr.contains("a camera that moves as well as turns"), run.stderr)
        let keys = try Rig.read(path: output).undetermined.map(\.quantity.fileKey)
        XCTAssertFalse(keys.contains("camera_matrix"), "\(keys)")
        let camera = try LensCamera.read(path: output).pinhole
        let fov = camera.verticalFieldOfViewDegrees
        XCTAssertEqual(fov / PinholeCamera.fieldOfViewDegrees(across: 600, focalLength: 575.04), 1, accuracy: 0.02, "field of view \(fov)°")
        XCTAssertTrue(run.stdout.contains("gyroscope bias"), run.stdout)
        // The authors' axes: w_C = [[0,-1,0],[-1,0,0],[0,0,-1]] w_gyro in OpenCV's camera frame, which is
        // v_D = R v_S with R a quarter turn about z (D is C turned half about x). Their camera frame's z axis goes through
        // their principal point (406.0, 309.0), ours through the picture's centre (399.5, 299.5): the same gyroscope
        // seen from our frame is their axes turned by the rotation taking our centre's ray to their principal point's
        // (1.2° here). Every axis of the mount the clip determines lies within 3° of that.
        let fy = camera.fy
        let principal = SIMD3<Double>((406.0 - 399.5) / fy, (309.0 - 299.5) / fy, 1)
        let length = principal.length
        let centreToPrincipal = Quaternion(axis: cross(SIMD3(0, 0, 1), principal) / (principal.x * principal.x + principal.y * principal.y).squareRoot(),
                                           angle: acos(principal.z / length))
        let authorsInOurCamera = CameraFrame.cameraFromDevice.conjugate * centreToPrincipal * CameraFrame.cameraFromDevice
            * Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2)
        if keys.contains("imu_to_camera") {
            XCTAssertFalse(text.contains("\nimu_to_camera:"), text)
        } else {
            let mount = try Rig.read(path: output)
            XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(mount.deviceFromIMU).angle(to: authorsInOurCamera)), 3,
                              "mount \(String(describing: mount.deviceFromIMU)), undetermined \(keys)")
        }
    }

    /// The identity mount, a positive offset and a narrow lens, over the trial from 110 s.
    static let narrowLens = Truth(fov: 40, offset: 0.5, mount: .identity)
    /// A small tilt, a negative offset and a wide lens, over the trial from `wideLensStart`: another motion than
    /// `narrowLens`'s.
    static let wideLens = Truth(fov: 70, offset: -0.5, mount: Quaternion(axis: SIMD3(1, 0.3, 0), angle: Angle.radians(fromDegrees: 3)))
    static let wideLensStart = 120.0

    /// One run of the command on a good clip: it says it is done and writes the file (the turn, the standard errors); the
    /// fit's accuracy on other mounts, offsets, lenses and a biased gyroscope is RigCalibrationTests'
    /// `CalibrationAccuracyTests`, in-process.
    func testIdentityMountPositiveOffsetNarrowLens() throws {
        try check(Self.narrowLens)
    }

    func testATooShortClipIsRefused() throws {
        let found = try calibrate(Truth(fov: 60, offset: 0, mount: .identity), duration: 1)
        XCTAssertEqual(found.status, 65)
        XCTAssertTrue(found.stderr.contains("the clip is too short: 30 frames (1.00 s)"), found.stderr)
    }

    func testAClipWithoutTextureIsRefused() throws {
        let clip = folder.appendingPathComponent("grey.mkv").path
        let writer = try VideoWriter(path: clip, codec: "FFV1", fps: 30, size: PictureSize(fixedWidth: 160, height: 120))
        for _ in 0..<90 { try writer.write(RGBImage(width: 160, height: 120, pixels: [UInt8](repeating: 128, count: 160 * 120 * 3))) }
        writer.close()
        let log = folder.appendingPathComponent("still.csv").path
        try writeRawLog(path: log, seconds: 4) { _ in SIMD3(0, 0, 0) }
        let run = try CommandHarness.run(["calibrate", "--video", clip, "--log", log])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.stderr.contains("no texture to track: only 0 of 89 frame pairs"), run.stderr)
    }

    func testALogThatDoesNotOverlapTheClipIsRefused() throws {
        let clip = try makeClip(Truth(fov: 60, offset: 0, mount: .identity), duration: 3, name: "short").clip
        let log = folder.appendingPathComponent("brief.csv").path
        try writeRawLog(path: log, seconds: 0.5) { t in SIMD3(sin(9 * t), 0, 0) }
        let run = try CommandHarness.run(["calibrate", "--video", clip, "--log", log])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.stderr.contains("the log (0.50 s) is too short to hold half of the clip (3.00 s) at any offset"), run.stderr)
        let narrow = try CommandHarness.run(["calibrate", "--video", clip, "--log", log, "--max-offset", "1"])
        XCTAssertEqual(narrow.status, 65)
        XCTAssertTrue(narrow.stderr.contains("do not overlap in time for any offset within ±1.0 s"), narrow.stderr)
    }

    func testOneAxisMotionIsWarned() throws {
        // A reference turning about the IMU's x axis only, 40° back and forth.
        let trial = folder.appendingPathComponent("one-axis-trial.csv").path
        var text = "t,gx,gy,gz,ax,ay,az,qw,qx,qy,qz\n"
        for i in 0..<(200 * 10) {
            let t = Double(i) / 200
            let angle = Angle.radians(fromDegrees: 40) * sin(2 * .pi * 0.7 * t)
            text += String(format: "%.5f,0,0,0,0,0,9.8,%.9f,%.9f,0,0\n", t, cos(angle / 2), sin(angle / 2))
        }
        try text.write(toFile: trial, atomically: true, encoding: .utf8)
        let found = try calibrate(Truth(fov: 60, offset: 0.1, mount: .identity), trial: trial, start: 2, duration: 6, name: "one-axis")
        XCTAssertEqual(found.status, 0, found.stderr)
        // The motion repeats every 0.71 s (|rate| at twice 0.7 Hz): the search over the whole log finds it as well a
        // period away, and takes the offset nearest 0, saying so.
        XCTAssertTrue(found.stderr.contains("a motion that repeats itself; taking the offset nearest 0.000 s"), found.stderr)
        // Turning about x alone leaves the mount's rotation about that same axis free (it maps x to x
        // whatever it is): that axis, and only it, is marked not determined, on stdout and in the file, and the
        // mount written takes no turn about it (the truth here is identity).
        let output = folder.appendingPathComponent("one-axis.yaml").path
        let text2 = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text2.contains("imu_to_camera_x: \"± more than 90°: the clip turned"), text2)
        let keys = try Rig.read(path: output).undetermined.map(\.quantity.fileKey)
        XCTAssertTrue(keys.contains("imu_to_camera_x") && !keys.contains("imu_to_camera_y") && !keys.contains("imu_to_camera_z"), "\(keys)")
        let mount = try Rig.read(path: output)
        XCTAssertNil(mount.refusal(toServeAs: .mount), "the mount is determined about y and z")
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(mount.deviceFromIMU).angle(to: .identity)), 1, "\(String(describing: mount.deviceFromIMU))")
        XCTAssertEqual(mount.timeOffset.seconds, 0.1, accuracy: 0.001)
    }

    /// What a file marks as not determined reads back as docs/calibration.md says: a mount axis is drawn with no
    /// turn about it, and said; a mount with no axis determined, or a camera not determined, is refused by
    /// --calibration naming what to give instead; the bias is written when determined.
    func testUndeterminedNumbersReadBackAsDocumented() throws {
        let camera = PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))
        func write(_ name: String, _ keys: [String]) throws -> String {
            let path = folder.appendingPathComponent(name).path
            let file = Rig(camera: LensCamera(pinhole: camera), deviceFromIMU: .identity, timeOffset: TimeOffset(seconds: 0.02),
                           gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0.1, -0.2, 0.05)),
                           standardErrors: RigStandardErrors(timeOffsetSeconds: 0.001, verticalFieldOfViewFraction: 0.01, mountDegrees: SIMD3(1, 1, 1),
                                                             gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0.01, 0.02, 0.03))),
                           undetermined: keys.map { Undetermined(Undetermined.Quantity(fileKey: $0), standardError: nil,
                                                                 why: "± 3.0°: the clip turned 1° and 2° about the camera's other two axes") },
                           fit: RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 10, framesTotal: 12))
            try file.write(path: path)
            return path
        }
        func snapshot(_ cal: String) throws -> BuiltTool.Result {
            try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--calibration", cal, "--size", "32x24",
                                              "-o", folder.appendingPathComponent("s.png").path])
        }
        let oneAxis = try write("one-axis.yaml", ["imu_to_camera_y", "rolling_shutter_readout_s"])
        XCTAssertEqual(try Rig.read(path: oneAxis).undetermined.map(\.quantity.fileKey), ["imu_to_camera_y", "rolling_shutter_readout_s"])
        let text = try String(contentsOfFile: oneAxis, encoding: .utf8)
        XCTAssertTrue(text.contains("gyro_bias_deg_per_s: [") && text.contains("imu_to_camera: ["), text)
        // The bias reads back for drawing (subtracted from a raw log's gyroscope), in rad/s; a file that does not
        // determine it has none, and one that is not a bias is refused naming the key.
        let bias = try XCTUnwrap(try Rig.read(path: oneAxis).gyroBiasRadiansPerSecond)
        let expected = Angle.radians(fromDegrees: SIMD3(0.1, -0.2, 0.05))
        XCTAssertLessThan((bias - expected).length, 1e-12)
        XCTAssertNil(try Rig.read(path: try write("no-bias.yaml", ["gyro_bias"])).gyroBiasRadiansPerSecond)
        let badBias = folder.appendingPathComponent("bad-bias.yaml").path
        try text.replacingOccurrences(of: #"\ngyro_bias_deg_per_s: \[[^\]]*\]"#, with: "\ngyro_bias_deg_per_s: [ 400., 0., 0. ]",
                                      options: .regularExpression)
            .write(toFile: badBias, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Rig.read(path: badBias)) {
            XCTAssertTrue("\($0)".contains("gyro_bias_deg_per_s: "), "\($0)")
        }
        let drawn = try snapshot(oneAxis)
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(drawn.stderr.contains("calibrate did not determine the mount about the camera's y (see its not_determined): "
                                            + "drawn with no turn about it"), drawn.stderr)

        let noMount = try write("no-mount.yaml", ["imu_to_camera_x", "imu_to_camera_y", "imu_to_camera_z", "imu_to_camera"])
        XCTAssertFalse(try String(contentsOfFile: noMount, encoding: .utf8).contains("\nimu_to_camera:"))
        XCTAssertTrue(try String(contentsOfFile: noMount, encoding: .utf8).contains("   imu_to_camera: \"the fit"), "the estimate is not withheld")
        XCTAssertEqual(try LensCamera.read(path: noMount).pinhole, camera, "the camera alone still serves --intrinsics")
        // What the file leaves undetermined is drawn with the best that is known and said, never refused: the
        // mount as the IMU's axes (identity), or the --mount given beside the file; the picture is that of the file's
        // camera with that mount given by hand.
        func picture(_ arguments: [String], _ name: String) throws -> (data: Data, stderr: String) {
            let out = folder.appendingPathComponent(name).path
            let run = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "0.9,0.1,0.3,0.2", "--size", "64x48",
                                                        "-o", out] + arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            return (try Data(contentsOf: URL(fileURLWithPath: out)), run.stderr)
        }
        let identity = try picture(["--calibration", noMount], "identity.png")
        XCTAssertTrue(identity.stderr.contains("\(noMount): calibrate did not determine the mount (see its not_determined): drawn with the "
                                               + "IMU's axes as the camera's (identity"), identity.stderr)
        XCTAssertFalse(identity.stderr.contains("drawn with no turn about"), "one line for the mount, not a second per axis: \(identity.stderr)")
        XCTAssertEqual(identity.data, try picture(["--intrinsics", noMount, "--mount", "1,0,0,0"], "identity-truth.png").data)
        let given = try picture(["--calibration", noMount, "--mount", "0.7071068,0,0,0.7071068"], "given.png")
        XCTAssertTrue(given.stderr.contains("drawn with --mount 0.707107,0,0,0.707107"), given.stderr)
        XCTAssertEqual(given.data, try picture(["--intrinsics", noMount, "--mount", "0.7071068,0,0,0.7071068"], "given-truth.png").data)
        XCTAssertNotEqual(given.data, identity.data)

        let noCamera = try write("no-camera.yaml", ["camera_matrix"])
        XCTAssertFalse(try String(contentsOfFile: noCamera, encoding: .utf8).contains("\ncamera_matrix:"))
        XCTAssertTrue(try String(contentsOfFile: noCamera, encoding: .utf8).contains("   camera_matrix: \"the fit"), "the estimate is not withheld")
        XCTAssertThrowsError(try LensCamera.read(path: noCamera)) {
            XCTAssertTrue("\($0)".contains("did not determine the field of view"), "\($0)")
        }
        let sixty = try picture(["--calibration", noCamera], "sixty.png")
        XCTAssertTrue(sixty.stderr.contains("\(noCamera): calibrate did not determine the camera (see its not_determined): drawn through "
                                            + "the default 60° pinhole"), sixty.stderr)
        let fifty = try picture(["--calibration", noCamera, "--fov", "50"], "fifty.png")
        XCTAssertTrue(fifty.stderr.contains("drawn through a 50° pinhole (--fov)"), fifty.stderr)
        XCTAssertNotEqual(fifty.data, sixty.data)
        // What the file determines is not given again.
        let twice = try BuiltTool.run("steady-dice", ["snapshot", "--attitude", "1,0,0,0", "--calibration", noCamera, "--mount", "1,0,0,0",
                                                      "--size", "32x24", "-o", folder.appendingPathComponent("t.png").path])
        XCTAssertEqual(twice.status, 64, twice.stderr)
        XCTAssertTrue(twice.stderr.contains("--calibration and --mount: give one of them"), twice.stderr)
    }

    func testTheCalibrationFileRoundTripsAndNamesAMissingKey() throws {
        let path = folder.appendingPathComponent("cal.yaml").path
        let camera = PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))
        let mount = Quaternion(axis: SIMD3(0.2, 1, 0.1), angle: 0.7)
        try Rig(camera: LensCamera(pinhole: camera), deviceFromIMU: mount, timeOffset: TimeOffset(seconds: -0.25),
                fit: RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 10, framesTotal: 12)).write(path: path)
        XCTAssertEqual(try LensCamera.read(path: path).pinhole, camera)
        let read = try Rig.read(path: path)
        XCTAssertEqual(read.timeOffset.seconds, -0.25)
        XCTAssertLessThan(try XCTUnwrap(read.deviceFromIMU).angle(to: mount), 1e-12)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(text.contains("warning:"), text)
        let broken = folder.appendingPathComponent("broken.yaml").path
        try text.replacingOccurrences(of: "imu_to_camera:", with: "imu_to_kamera:").write(toFile: broken, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Rig.read(path: broken)) { error in
            XCTAssertEqual("\(error)", "\(broken): imu_to_camera: missing")
        }
    }

    /// The rig's time offset reads back with its clock and the instant it refers to (the middle row, written with a
    /// readout); a value the file format does not have is refused, naming the key.
    func testTheRigFileKeepsTheOffsetsClockAndInstant() throws {
        let path = folder.appendingPathComponent("live.yaml").path
        let camera = PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))
        let written = TimeOffset(seconds: -0.035, clock: .live, refersTo: .middleRow)
        try Rig(camera: LensCamera(pinhole: camera), deviceFromIMU: .identity, timeOffset: written, readoutSeconds: 0.02,
                fit: RigFitSummary(residualDegreesPerSecond: 0.1, framesUsed: 10, framesTotal: 12)).write(path: path)
        XCTAssertEqual(try Rig.read(path: path).timeOffset, written)
        let plain = folder.appendingPathComponent("plain.yaml").path
        try Rig(camera: LensCamera(pinhole: camera), deviceFromIMU: .identity, timeOffset: TimeOffset(seconds: 0.01)).write(path: plain)
        XCTAssertEqual(try Rig.read(path: plain).timeOffset, TimeOffset(seconds: 0.01, clock: .clip, refersTo: .frame))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let odd = folder.appendingPathComponent("odd.yaml").path
        try text.replacingOccurrences(of: "time_offset_refers_to: middle_row", with: "time_offset_refers_to: last_row")
            .write(toFile: odd, atomically: true, encoding: .utf8)
        let line = try XCTUnwrap(try String(contentsOfFile: odd, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("time_offset_refers_to:") }) + 1
        XCTAssertThrowsError(try Rig.read(path: odd)) { error in
            XCTAssertEqual("\(error)", "\(odd): line \(line): time_offset_refers_to: expected middle_row")
        }
    }

    /// An estimated lens's coefficients keep their standard errors in the file, under `standard_errors`, in their order.
    func testTheLensCoefficientsStandardErrorsAreWritten() throws {
        let path = folder.appendingPathComponent("lens.yaml").path
        let camera = PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))
        try Rig(camera: LensCamera(pinhole: camera, lens: .fisheye(SIMD4(0.03, -0.01, 0.002, 0))), deviceFromIMU: .identity, timeOffset: TimeOffset(seconds: 0.04),
                standardErrors: RigStandardErrors(timeOffsetSeconds: 0.001, verticalFieldOfViewFraction: 0.01, mountDegrees: SIMD3(1, 1, 1),
                                                  lensCoefficients: [0.0073, 0.02, 0.5, 1.25])).write(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let errors = try XCTUnwrap(text.range(of: "standard_errors:")).upperBound
        let list = try XCTUnwrap(text[errors...].range(of: "distortion_coefficients: ["), text).upperBound
        let written = text[list...].prefix { $0 != "]" }.split { $0 == "," || $0 == " " || $0 == "\n" }.compactMap { Double($0) }
        XCTAssertEqual(written, [0.0073, 0.02, 0.5, 1.25], text)
        XCTAssertEqual(try LensCamera.read(path: path).lens, .fisheye(SIMD4(0.03, -0.01, 0.002, 0)), "the lens itself reads as before")
    }

    /// A raw CSV log at 200 Hz with the given angular rate (rad/s) and gravity along +z.
    func writeRawLog(path: String, seconds: Double, rate: (Double) -> SIMD3<Double>) throws {
        var text = "t,gx,gy,gz,ax,ay,az\n"
        for i in 0...Int(seconds * 200) {
            let t = Double(i) / 200
            let g = rate(t)
            text += String(format: "%.5f,%.6f,%.6f,%.6f,0,0,9.8\n", t, g.x, g.y, g.z)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
