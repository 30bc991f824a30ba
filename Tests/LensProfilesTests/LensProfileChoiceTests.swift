import Camera
import LensProfiles
import Pixels
import XCTest

/// The choice of a profile by model, aspect, mode and size, and the scaling of its camera to the video's pictures.
final class LensProfileChoiceTests: XCTestCase {
    /// A fisheye profile of `model` in `mode`, calibrated at `width` x `height` with fx = fy = `focal` and the principal point
    /// at the centre.
    func profile(_ model: String, _ mode: String, _ width: Int, _ height: Int, focal: Double, name: String? = nil) -> LensProfile {
        LensProfile(name: name ?? "\(model)_\(mode)_\(width)x\(height)", brand: "GoPro", model: model, mode: mode,
                    camera: LensCamera(pinhole: PinholeCamera(fx: focal, fy: focal, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2,
                                                              size: PictureSize(fixedWidth: width, height: height)),
                                       lens: .fisheye(SIMD4(0.05, 0.01, -0.02, 0.02))))
    }

    var profiles: [LensProfile] {
        [profile("HERO5 Black", "Wide", 1920, 1080, focal: 875), profile("HERO5 Black", "Wide", 3840, 2160, focal: 1720),
         profile("HERO5 Black", "Linear", 2704, 1520, focal: 1440), profile("HERO5 Black", "Wide", 1920, 1440, focal: 830),
         profile("Hero10 black", "Wide", 3840, 2160, focal: 1796)]
    }

    func testAVideoTakesItsModelsWideProfileNearestItsSize() throws {
        let choice = try XCTUnwrap(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 854, height: 480), among: profiles))
        XCTAssertEqual(choice.profile.name, "HERO5 Black_Wide_1920x1080")
        XCTAssertEqual(choice.modes, ["Wide", "Linear"])
        XCTAssertEqual(choice.mode, "Wide")
        let fourK = try XCTUnwrap(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 3840, height: 2160), among: profiles))
        XCTAssertEqual(fourK.profile.name, "HERO5 Black_Wide_3840x2160")
        let between = try XCTUnwrap(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 2704, height: 1520), among: profiles))
        XCTAssertEqual(between.profile.name, "HERO5 Black_Wide_1920x1080", "nearer 1920 than 3840 by the widths' ratio")
        let larger = try XCTUnwrap(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 3200, height: 1800), among: profiles))
        XCTAssertEqual(larger.profile.name, "HERO5 Black_Wide_3840x2160", "nearer 3840 than 1920 by the widths' ratio")
    }

    func testAFourByThreeVideoNeverTakesASixteenByNineProfile() throws {
        let choice = try XCTUnwrap(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 1440, height: 1080), among: profiles))
        XCTAssertEqual(choice.profile.name, "HERO5 Black_Wide_1920x1440")
        XCTAssertEqual(choice.modes, ["Wide"])
        let sixteenByNine = profiles.filter { $0.height * 16 == $0.width * 9 }
        XCTAssertNil(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 1440, height: 1080), among: sixteenByNine))
        XCTAssertNil(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 1080, height: 1920), among: profiles), "portrait: another crop")
        XCTAssertNil(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 1920, height: 1000), among: profiles), "1.92:1 is no 16:9")
    }

    func testAnUnknownModelGetsNone() {
        XCTAssertNil(LensProfileChoice.choose(model: "HERO9 Black", size: PictureSize(fixedWidth: 1920, height: 1080), among: profiles))
        XCTAssertNil(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 1920, height: 1080), among: []))
    }

    func testTheModelIsComparedWithoutCase() throws {
        let choice = try XCTUnwrap(LensProfileChoice.choose(model: "HERO10 Black", size: PictureSize(fixedWidth: 1920, height: 1080), among: profiles))
        XCTAssertEqual(choice.profile.model, "Hero10 black")
    }

    func testWithoutAWideProfileTheOnlyModeIsTakenAndSaidSo() throws {
        let linear = [profile("HERO6 Black", "Linear", 1920, 1080, focal: 1100)]
        let choice = try XCTUnwrap(LensProfileChoice.choose(model: "HERO6 Black", size: PictureSize(fixedWidth: 1920, height: 1080), among: linear))
        XCTAssertEqual(choice.mode, "Linear")
        XCTAssertTrue(choice.description.hasSuffix("the mode is a guess (the file does not record it: Linear, the only mode of the lens "
                                                   + "profiles for it at this aspect)"), choice.description)
    }

    func testTheCameraIsScaledByTheWidthsRatioEdgesOntoEdges() throws {
        let original = profile("HERO5 Black", "Wide", 1920, 1080, focal: 875)
        var shifted = original
        shifted.camera.pinhole.cx = 965.6
        shifted.camera.pinhole.cy = 536.9
        let scaled = shifted.camera(size: PictureSize(fixedWidth: 854, height: 480))
        let s = 854.0 / 1920
        XCTAssertEqual(scaled.pinhole.fx, 875 * s, accuracy: 1e-12)
        XCTAssertEqual(scaled.pinhole.fy, 875 * s, accuracy: 1e-12)
        XCTAssertEqual(scaled.pinhole.cx, s * (965.6 + 0.5) - 0.5, accuracy: 1e-12)
        XCTAssertEqual(scaled.pinhole.cy, s * (536.9 + 0.5) - 0.5, accuracy: 1e-12)
        XCTAssertEqual(scaled.lens, shifted.camera.lens)
        XCTAssertEqual([scaled.pinhole.width, scaled.pinhole.height], [854, 480])
        // A ray lands where it landed in the calibration's picture, scaled edges onto edges.
        for ray in [SIMD3(0.3, -0.2, 1.0), SIMD3(-0.9, 0.4, 0.6), SIMD3(0.0, 0.0, 1.0)] {
            let big = try XCTUnwrap(shifted.camera.project(ray)), small = try XCTUnwrap(scaled.project(ray))
            XCTAssertEqual(small.x, s * (big.x + 0.5) - 0.5, accuracy: 1e-9)
            XCTAssertEqual(small.y, s * (big.y + 0.5) - 0.5, accuracy: 1e-9)
        }
    }

    func testTheDescriptionSaysTheProfileTheSizeAndTheGuess() throws {
        let choice = try XCTUnwrap(LensProfileChoice.choose(model: "HERO5 Black", size: PictureSize(fixedWidth: 854, height: 480), among: profiles))
        XCTAssertEqual(choice.description,
                       "the HERO5 Black's Wide lens from lens profile HERO5 Black_Wide_1920x1080 (calibrated at 1920x1080), 16:9 at 854x480; "
                       + "the mode is a guess (the file does not record it: Wide, the camera's default, of Wide and Linear)")
        XCTAssertEqual(LensProfileChoice.aspectText(size: PictureSize(fixedWidth: 1920, height: 1440)), "4:3")
        XCTAssertEqual(LensProfileChoice.aspectText(size: PictureSize(fixedWidth: 5312, height: 4648)), "8:7")
        XCTAssertEqual(LensProfileChoice.aspectText(size: PictureSize(fixedWidth: 2000, height: 1000)), "2.00:1")
    }
}
