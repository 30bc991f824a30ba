import Camera
import LensProfiles
import Pixels
import Rig
@testable import SceneCommandLine
import XCTest

/// The camera a lens profile gives drawing, and its one line: alone, or in place of a calibration's note that it
/// leaves the camera undetermined (a camera given, or another note, keeps its own words).
final class LensProfileCameraTests: XCTestCase {
    let choice = LensProfileChoice(
        model: "HERO5 Black",
        profile: LensProfile(name: "P", brand: "GoPro", model: "HERO5 Black", mode: "Wide",
                             camera: LensCamera(pinhole: PinholeCamera(focalLength: 875, size: PictureSize(fixedWidth: 1920, height: 1080)), lens: .fisheye(SIMD4(0.05, 0, 0, 0)))),
        camera: LensCamera(pinhole: PinholeCamera(focalLength: 389, size: PictureSize(fixedWidth: 854, height: 480)), lens: .fisheye(SIMD4(0.05, 0, 0, 0))),
        modes: ["Wide", "Linear"])

    func testTheProfilesCameraIsGivenNamedByItsProfile() {
        XCTAssertEqual(LensProfileCamera(choice: choice).given, .intrinsics(choice.camera, path: "lens profile P"))
    }

    func testItsLineStandsAloneOrInPlaceOfTheUndeterminedCamerasNote() throws {
        let profile = LensProfileCamera(choice: choice)
        XCTAssertEqual(profile.line, "camera: \(choice.description); give --fov or --intrinsics for another")
        XCTAssertEqual(profile.line(replacing: RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .none))),
                       "cal.yaml: calibrate did not determine the camera (see its not_determined): drawn through \(choice.description); "
                       + "give --fov or --intrinsics for another")
        XCTAssertNil(profile.line(replacing: RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .fieldOfView(try FieldOfView(degrees: 50))))))
        XCTAssertNil(profile.line(replacing: RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .none))))
    }
}
