import ArgumentParser
import AttitudeMath
import Camera
import CommandTestSupport
import Foundation
import Imaging
import Pixels
import Scene
import SceneCommandLine
import TestSupport
import XCTest

/// The camera's options parsed in-process: `--anchor` and `--anchor-from` as values, `--intrinsics` read into the
/// camera value the settings hold (`CameraSettings.intrinsics`), and what is refused before any file is read.
final class CameraOptionsTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "camera-options" }

    func testAnAnchorIsBearingElevationAndAnOptionalDistance() throws {
        XCTAssertEqual(try AnchorArgument.parseOption("30,-10").anchor(),
                       Anchor(fixedBearingDegrees: 30, elevationDegrees: -10, distance: Anchor.defaultDistance))
        XCTAssertEqual(try AnchorArgument.parseOption("-90,5,6").anchor(), Anchor(fixedBearingDegrees: -90, elevationDegrees: 5, distance: 6))
        XCTAssertEqual(try AnchorArgument(argument: "1,2,3")?.anchor(), Anchor(fixedBearingDegrees: 1, elevationDegrees: 2, distance: 3))
        XCTAssertNil(AnchorArgument(argument: "1"))
        XCTAssertEqual(refusal { try AnchorArgument.parseOption("1,2,3,4") },
                       "expected B,E[,D] (2 or 3 numbers separated by ','), got 4 fields in '1,2,3,4'")
    }

    func testAnAnchorCountsFromTheFirstLookALogTimeOrTheLog() throws {
        XCTAssertEqual(try AnchorOriginArgument.parseOption("first-look").origin, .firstLook)
        XCTAssertEqual(try AnchorOriginArgument.parseOption("log").origin, .log)
        XCTAssertEqual(try AnchorOriginArgument.parseOption("0").origin, .look(logTime: 0), "a log time of 0 is taken")
        XCTAssertEqual(try AnchorOriginArgument.parseOption("12.5").origin, .look(logTime: 12.5))
        let said = "expected first-look, log or a log time in seconds (0 or more), not "
        XCTAssertEqual(refusal { try AnchorOriginArgument.parseOption("-1") }, said + "'-1'")
        XCTAssertEqual(refusal { try AnchorOriginArgument.parseOption("first") }, said + "'first'")
    }

    func testTheSettingsHoldWhatWasGiven() throws {
        let options = try CameraOptions.parse(["--fov", "45", "--anchor", "10,20,5", "--anchor-from", "first-look",
                                               "--lens-drawing", "undistort", "--panorama", "sky.png"])
        let settings = try options.settings()
        XCTAssertEqual(settings.verticalFieldOfViewDegrees, 45)
        XCTAssertNil(settings.intrinsics)
        XCTAssertEqual(settings.anchor, Anchor(fixedBearingDegrees: 10, elevationDegrees: 20, distance: 5))
        XCTAssertEqual(settings.anchorOrigin, .firstLook)
        XCTAssertEqual(settings.lensDrawing, .undistort)
        XCTAssertEqual(settings.panoramaPath, "sky.png")
        XCTAssertEqual(options.inputPaths, [nil, "sky.png"])
        XCTAssertEqual(try CameraOptions.parse([]).settings(), CameraSettings(), "nothing given: the articles' camera")
    }

    /// `--intrinsics` is read once, into the settings' camera value, which names the file it came from.
    func testIntrinsicsAreReadIntoTheCameraValue() throws {
        let path = folder.appendingPathComponent("camera.yml").path
        let camera = LensCamera(pinhole: PinholeCamera(fx: 300, fy: 310, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240)),
                                lens: .fisheye(SIMD4(0.03, -0.01, 0.002, 0)))
        try OpenCVCameraFile.write(camera, to: path)
        let options = try CameraOptions.parse(["--intrinsics", path])
        let settings = try options.settings()
        XCTAssertEqual(settings.intrinsics, camera)
        XCTAssertEqual(settings.intrinsicsSource, path)
        XCTAssertNil(settings.verticalFieldOfViewDegrees)
        XCTAssertEqual(options.inputPaths, [path, nil])
    }

    /// A file that does not read is the file's error, named, when the settings are made (not a usage error).
    func testIntrinsicsThatDoNotReadAreTheFilesError() throws {
        let absent = folder.appendingPathComponent("absent.yml").path
        let options = try CameraOptions.parse(["--intrinsics", absent])
        XCTAssertThrowsError(try options.settings()) { error in
            XCTAssertFalse(error is ValidationError, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("\(absent): "), "\(error)")
        }
    }

    func testRefusalsComeBeforeAnyFileIsRead() {
        assertRefused(CameraOptions.self, ["--fov", "50", "--intrinsics", "absent.yml"], saying: "give at most one of --fov and --intrinsics")
        assertRefused(CameraOptions.self, ["--fov", "180"],
                      saying: "'--fov <DEG>': the field of view must be between 1 and 179 degrees (exclusive), not 180")
        assertRefused(CameraOptions.self, ["--anchor", "0,0,0.5"], saying: "--anchor: the distance must be from")
        assertRefused(CameraOptions.self, ["--anchor", "0,91"], saying: "--anchor: the elevation must be within -90 to 90 degrees")
        assertRefused(CameraOptions.self, ["--anchor-from", "log"], saying: "--anchor-from says what --anchor counts from: give --anchor too")
        assertRefused(CameraOptions.self, ["--anchor-from", "-2", "--anchor", "0,0"], saying: "--anchor-from", "not '-2'")
        assertRefused(CameraOptions.self, ["--lens-drawing", "bend"], saying: "--lens-drawing", "bend")
        XCTAssertNil(refusal(CameraOptions.self, ["--intrinsics", "absent.yml", "--anchor", "0,0"]), "the file is read later, by settings()")
    }

    /// A panorama is the background: another beside it is refused.
    func testAPanoramaTakesNoOtherBackground() throws {
        let camera = try CameraOptions.parse(["--panorama", "sky.png"])
        for other in [["--background", "none"], ["--camera", "0"], ["--video", "clip.mp4"]] {
            XCTAssertThrowsError(try camera.validate(with: BackgroundOptions.parse(other)), "\(other)") {
                XCTAssertEqual("\($0)", "--panorama is the background: give it without --background, --camera or --video")
            }
        }
        XCTAssertNoThrow(try camera.validate(with: BackgroundOptions.parse([])))
    }
}
