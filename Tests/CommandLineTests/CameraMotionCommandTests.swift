import AttitudeLog
import AttitudeMath
import Foundation
import RawLog
import TestSupport
import XCTest

/// A video's own motion track and a gyroscope-only raw log through the commands (issue 34): calibrate, attitude
/// convert and fuse.
final class CameraMotionCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try TemporaryFolder.make("camera-motion-commands") }
    override func tearDownWithError() throws { if let folder { try? FileManager.default.removeItem(at: folder) } }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

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
        let clip = path("clip.mkv"), full = path("full.csv"), gyroOnly = path("gyro.csv")
        let made = try CommandHarness.run(["calibration-clip", "--trial", Fixtures.broadTrial02Excerpt, "--start", "110", "--duration", "6",
                                           "--fov", "60", "--time-offset", "0.05", "--mount", "1,0,0,0", "--video", clip, "--log", full], timeout: 300)
        XCTAssertEqual(made.status, 0, made.stderr)
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

    func testAVideoWithoutAMotionTrackNeedsALog() throws {
        let plain = path("plain.mp4")
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=0.5:size=64x48:rate=10", "-pix_fmt", "yuv420p", plain]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        XCTAssertEqual(ffmpeg.terminationStatus, 0, "ffmpeg (scripts/setup installs it)")
        try CommandHarness.assertRefused(["calibrate", "--video", plain, "-o", path("cal.yaml")],
                                         saying: "--log is needed: \(plain): has no gpmd or camm track", output: path("cal.yaml"))
        let fuse = try BuiltTool.run("attitude", ["fuse", plain, "-o", path("fused.csv")])
        XCTAssertEqual(fuse.status, 65, fuse.stderr)
        XCTAssertTrue(fuse.stderr.contains("\(plain): has no gpmd or camm track, so no motion data of the camera's own (its streams: video h264"),
                      fuse.stderr)
    }
}
