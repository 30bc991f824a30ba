import CommandTestSupport
import Footage
import Foundation
import Imaging
import LensProfiles
import TestSupport
import XCTest

/// A video file's own tags (its container's, read through `VideoFile`) and its gpmd track choosing its lens profile
/// (`LensProfileCamera.profile(forVideo:)`): the real GoPro clip's, a remuxed copy's, and none for what is no video.
final class VideoLensProfileTests: XCTestCase {
    /// The real HERO5 Black clip at 854x480 (its firmware HD5.02.02.00.00): the Wide 1080p profile, scaled by 854/1920.
    func testTheRealGoProClipTakesTheHERO5BlacksWide1080pProfile() throws {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        let choice = try XCTUnwrap(LensProfileCamera.profile(forVideo: clip))
        XCTAssertEqual(choice.model, "HERO5 Black")
        XCTAssertEqual(choice.profile.name, "GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps")
        XCTAssertEqual(choice.camera.pinhole.fx, 874.8881667014894 * 854 / 1920, accuracy: 1e-9)
        XCTAssertEqual(choice.camera.pinhole.width, 854)
        XCTAssertEqual(choice.description,
                       "the HERO5 Black's Wide lens from lens profile GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps (calibrated at "
                       + "1920x1080), 16:9 at 854x480; the mode is a guess (the file does not record it: Wide, the camera's default, of Wide and Linear)")
    }

    /// The real clip remuxed by ffmpeg keeps its gpmd track but not its firmware tag: its device name, "Camera", names no
    /// camera, so it gets no profile (and is drawn as before).
    func testARemuxedHERO5ClipNamesNoCamera() throws {
        let folder = try TemporaryFolder.make("lens-profiles-remuxed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4"), copy = folder.appendingPathComponent("copy.mov").path
        try FFmpeg.run(["-i", clip, "-map", "0:v:0", "-map", "0:3", "-c", "copy", "-tag:d", "gpmd", copy])
        XCTAssertNil(try VideoFile(path: copy).info.firmware)
        XCTAssertNil(try LensProfileCamera.profile(forVideo: copy))
    }

    func testAVideoThatNamesNoCameraGetsNone() throws {
        XCTAssertNil(try LensProfileCamera.profile(forVideo: "/nonexistent/clip.mp4"))
        let notAVideo = try Fixtures.sharedData("realcam/gopro-karma/README.md")
        XCTAssertNil(try LensProfileCamera.profile(forVideo: notAVideo))
    }
}
