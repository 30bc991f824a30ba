import AttitudeMath
import CalibrationFiles
import CommandTestSupport
import Foundation
import Imaging
import Rig
import TestSupport
import XCTest

/// `calibrate --video FOLDER` on an OpenCamera Sensors recording as the app leaves it: a folder
/// `<date>/` with `VID_<date>gyro.csv`, `…accel.csv` and `…_imu_timestamps.csv` (headerless; Android's
/// units; nanoseconds on the phone's sensor clock), and the video `VID_<date>.mp4` beside it. Written
/// here from a synthetic clip with known truth, in the app's documented layout.
final class OpenCameraSensorsTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "ocs" }

    static let date = "20260101_120000"
    /// The sensor clock at the log's first row, nanoseconds (a phone's elapsedRealtimeNanos after some uptime).
    static let clockBase: Int64 = 812_345_678_901_234
    static let offset = 0.04
    /// The frames' stamps mark the start of exposure: this much before the instant the picture shows.
    static let stampLead = 0.007

    /// The synthetic clip every recording is written from (the fixture cache's).
    static func clip() throws -> SyntheticClips.Made {
        try SyntheticClips.make(["--trial", Fixtures.broadTrial02Excerpt, "--start", "110", "--duration", "6",
                                 "--time-offset", "\(offset)", "--mount", "0.9659,0,0.2588,0"],
                                outputs: ["--video": "clip.mkv", "--log": "raw.csv"])
    }

    /// The folder of `encoded`, removed after the class's last test.
    nonisolated(unsafe) private static var encodedFolder: URL?

    /// The clip as the phone's video, H.264 in an MP4: encoded once for the class (an encode is 7 CPU-seconds), and
    /// copied beside each recording that has a video.
    private static let encoded = Result<String, Error> {
        let video = try OpenCameraSensorsTests.clip()["--video"]
        let folder = try TemporaryFolder.make("ocs-video")
        OpenCameraSensorsTests.encodedFolder = folder
        let mp4 = folder.appendingPathComponent("clip.mp4").path
        try FFmpeg.run(["-i", video, "-c:v", "libx264", "-qp", "8", "-pix_fmt", "yuv420p", mp4], timeout: 300)
        return mp4
    }

    override class func tearDown() {
        if let encodedFolder { try? FileManager.default.removeItem(at: encodedFolder) }
        super.tearDown()
    }

    /// The recording's folder: the sensor files inside, the video beside it. `frames` limits the stamps written.
    func makeRecording(stampCount: Int? = nil, withVideo: Bool = true) throws -> String {
        let made = try Self.clip()
        let (clip, raw) = (made["--video"], made["--log"])
        let recording = folder.appendingPathComponent(Self.date).path
        try FileManager.default.createDirectory(atPath: recording, withIntermediateDirectories: false)
        var gyro = "", accel = ""
        for v in try CSVNumbers(path: raw).rows {
            guard v.count == 7 else { continue }
            let t = Self.clockBase + Int64((v[0] * 1e9).rounded())
            gyro += String(format: "%.9f,%.9f,%.9f,%lld\n", v[1], v[2], v[3], t)
            accel += String(format: "%.6f,%.6f,%.6f,%lld\n", v[4], v[5], v[6], t)
        }
        try gyro.write(toFile: recording + "/VID_\(Self.date)gyro.csv", atomically: true, encoding: .utf8)
        try accel.write(toFile: recording + "/VID_\(Self.date)accel.csv", atomically: true, encoding: .utf8)
        let frames = try VideoFile(path: clip).info.statedFrameCount ?? 180
        var stamps = ""
        for k in 0..<(stampCount ?? frames) {
            let seconds = Double(k) / 30 + Self.offset - Self.stampLead
            stamps += "\(Self.clockBase + Int64((seconds * 1e9).rounded()))\n"
        }
        try stamps.write(toFile: recording + "/VID_\(Self.date)_imu_timestamps.csv", atomically: true, encoding: .utf8)
        if withVideo {
            try FileManager.default.copyItem(atPath: Self.encoded.get(), toPath: folder.appendingPathComponent("VID_\(Self.date).mp4").path)
        }
        return recording
    }

    func testTheFolderIsCalibratedOnThePhonesClock() throws {
        let recording = try makeRecording()
        let output = folder.appendingPathComponent("cal.yaml").path
        let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", recording, "-o", output], timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("OpenCamera Sensors, the video"), run.stderr)
        XCTAssertTrue(run.stderr.contains(String(format: "by their stamps the offset is %.4f s", Self.offset - Self.stampLead)), run.stderr)
        let found = try Rig.read(path: output)
        XCTAssertEqual(found.timeOffset.seconds, Self.offset, accuracy: 0.001)
        XCTAssertTrue(run.stdout.contains("the offset is 7.0"), run.stdout)
        // The folder is a raw log too, as any recording folder: `attitude fuse` reads it.
        let fused = folder.appendingPathComponent("fused.csv").path
        let fuse = try BuiltTool.run("attitude", ["fuse", recording, "--output", fused], timeout: 300)
        XCTAssertEqual(fuse.status, 0, fuse.stderr)
    }

    func testStampsThatDoNotPairWithTheFramesAreRefused() throws {
        let recording = try makeRecording(stampCount: 150)
        let run = try CommandHarness.run(["calibrate", "--video", recording], timeout: 600)
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertTrue(run.stderr.contains("has 180 frames but the frame stamps file has 150 lines"), run.stderr)
    }

    func testAMissingVideoIsNamed() throws {
        let recording = try makeRecording(withVideo: false)
        let run = try CommandHarness.run(["calibrate", "--video", recording], timeout: 600)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("its video is not in it or beside it"), run.stderr)
    }
}
