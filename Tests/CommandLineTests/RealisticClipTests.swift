import AttitudeMath
import Camera
import CommandTestSupport
import Foundation
import Imaging
import Rig
import TestSupport
import XCTest

/// `calibrate` on synthetic clips that look like real footage (`calibration-clip` with a lens, a rolling
/// shutter, motion blur, translation, a variable frame rate, a rig that barely moves), each with known truth: the
/// offset within 1 ms, the field of view within 1 %, the mount within 1°, the readout within 2 ms and
/// k1 within 0.02.
final class RealisticClipTests: XCTestCase {
    static let trial = Fixtures.broadTrial02Excerpt
    static let mount = Quaternion(w: 0.9659, x: 0, y: 0.2588, z: 0).normalized()!
    var folder: URL!

    override func setUpWithError() throws { folder = try TemporaryFolder.make("realistic") }
    override func tearDownWithError() throws { if let folder { try? FileManager.default.removeItem(at: folder) } }

    struct Kind {
        var name: String
        var fov: Double
        /// calibration-clip's extra options.
        var clip: [String]
        var lens: Lens = .pinhole
        var readout: Double = 0
        /// A folder of pictures with frames.csv rather than a video file.
        var asFolder = false
    }

    /// Makes `name`'s clip (`NAME.mkv`, or `NAME/` with `asFolder`) and raw log (`NAME.csv`) with
    /// `calibration-clip` over the bundled BROAD excerpt's 6 s from 110 s, with `options`; their paths.
    /// The clip and the log come from the fixture cache, with any other outputs `extra` names (`--truth`,
    /// `--attitude-log`: option to file name); a folder output is named by a trailing slash.
    func makeClip(_ name: String, _ options: [String], asFolder: Bool = false,
                  extra: [String: String] = [:]) throws -> SyntheticClips.Made {
        try SyntheticClips.make(["--trial", Self.trial, "--start", "110", "--duration", "6"] + options,
                                outputs: extra.merging(["--video": asFolder ? name + "/" : name + ".mkv", "--log": "\(name).csv"]) { $1 })
    }

    /// The plain clip (a pinhole, a global shutter, the identity mount, 30 ms offset): this class and
    /// CameraMotionCommandTests ask for it with the same options, so the fixture cache makes it once for both.
    static func plainClip() throws -> SyntheticClips.Made {
        try SyntheticClips.make(["--trial", trial, "--start", "110", "--duration", "6", "--time-offset", "0.03"],
                                outputs: ["--video": "plain.mkv", "--log": "plain.csv"])
    }

    /// `--mount` for `Self.mount`.
    static var mountOption: [String] { let q = mount; return ["--mount", "\(q.w),\(q.x),\(q.y),\(q.z)"] }

