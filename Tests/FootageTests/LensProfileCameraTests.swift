import Camera
@testable import Footage
import LensProfiles
import Pixels
import Rig
import XCTest

/// The camera a lens profile gives drawing, and the note that says so: in place of a calibration's note that it left
/// the camera undetermined, else after the others (a camera given keeps its own note, and no profile stands in for it).
final class LensProfileCameraTests: XCTestCase {
    let choice = LensProfileChoice(
        model: "HERO5 Black",
        profile: LensProfile(name: "P", brand: "GoPro", model: "HERO5 Black", mode: "Wide",
                             camera: LensCamera(pinhole: PinholeCamera(focalLength: 875, size: PictureSize(fixedWidth: 1920, height: 1080)), lens: .fisheye(SIMD4(0.05, 0, 0, 0)))),
        camera: LensCamera(pinhole: PinholeCamera(focalLength: 389, size: PictureSize(fixedWidth: 854, height: 480)), lens: .fisheye(SIMD4(0.05, 0, 0, 0))),
        modes: ["Wide", "Linear"])

    func testTheProfilesCameraIsGivenNamedByItsProfile() {
        XCTAssertEqual(LensProfileCamera(choice: choice).given, .intrinsics(choice.camera, source: "lens profile P"))
    }

    func testItsNoteStandsInPlaceOfTheUndeterminedCamerasOrAfterTheOthers() throws {
        let profile = LensProfileCamera(choice: choice)
        let mount = RigNote(.mountUndetermined(path: "cal.yaml", drawnWith: .none))
        XCTAssertEqual(profile.notes(replacing: [RigNote(.cameraUndetermined(path: "cal.yaml", drawnWith: .none)), mount]),
                       [RigNote(.cameraFromLensProfile(path: "cal.yaml", profile: choice.description)), mount])
        XCTAssertEqual(profile.notes(replacing: [mount]), [mount, RigNote(.cameraFromLensProfile(path: nil, profile: choice.description))])
        XCTAssertEqual(RigNote(.cameraFromLensProfile(path: "cal.yaml", profile: "the lens")).description,
                       "cal.yaml: calibrate did not determine the camera (see its not_determined): drawn through the lens")
        XCTAssertEqual(RigNote(.cameraFromLensProfile(path: nil, profile: "the lens")).description, "camera: the lens")
    }

    /// A camera given, or no video, or a file that is no video naming a camera: no profile stands in.
    func testNoProfileStandsInForACameraGivenOrWithoutAVideo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lens-profile-camera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.txt").path
        try "not a video".write(toFile: text, atomically: true, encoding: .utf8)
        XCTAssertNil(try LensProfileCamera.standIn(for: .fieldOfView(FieldOfView(degrees: 50)), overVideo: text))
        XCTAssertNil(try LensProfileCamera.standIn(for: .none, overVideo: nil))
        XCTAssertNil(try LensProfileCamera.standIn(for: .none, overVideo: text))
        XCTAssertNil(try LensProfileCamera.standIn(for: .none, overVideo: folder.path))
    }
}
