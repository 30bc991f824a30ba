import Camera
import CommandTestSupport
import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// Drawing over a video whose file names its camera, with no camera given: the real GoPro clip (a HERO5 Black, its
/// firmware HD5.02.02.00.00, 854x480) drawn through its bundled lens profile, said in one line.
final class LensProfileCommandTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "lens-profile-commands" }

    /// The profile's camera, from GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps.json's values scaled here by
    /// 854/1920, edges onto edges.
    static let profileCamera: LensCamera = {
        let s = 854.0 / 1920
        return LensCamera(pinhole: PinholeCamera(fx: 874.8881667014894 * s, fy: 880.8595593829159 * s, cx: s * (965.6261663597988 + 0.5) - 0.5,
                                                 cy: s * (536.90997867027 + 0.5) - 0.5, size: PictureSize(fixedWidth: 854, height: 480)),
                          lens: .fisheye(SIMD4(0.05580976234506751, 0.015542372239747112, -0.02616357726171437, 0.020056487515999213)))
    }()

    static let line = "camera: the HERO5 Black's Wide lens from lens profile GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps "
        + "(calibrated at 1920x1080), 16:9 at 854x480; the mode is a guess (the file does not record it: Wide, the camera's default, of "
        + "Wide and Linear); give --fov or --intrinsics for another"

    /// The die anchored ahead of the first look, at 2 s of the clip, with `camera` options.
    func snapshot(_ camera: [String], name: String) throws -> (picture: RGBImage, stderr: String) {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let output = path("\(name).png")
        let run = try CommandHarness.run(["snapshot", "--video", clip, "--anchor", "15,-15", "--anchor-from", "first-look", "--at", "2",
                                          "--size", "854x480", "-o", output] + camera)
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try RGBImage.read(path: output), run.stderr)
    }

    /// With no camera given, the snapshot is the one drawn through the profile's camera given as `--intrinsics`, says so
    /// in one line, and differs from the default 60° pinhole's: the die sits elsewhere.
    func testTheClipIsDrawnThroughItsLensProfile() throws {
        let byProfile = try snapshot([], name: "profile")
        XCTAssertEqual(byProfile.stderr.components(separatedBy: "camera: ").count - 1, 1, byProfile.stderr)
        XCTAssertTrue(byProfile.stderr.contains("steady-dice: " + Self.line + "\n"), byProfile.stderr)

        let intrinsics = path("profile.yaml")
        try OpenCVCameraFile.write(Self.profileCamera, to: intrinsics)
        let given = try snapshot(["--intrinsics", intrinsics], name: "given")
        XCTAssertFalse(given.stderr.contains("lens profile"), given.stderr)
        XCTAssertTrue(byProfile.picture == given.picture, "drawn through the profile's camera")

        let pinhole = try snapshot(["--fov", "60"], name: "pinhole")
        XCTAssertFalse(pinhole.stderr.contains("lens profile"), "--fov wins: \(pinhole.stderr)")
        let differing = zip(byProfile.picture.pixels, pinhole.picture.pixels).filter { abs(Int($0) - Int($1)) > 40 }.count
        XCTAssertGreaterThan(differing, 3000, "the die through the profile sits elsewhere than through the 60° pinhole")
    }

    /// A calibration that leaves the camera undetermined is drawn through the profile too, its note saying so in place of
    /// the default pinhole's, in one line.
    func testACalibrationWithoutACameraIsDrawnThroughTheLensProfile() throws {
        let timing = try CameraMotionCommandTests.writeTimingOnlyCalibration(path("timing.yaml"))
        let byProfile = try snapshot(["--calibration", timing], name: "timing")
        XCTAssertTrue(byProfile.stderr.contains("steady-dice: \(timing): calibrate did not determine the camera (see its not_determined): drawn through "
                                                + Self.line.dropFirst("camera: ".count) + "\n"), byProfile.stderr)
        XCTAssertEqual(byProfile.stderr.components(separatedBy: "lens profile").count - 1, 1, byProfile.stderr)
        let intrinsics = path("profile.yaml")
        try OpenCVCameraFile.write(Self.profileCamera, to: intrinsics)
        let given = try snapshot(["--calibration", timing, "--intrinsics", intrinsics], name: "timing-given")
        XCTAssertTrue(byProfile.picture == given.picture, "drawn through the profile's camera")
    }

    /// `calibrate --from-lens-profile` starts from the clip's profile in place of a fisheye from none, and measures the
    /// spans through it; by default it does not (docs/calibration.md, "Starting from a lens profile", has the figures).
    func testCalibrateStartsFromTheLensProfileWhenAsked() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let run = try BuiltTool.run("steady-dice", ["calibrate", "--video", clip, "--from-lens-profile", "-o", path("cal.yaml")], timeout: 900)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("calibrate: \(clip): the HERO5 Black's Wide lens from lens profile GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps "
                                          + "(calibrated at 1920x1080), 16:9 at 854x480; the mode is a guess"), run.stderr)
        XCTAssertTrue(run.stderr.contains(": starting from it (its fisheye coefficients, its focal length the first guess); the fit refines them"), run.stderr)
        XCTAssertFalse(run.stderr.contains("estimating a fisheye lens, as its wide modes have"), run.stderr)
        XCTAssertTrue(run.stderr.contains("through the lens profile's"), run.stderr)
    }

    /// `render`'s frames over the clip with no camera given are drawn through the profile too: frame k is the snapshot
    /// through the profile's camera at its time.
    func testRenderDrawsThroughTheLensProfile() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let out = folder.path + "/frames/"
        let run = try CommandHarness.run(["render", "--video", clip, "--anchor", "15,-15", "--anchor-from", "first-look", "--size", "854x480",
                                          "--fps", "10", "--from", "2", "--to", "2.1", "-o", out])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains(Self.line), run.stderr)
        let intrinsics = path("profile.yaml")
        try OpenCVCameraFile.write(Self.profileCamera, to: intrinsics)
        let still = try snapshot(["--intrinsics", intrinsics], name: "still")
        XCTAssertTrue(try RGBImage.read(path: out + "frame-000000.png") == still.picture, "render's first frame is drawn through the profile")
    }
}
