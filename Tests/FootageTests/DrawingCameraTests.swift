import Camera
import Footage
import Pixels
import Rig
import XCTest

/// The camera a held attitude's picture is read through (`PictureHold.drawingCamera`): each of the cameras a die can be
/// drawn with, at the video's size, the expected intrinsics worked out by hand from the conventions' formulas.
final class DrawingCameraTests: XCTestCase {
    /// A calibration's camera (1920x1080) read over a 640x480 video: cropped about its centre to 4:3 (1440x1080 from
    /// column 240) and scaled by 480/1080 = 4/9 to fill it, edges onto edges (u' + 0.5 = s·(u + 0.5 - x0)); its lens kept.
    func testAGivenCameraIsScaledToTheVideo() {
        let lens = Lens.radial([0.1, -0.05, 0.001, 0.002])
        let calibrated = LensCamera(pinhole: PinholeCamera(fx: 1500, fy: 1490, cx: 963.5, cy: 541.5, size: PictureSize(fixedWidth: 1920, height: 1080)), lens: lens)
        let camera = PictureHold.drawingCamera(.intrinsics(calibrated, source: "cal.yaml"), size: PictureSize(fixedWidth: 640, height: 480))
        let s = 4.0 / 9.0
        XCTAssertEqual(camera.pinhole.width, 640)
        XCTAssertEqual(camera.pinhole.height, 480)
        XCTAssertEqual(camera.pinhole.fx, 1500 * s, accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.fy, 1490 * s, accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.cx, s * (963.5 + 0.5 - 240) - 0.5, accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.cy, s * (541.5 + 0.5) - 0.5, accuracy: 1e-9)
        XCTAssertEqual(camera.lens, lens)
    }

    /// `--fov 90` over a 640x480 video: the pinhole fx = fy = (480/2)/tan(45°) = 240 about the picture's centre.
    func testAFieldOfViewIsItsPinholeAtTheVideosSize() {
        let camera = PictureHold.drawingCamera(.fieldOfView(FieldOfView(fixedDegrees: 90)), size: PictureSize(fixedWidth: 640, height: 480))
        XCTAssertEqual(camera.pinhole.fx, 240, accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.fy, 240, accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.cx, 319.5, accuracy: 1e-12)
        XCTAssertEqual(camera.pinhole.cy, 239.5, accuracy: 1e-12)
        XCTAssertEqual([camera.pinhole.width, camera.pinhole.height], [640, 480])
        XCTAssertEqual(camera.lens, .pinhole)
    }

    /// No camera given: drawing's default, the articles' 60° pinhole, fx = fy = (480/2)/tan(30°) = 240·√3.
    func testNoCameraIsTheSixtyDegreeDefault() {
        let camera = PictureHold.drawingCamera(.none, size: PictureSize(fixedWidth: 640, height: 480))
        XCTAssertEqual(camera.pinhole.fx, 240 * 3.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.fy, 240 * 3.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(camera.pinhole.cx, 319.5, accuracy: 1e-12)
        XCTAssertEqual(camera.pinhole.cy, 239.5, accuracy: 1e-12)
        XCTAssertEqual([camera.pinhole.width, camera.pinhole.height], [640, 480])
        XCTAssertEqual(camera.lens, .pinhole)
    }
}