    /// Makes the clip, calibrates it with `--lens` for its kind, and checks every figure against the truth.
    @discardableResult
    func check(_ kind: Kind, offset: Double = 0.04) throws -> SyntheticClips.Made {
        let made = try makeClip(kind.name, ["--fov", "\(kind.fov)", "--time-offset", "\(offset)"] + Self.mountOption + kind.clip,
                                asFolder: kind.asFolder, extra: ["--truth": "\(kind.name)-truth.yaml"])
        let (clip, log, truthFile) = (made["--video"], made["--log"], made["--truth"])
        // The truth file names the lens and the readout the clip was drawn with.
        let truthCamera = try LensCamera.read(path: truthFile)
        XCTAssertEqual(truthCamera.lens, kind.lens, kind.name)
        let model = kind.lens.modelName == "fisheye" ? "fisheye" : (kind.lens == .pinhole ? "pinhole" : "radial")
        let output = folder.appendingPathComponent("\(kind.name).yaml").path
        let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", clip, "--log", log, "--lens", model, "-o", output], timeout: 600)
        XCTAssertEqual(run.status, 0, "\(kind.name): \(run.stderr)")
        let found = try Rig.read(path: output)
        let camera = try LensCamera.read(path: output)
        XCTAssertEqual(found.timeOffset.seconds, offset, accuracy: 0.001, "\(kind.name): time offset")
        let fov = try XCTUnwrap(camera.verticalFieldOfViewDegrees)
        XCTAssertEqual(fov / kind.fov, 1, accuracy: 0.01, "\(kind.name): vertical field of view \(fov)°")
        XCTAssertLessThan(try XCTUnwrap(found.deviceFromIMU).angle(to: Self.mount) * 180 / .pi, 1, "\(kind.name): mount \(String(describing: found.deviceFromIMU))")
        XCTAssertEqual(camera.lens.modelName, kind.lens.modelName, kind.name)
        if case .radial(let truth) = kind.lens {
            XCTAssertEqual(camera.lens.coefficients[0], truth[0], accuracy: 0.02, "\(kind.name): k1")
        }
        if case .fisheye(let truth) = kind.lens {
            XCTAssertEqual(camera.lens.coefficients[0], truth[0], accuracy: 0.02, "\(kind.name): k1")
        }
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let readout = try XCTUnwrap(CalibrateCommandTests.number(after: "\nrolling_shutter_readout_s: ", in: text), text)
        XCTAssertEqual(readout, kind.readout, accuracy: 0.002, "\(kind.name): readout")
        XCTAssertTrue(text.contains("time_offset_refers_to: middle_row"), text)
        // The readout is written only when its standard error (widened for the residuals' correlation from pair
        // to pair, which a translating camera's parallax makes larger) is under a fifth of a frame.
        let readoutError = try XCTUnwrap(CalibrateCommandTests.number(after: "readout_ms: ", in: text), text)
        XCTAssertTrue(readoutError > 0 && readoutError < (kind.name == "moving" ? 6.6 : 1), "\(kind.name): readout ± \(readoutError) ms")
        XCTAssertTrue(run.stdout.contains("rolling shutter readout"), run.stdout)
        return made
    }

    func testARollingShutter() throws {
        try check(Kind(name: "rolling", fov: 60, clip: ["--readout", "20"], readout: 0.020))
    }

    func testARadialLensWithARollingShutter() throws {
        try check(Kind(name: "radial", fov: 60, clip: ["--lens", "radial", "--distortion", "-0.28,0.08,0,0", "--readout", "15"],
                       lens: .radial([-0.28, 0.08, 0, 0]), readout: 0.015))
    }

    func testAFisheyeWithARollingShutterAndMotionBlur() throws {
        try check(Kind(name: "fisheye", fov: 120, clip: ["--lens", "fisheye", "--distortion", "0.02,-0.01,0.005,-0.001", "--readout", "10",
                                                         "--exposure", "8"],
                       lens: .fisheye(SIMD4(0.02, -0.01, 0.005, -0.001)), readout: 0.010))
    }

    /// A camera that moves as well as turns: up to 3 cm, in a room of 3 m whose walls carry the texture, so
    /// the picture holds parallax that no rotation explains.
    func testTranslationInARoom() throws {
        try check(Kind(name: "moving", fov: 60, clip: ["--translation", "0.03", "--room-radius", "3"]))
    }

    /// An IMU that reports its attitude and no gyroscope: the rate comes from the attitude's differences.
    func testAnAttitudeLogWithoutAGyroscope() throws {
        let made = try makeClip("attitude", ["--time-offset", "0.04"] + Self.mountOption, extra: ["--attitude-log": "attitude-only.csv"])
        let (clip, attitude) = (made["--video"], made["--attitude-log"])
        let output = folder.appendingPathComponent("attitude.yaml").path
        let run = try CommandHarness.run(["calibrate", "--video", clip, "--log", attitude, "-o", output], timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("an attitude log, no gyroscope"), run.stderr)
        let found = try Rig.read(path: output)
        XCTAssertEqual(found.timeOffset.seconds, 0.04, accuracy: 0.001)
        XCTAssertLessThan(try XCTUnwrap(found.deviceFromIMU).angle(to: Self.mount) * 180 / .pi, 1)
        let fov = try XCTUnwrap(try LensCamera.read(path: output).verticalFieldOfViewDegrees)
        XCTAssertEqual(fov / 60, 1, accuracy: 0.01)
    }

