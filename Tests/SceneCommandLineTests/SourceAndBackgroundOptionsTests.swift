import ArgumentParser
import AttitudeMath
import CommandLineSupport
import CommandTestSupport
import IMUD
import Pixels
import Render
import Scene
import SceneCommandLine
import XCTest

/// The background's, the attitude source's and imud's options parsed in-process: the values they give the frame
/// pipeline (`BackgroundSettings`, the imud client's configuration) and each refusal, said as the command line says it.
final class SourceAndBackgroundOptionsTests: XCTestCase {
    // MARK: - The background

    func testTheBackgroundSettingsHoldWhatWasGiven() throws {
        let camera = try BackgroundOptions.parse(["--camera", "2", "--capture-size", "640x480", "--capture-fps", "30", "--camera-timeout", "2.5"])
            .settings
        XCTAssertEqual(camera.camera, .index(2))
        XCTAssertEqual(camera.captureSize, PictureSize(fixedWidth: 640, height: 480))
        XCTAssertEqual(camera.captureFramesPerSecond, 30)
        XCTAssertEqual(camera.cameraTimeoutSeconds, 2.5)
        XCTAssertEqual(try BackgroundOptions.parse(["--camera", "/dev/video3"]).settings.camera, .device(path: "/dev/video3"))
        let video = try BackgroundOptions.parse(["--video", "clip.mp4", "--no-video-loop", "--video-at", "1.5"]).settings
        XCTAssertEqual(video.video, "clip.mp4")
        XCTAssertFalse(video.videoLoop)
        XCTAssertEqual(video.videoAt, 1.5)
        XCTAssertNil(video.frame)
        XCTAssertEqual(try BackgroundOptions.parse(["--background", "#102030"]).settings.background, .colour(RGBColor(hex: "#102030")!))
        XCTAssertEqual(try BackgroundOptions.parse(["--background", "none"]).settings.background, BackgroundChoice.none)
        XCTAssertEqual(try BackgroundOptions.parse(["--background", "sky.png"]).settings.background, .image(path: "sky.png"))
        XCTAssertTrue(try BackgroundOptions.parse([]).settings.videoLoop, "a video loops unless told not to")
    }

    func testTheBackgroundsRefusals() {
        assertRefused(BackgroundOptions.self, ["--camera", "0", "--video", "clip.mp4"], saying: "give at most one of --background, --camera and --video")
        assertRefused(BackgroundOptions.self, ["--capture-size", "640x480"], saying: "--capture-size and --capture-fps need --camera")
        assertRefused(BackgroundOptions.self, ["--camera", "0", "--capture-fps", "0"], saying: "--capture-fps must be a positive number")
        assertRefused(BackgroundOptions.self, ["--camera", "0", "--capture-size", "640x0"], saying: "--capture-size", "is not a whole number from 1 to 16384")
        assertRefused(BackgroundOptions.self, ["--camera", "-1"], saying: "--camera", "-1")
        assertRefused(BackgroundOptions.self, ["--camera", "0", "--camera-timeout", "0"], saying: "--camera-timeout 0.0 s is not a wait")
        assertRefused(BackgroundOptions.self, ["--frame", "3"], saying: "--frame and --video-at need --video")
        assertRefused(BackgroundOptions.self, ["--video", "v.mp4", "--frame", "3", "--video-at", "1"], saying: "give at most one of --frame and --video-at")
        assertRefused(BackgroundOptions.self, ["--video", "v.mp4", "--frame", "-1"], saying: "--frame must be 0 or more")
        assertRefused(BackgroundOptions.self, ["--video", "v.mp4", "--video-at", "-0.5"], saying: "--video-at must be 0 or more seconds")
        assertRefused(BackgroundOptions.self, ["--video", "v.mp4", "--video-at", "2e10"], saying: "--video-at", "is outside ±1e10 s")
        assertRefused(BackgroundOptions.self, ["--background", "#12345"], saying: "--background", "#12345")
        XCTAssertNil(refusal(BackgroundOptions.self, ["--video", "v.mp4", "--frame", "0"]))
    }

    // MARK: - imud

    func testImudsEndpointAndFrameMakeTheClientsConfiguration() throws {
        XCTAssertNil(try IMUDOptions.parse([]).configuration(), "no --imud, no client")
        XCTAssertFalse(try IMUDOptions.parse([]).isSet)
        let tcp = try XCTUnwrap(try IMUDOptions.parse(["--imud", "tcp:localhost:10112", "--coord-frame", "enu"]).configuration())
        XCTAssertEqual(tcp.endpoint, .tcp(host: "localhost", port: 10112))
        XCTAssertEqual(tcp.coordFrame, .enu)
        let unix = try XCTUnwrap(try IMUDOptions.parse(["--imud", "default"]).configuration())
        XCTAssertEqual(unix.endpoint, IMUDEndpoint.default)
        XCTAssertEqual(unix.coordFrame, .ned, "imud's own frame unless told")
    }

    func testABadEndpointOrFrameIsAUsageError() {
        assertRefused(IMUDOptions.self, ["--imud", "localhost"], saying: "--imud 'localhost': no transport prefix")
        assertRefused(IMUDOptions.self, ["--imud", "tcp::10112"], saying: "--imud 'tcp::10112': the host is empty")
        assertRefused(IMUDOptions.self, ["--imud", "default", "--coord-frame", "nwu"], saying: "--coord-frame", "'nwu'", "expected ned or enu")
    }

    // MARK: - The attitude source

    func testTheSourcesAreCountedAndTheMagnetometerNeedsALog() throws {
        XCTAssertEqual(try AttitudeSourceOptions.parse([]).count, 0)
        XCTAssertEqual(try AttitudeSourceOptions.parse(["--log", "a.csv", "--attitude", "1,0,0,0"]).count, 2)
        XCTAssertEqual(try AttitudeSourceOptions.parse(["--attitude", "0,0,0,2"]).attitude?.quaternion, Quaternion(w: 0, x: 0, y: 0, z: 1))
        XCTAssertEqual(try AttitudeSourceOptions.parse(["--imud", "default"]).count, 1)
        XCTAssertEqual(try AttitudeSourceOptions.parse(["--log", "raw.csv", "--mag-calibrate"]).magnetometer.isSet, true)
        assertRefused(AttitudeSourceOptions.self, ["--mag-calibrate"], saying: "--mag-offset and --mag-calibrate apply to a raw IMU log given with --log")
        assertRefused(AttitudeSourceOptions.self, ["--attitude", "0,0,0,0"], saying: "--attitude", "too close to zero to be a rotation")
    }
}
