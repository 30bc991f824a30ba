import Camera
import CameraMotion
import Foundation
import LensProfiles
import Pixels
import SteadyDiceAssets
import XCTest

/// The bundled profiles as read, their source named, and the choice a video's container and gpmd track make.
final class BundledLensProfilesTests: XCTestCase {
    func testEveryBundledProfileReadsAndHasItsSource() throws {
        let profiles = try LensProfiles.bundled()
        XCTAssertGreaterThanOrEqual(profiles.count, 10)
        let files = LensProfileFiles.files()
        let source = try String(contentsOf: files[0].deletingLastPathComponent().appendingPathComponent("SOURCE.md"), encoding: .utf8)
        XCTAssertTrue(source.contains("CC0"))
        for profile in profiles {
            XCTAssertTrue(source.contains("`\(profile.name).json`: gyroflow/"), "\(profile.name) has no source line")
            guard case .fisheye = profile.camera.lens else { return XCTFail("\(profile.name): not a fisheye") }
            XCTAssertNotNil(GoProModels.byFirmwarePrefix.first { profile.isFor(model: $0.model) }, "\(profile.name): no firmware names \(profile.model)")
        }
    }

    func testTheHERO5BlacksWide1080pProfileReadsExactly() throws {
        let profile = try XCTUnwrap(LensProfiles.bundled().first { $0.name == "GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps" })
        XCTAssertEqual(profile.model, "HERO5 Black")
        XCTAssertEqual(profile.mode, "Wide")
        XCTAssertEqual(profile.camera.pinhole, PinholeCamera(fx: 874.8881667014894, fy: 880.8595593829159, cx: 965.6261663597988,
                                                             cy: 536.90997867027, size: PictureSize(fixedWidth: 1920, height: 1080)))
        XCTAssertEqual(profile.camera.lens, .fisheye(SIMD4(0.05580976234506751, 0.015542372239747112, -0.02616357726171437, 0.020056487515999213)))
    }

    func testAProfileOfAnotherModelOrShapeIsRefusedNamingTheField() {
        func refusal(_ json: String) -> String? {
            do { _ = try LensProfile(json: Data(json.utf8), name: "x"); return nil } catch { return error.reason }
        }
        let matrix = #""camera_matrix": [[900, 0, 960], [0, 900, 540], [0, 0, 1]]"#
        XCTAssertNil(refusal(#"{"camera_model": "m", "calib_dimension": {"w": 1920, "h": 1080}, "fisheye_params": {\#(matrix), "distortion_coeffs": [0.1, 0, 0, 0]}}"#))
        XCTAssertEqual(refusal(#"{"camera_model": "m", "calib_dimension": {"w": 1920, "h": 1080}, "use_opencv_standard": true, "fisheye_params": {\#(matrix), "distortion_coeffs": [0.1, 0, 0, 0]}}"#),
                       "describes OpenCV's standard model (use_opencv_standard), which is not read here")
        XCTAssertEqual(refusal(#"{"camera_model": "m", "calib_dimension": {"w": 1920, "h": 1080}, "fisheye_params": {"camera_matrix": [[900, 0, 960], [0, 900, 540]], "distortion_coeffs": [0.1, 0, 0, 0]}}"#),
                       "fisheye_params.camera_matrix is not 3x3")
        XCTAssertEqual(refusal(#"{"camera_model": "m", "calib_dimension": {"w": 1920, "h": 1080}, "fisheye_params": {\#(matrix), "distortion_coeffs": [0.1, 0, 0]}}"#),
                       "fisheye_params.distortion_coeffs: the fisheye model takes 4 coefficients (k1, k2, k3, k4), not 3")
        XCTAssertTrue(refusal(#"{"calib_dimension": {"w": 1920, "h": 1080}}"#)?.hasPrefix("is not a lens profile's JSON") ?? false)
    }

    /// What a video's container says chooses the profile: the HERO5 Black's firmware tag at 854x480 takes its Wide 1080p
    /// profile, and a picture turned a half has its principal point turned with it; without a tag the table knows (and
    /// with no gpmd track to name the camera), none.
    func testTheContainersFirmwareTagChoosesTheProfile() throws {
        let size = PictureSize(fixedWidth: 854, height: 480), noTrack = "/nonexistent/clip.mp4"
        let tagged = { (rotation: Int) in VideoContainerTags(firmware: "HD5.02.02.00.00", size: size, rotation: rotation) }
        let upright = try XCTUnwrap(LensProfiles.choice(forVideo: noTrack, container: tagged(0)))
        XCTAssertEqual(upright.profile.name, "GoPro_HERO5 Black_Wide__1080p_16by9_1920x1080-29.97fps")
        let turned = try XCTUnwrap(LensProfiles.choice(forVideo: noTrack, container: tagged(180)))
        XCTAssertEqual(turned.camera.pinhole.cx, 853 - upright.camera.pinhole.cx, accuracy: 1e-9)
        XCTAssertEqual(turned.camera.pinhole.cy, 479 - upright.camera.pinhole.cy, accuracy: 1e-9)
        XCTAssertNil(try LensProfiles.choice(forVideo: noTrack, container: VideoContainerTags(firmware: nil, size: size, rotation: 0)))
    }

    /// A gpmd payload of one device named `name`, as GPMF's KLVs write it (DEVC nesting DVNM, each padded to 32 bits).
    static func payload(deviceName name: String) -> [UInt8] {
        func klv(_ key: String, _ type: UInt8, _ value: [UInt8]) -> [UInt8] {
            let padding = (4 - value.count % 4) % 4
            return Array(key.utf8) + [type, 1, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value + [UInt8](repeating: 0, count: padding)
        }
        return klv("DEVC", 0, klv("DVID", UInt8(ascii: "L"), [0, 0, 0, 1]) + klv("DVNM", UInt8(ascii: "c"), Array(name.utf8)))
    }

    /// Where the file has no firmware tag the table knows, its gpmd track's device name names the camera: the first of the
    /// known models among the devices, else the first name (the HERO5's "Camera", which names none).
    func testTheDeviceNameOfTheGPMDTrackNamesTheCamera() throws {
        let packet = { (names: [String]) in DataPacket(time: 0, duration: 1, bytes: names.flatMap { Self.payload(deviceName: $0) }) }
        XCTAssertEqual(LensProfiles.deviceName(gpmdPayloads: [packet(["GoPro Karma v1.0", "Hero8 Black"])]), "Hero8 Black")
        XCTAssertEqual(LensProfiles.deviceName(gpmdPayloads: [packet(["Camera"])]), "Camera")
        XCTAssertNil(LensProfiles.deviceName(gpmdPayloads: [DataPacket(time: 0, duration: 1, bytes: [1, 2, 3])]))
        XCTAssertNil(LensProfiles.deviceName(gpmdPayloads: []))
    }
}