    /// A variable frame rate (periods 30 % either side of the mean) in a folder of pictures timed by frames.csv.
    func testAVariableFrameRate() throws {
        let made = try check(Kind(name: "variable", fov: 55, clip: ["--frame-jitter", "0.3", "--readout", "12"], readout: 0.012, asFolder: true))
        let times = try ImageSequence(folder: made["--video"]).frames.map(\.time)
        let periods = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertGreaterThan((periods.max() ?? 0) - (periods.min() ?? 0), 0.01, "the periods vary: \(periods.prefix(8))")
    }

    /// A rig that turns 2 % of a hand's motion (a quarter of a pixel a frame) still pins its time offset, which is
    /// written. The frame pairs leave the field of view and the readout undetermined (tracking's sub-pixel bias put the
    /// field of view 5 % off at a standard error of 0.4 %); over spans of 2 s the picture turns degrees, not a tracker's
    /// sub-pixel step, and the spans' pinhole is written: within 1 % of the clip's 60°. The readout stays undetermined.
    func testANearlyStationaryRigGivesItsOffsetAndTheSpansCamera() throws {
        let made = try makeClip("still", ["--motion-scale", "0.02"])
        let (clip, log) = (made["--video"], made["--log"])
        let output = folder.appendingPathComponent("still.yaml").path
        let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", clip, "--log", log, "-o", output], timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("sub-pixel bias"), run.stdout)
        XCTAssertTrue(run.stderr.contains("over spans of 2 s the picture's own turn gives a"), run.stderr)
        let keys = try Rig.read(path: output).undetermined.map(\.quantity.fileKey)
        XCTAssertEqual(keys, ["rolling_shutter_readout_s"])
        XCTAssertEqual(try Rig.read(path: output).timeOffset.seconds, 0, accuracy: 0.001)
        let fov = try XCTUnwrap(try LensCamera.read(path: output).verticalFieldOfViewDegrees)
        XCTAssertEqual(fov / 60, 1, accuracy: 0.01)
    }

    /// An MP4 with audio and a data track beside the picture, as cameras write them, is read in full and
    /// calibrated.
    func testAnMP4WithADataTrack() throws {
        let made = try Self.plainClip()
        let (clip, log) = (made["--video"], made["--log"])
        let mp4 = folder.appendingPathComponent("camera.mp4").path
        // H.264 nearly lossless, AAC audio and a timecode data track, as a camera writes them.
        let muxed = try BuiltTool.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                                      ["-nostdin", "-v", "error", "-y", "-i", clip, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                                       "-map", "0:v", "-map", "1:a", "-shortest", "-c:v", "libx264", "-qp", "8", "-pix_fmt", "yuv420p",
                                       "-c:a", "aac", "-timecode", "00:00:00:00", mp4], timeout: 300)
        XCTAssertEqual(muxed.status, 0, muxed.stderr)
        let video = try VideoFile(path: mp4)
        XCTAssertTrue(video.info.streams.contains("data") && video.info.streams.contains("audio"), video.info.streams)
        let run = try CommandHarness.run(["calibrate", "--video", mp4, "--log", log, "-o", folder.appendingPathComponent("mp4.yaml").path],
                                         timeout: 600)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("tracked 180 frames"), run.stderr)
        let found = try Rig.read(path: folder.appendingPathComponent("mp4.yaml").path)
        XCTAssertEqual(found.timeOffset.seconds, 0.03, accuracy: 0.001)
    }
}
