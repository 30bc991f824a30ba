import AttitudeMath
import Calibration
import CalibrationFiles
import Camera
import FileAccess
import Footage
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Rig
@testable import RigCalibration
import TestSupport
import XCTest

/// `RigCalibrator` in-process on synthetic clips with known truth (`CalibrationClips`, made once for the class): the time
/// offset within 1 ms, the field of view within 1 %, the mount within 1°, and through a known lens (`intrinsicsPath`)
/// the offset and the mount as for a pinhole. What `steady-dice calibrate` prints and writes is CommandLineTests'.
final class CalibrationAccuracyTests: TemporaryFolderTestCase {
    typealias Truth = CalibrationClips.Truth
    nonisolated(unsafe) private static var clips: CalibrationClips?
    override class func setUp() {
        super.setUp()
        clips = try? CalibrationClips()
    }

    override class func tearDown() {
        clips = nil
        super.tearDown()
    }

    override var folderPrefix: String { "calibration-accuracy" }

    private func clip(_ truth: Truth) throws -> CalibrationClips.Made {
        try XCTUnwrap(Self.clips, "the clips' folder could not be made").clip(truth)
    }

    // MARK: - Pinhole clips

    /// Calibrates `truth`'s clip and checks every figure against the truth, and the standard errors a clip this good gives.
    func check(_ truth: Truth, file: StaticString = #filePath, line: UInt = #line) throws {
        let made = try clip(truth)
        let outcome = try RigCalibrator().calibrate(clip: made.clip, log: made.log)
        let rig = outcome.rig
        let camera = try XCTUnwrap(rig.camera, file: file, line: line)
        try truth.assertFound(timeOffsetSeconds: rig.timeOffset.seconds, camera: camera, deviceFromIMU: rig.deviceFromIMU, file: file, line: line)
        // What the answer rests on, the turn about each axis, and standard errors small on a clip this good.
        XCTAssertNotNil(rig.fit?.turnedDegrees, file: file, line: line)
        let errors = try XCTUnwrap(rig.standardErrors, file: file, line: line)
        XCTAssertTrue(errors.timeOffsetSeconds > 0 && errors.timeOffsetSeconds < 0.001, "time offset ± \(errors.timeOffsetSeconds) s", file: file, line: line)
        XCTAssertTrue(errors.verticalFieldOfViewFraction > 0 && errors.verticalFieldOfViewFraction < 0.005,
                      "field of view ± \(errors.verticalFieldOfViewFraction * 100) %", file: file, line: line)
    }

    /// A small tilt, a negative offset and a wide lens, over the trial from 120 s.
    func testSmallTiltNegativeOffsetWideLens() throws {
        try check(Truth(fov: 70, offset: -0.5, mount: Quaternion(axis: SIMD3(1, 0.3, 0), angle: Angle.radians(fromDegrees: 3)), start: 120))
    }

    func testQuarterTurnAboutTheOpticalAxis() throws {
        try check(Truth(fov: 55, offset: 0.123, mount: Quaternion(axis: SIMD3(0, 0, 1), angle: .pi / 2), start: 100))
    }

    /// With a gyroscope reading 1°/s off, as real ones do: the fit estimates the bias with the rest.
    func testArbitraryMountAndABiasedGyroscope() throws {
        try check(Truth(fov: 48, offset: -0.311, mount: Quaternion(w: 0.2, x: 0.9, y: 0.1, z: -0.3).normalized()!,
                        gyroBiasDegreesPerSecond: SIMD3(0.6, -0.7, 0.4), start: 128))
    }

    // MARK: - Clips that look like real footage

    /// The mount of the clips that look like real footage: 30° about the camera's y.
    static let realisticMount = Quaternion(w: 0.9659, x: 0, y: 0.2588, z: 0).normalized()!

    /// A clip that looks like real footage (a lens, a rolling shutter, motion blur, translation, a variable frame rate),
    /// 40 ms off, calibrated with `lens` estimated: the offset within 1 ms, the field of view within 1 %, the mount within
    /// 1°, k1 within 0.02 and the readout within 2 ms of the truth, the readout's standard error under `readoutErrorLimit`.
    func checkRealistic(_ truth: Truth, lens: LensModel, asFolder: Bool = false, readoutErrorLimit: Double = 0.001,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let made = try XCTUnwrap(Self.clips, file: file, line: line).clip(truth, asFolder: asFolder)
        // The truth file names the lens and the readout the clip was drawn with.
        XCTAssertEqual(try LensCamera.read(path: made.truth).lens, truth.lens, file: file, line: line)
        var calibrator = RigCalibrator()
        calibrator.lensModel = lens
        let outcome = try calibrator.calibrate(clip: made.clip, log: made.log)
        let rig = outcome.rig
        let camera = try XCTUnwrap(rig.camera, file: file, line: line)
        XCTAssertEqual(rig.timeOffset.seconds, truth.offset, accuracy: 0.001, "time offset", file: file, line: line)
        XCTAssertEqual(rig.timeOffset.refersTo, .middleRow, file: file, line: line)
        let fov = try XCTUnwrap(camera.verticalFieldOfViewDegrees, file: file, line: line)
        XCTAssertEqual(fov / truth.fov, 1, accuracy: 0.01, "vertical field of view \(fov)°", file: file, line: line)
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(rig.deviceFromIMU).angle(to: truth.mount)), 1, "mount \(String(describing: rig.deviceFromIMU))",
                          file: file, line: line)
        XCTAssertEqual(camera.lens.modelName, truth.lens.modelName, file: file, line: line)
        if truth.lens != .pinhole {
            XCTAssertEqual(camera.lens.coefficients[0], truth.lens.coefficients[0], accuracy: 0.02, "k1", file: file, line: line)
        }
        XCTAssertEqual(try XCTUnwrap(rig.readoutSeconds, file: file, line: line), truth.readout, accuracy: 0.002, "readout", file: file, line: line)
        // The readout is determined only when its standard error (widened for the residuals' correlation from pair to
        // pair, which a translating camera's parallax makes larger) is under a fifth of a frame.
        let readoutError = try XCTUnwrap(rig.standardErrors?.readoutSeconds, file: file, line: line)
        XCTAssertTrue(readoutError > 0 && readoutError < readoutErrorLimit, "readout ± \(readoutError * 1000) ms", file: file, line: line)
        let lines = CalibrationReport(outcome).lines
        XCTAssertTrue(lines.contains { $0.contains("rolling shutter readout") }, "\(lines)", file: file, line: line)
    }

    func testARollingShutter() throws {
        try checkRealistic(Truth(fov: 60, offset: 0.04, mount: Self.realisticMount, readout: 0.020), lens: .pinhole)
    }

    func testARadialLensWithARollingShutter() throws {
        try checkRealistic(Truth(fov: 60, offset: 0.04, mount: Self.realisticMount, lens: .radial([-0.28, 0.08, 0, 0]), readout: 0.015), lens: .radial)
    }

    func testAFisheyeWithARollingShutterAndMotionBlur() throws {
        try checkRealistic(Truth(fov: 120, offset: 0.04, mount: Self.realisticMount, lens: .fisheye(SIMD4(0.02, -0.01, 0.005, -0.001)),
                                 readout: 0.010, exposure: 0.008), lens: .fisheye)
    }

    /// A camera that moves as well as turns: up to 3 cm, in a room of 3 m whose walls carry the texture, so the picture
    /// holds parallax that no rotation explains.
    func testTranslationInARoom() throws {
        try checkRealistic(Truth(fov: 60, offset: 0.04, mount: Self.realisticMount, translation: 0.03, roomRadius: 3), lens: .pinhole,
                           readoutErrorLimit: 0.0066)
    }

    /// A variable frame rate (periods 30 % either side of the mean) in a folder of pictures timed by frames.csv.
    func testAVariableFrameRate() throws {
        let truth = Truth(fov: 55, offset: 0.04, mount: Self.realisticMount, readout: 0.012, frameJitter: 0.3)
        try checkRealistic(truth, lens: .pinhole, asFolder: true)
        let times = try ImageSequence(folder: try XCTUnwrap(Self.clips).clip(truth, asFolder: true).clip).frames.map(\.time)
        let periods = zip(times.dropFirst(), times).map { $0 - $1 }
        XCTAssertGreaterThan((periods.max() ?? 0) - (periods.min() ?? 0), 0.01, "the periods vary: \(periods.prefix(8))")
    }

    /// An IMU that reports its attitude and no gyroscope: the rate comes from the attitude's differences.
    func testAnAttitudeLogWithoutAGyroscope() throws {
        let made = try clip(Truth(fov: 60, offset: 0.04, mount: Self.realisticMount))
        var calibrator = RigCalibrator()
        var said: [String] = []
        calibrator.progress = { said.append($0) }
        let rig = try calibrator.calibrate(clip: made.clip, log: made.attitudeLog).rig
        XCTAssertTrue(said.contains { $0.contains("an attitude log, no gyroscope") }, "\(said)")
        XCTAssertEqual(rig.timeOffset.seconds, 0.04, accuracy: 0.001)
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(rig.deviceFromIMU).angle(to: Self.realisticMount)), 1)
        XCTAssertEqual(try XCTUnwrap(rig.camera?.verticalFieldOfViewDegrees) / 60, 1, accuracy: 0.01)
    }

    /// A rig that turns 2 % of a hand's motion (a quarter of a pixel a frame) still pins its time offset. The frame pairs
    /// leave the field of view and the readout undetermined (tracking's sub-pixel bias put the field of view 5 % off at a
    /// standard error of 0.4 %); over spans of 2 s the picture turns degrees, not a tracker's sub-pixel step, and the
    /// spans' pinhole is taken: within 1 % of the clip's 60°. The readout stays undetermined.
    func testANearlyStationaryRigGivesItsOffsetAndTheSpansCamera() throws {
        let made = try clip(Truth(fov: 60, offset: 0, mount: .identity, motionScale: 0.02))
        var calibrator = RigCalibrator()
        var said: [String] = []
        calibrator.progress = { said.append($0) }
        let outcome = try calibrator.calibrate(clip: made.clip, log: made.log)
        let lines = CalibrationReport(outcome).lines
        XCTAssertTrue(lines.contains { $0.contains("sub-pixel bias") }, "\(lines)")
        XCTAssertTrue(said.contains { $0.hasPrefix("over spans of 2 s the picture's own turn gives a") }, "\(said)")
        XCTAssertEqual(outcome.rig.undetermined.map(\.quantity.fileKey), ["rolling_shutter_readout_s"])
        XCTAssertEqual(outcome.rig.timeOffset.seconds, 0, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(outcome.rig.camera?.verticalFieldOfViewDegrees) / 60, 1, accuracy: 0.01)
    }

    // MARK: - A known lens

    /// The wide clip through a known lens: a pinhole of 75°, a mount off every axis and a 0.2 s offset, over the trial
    /// from 110 s.
    static let wide = Truth(fov: 75, offset: 0.2, mount: Quaternion(axis: SIMD3(0.3, 1, 0.2), angle: 0.6))

    /// A known camera with a strong barrel lens (k1 = -0.2) or a fisheye lens: `intrinsicsPath` turns the tracked points
    /// into rays through it, and the offset and mount come out as for a pinhole; the file written carries the lens it was
    /// given. Without the intrinsics only the offset is answered, with why.
    func testAKnownLensIsUsedThroughIntrinsics() throws {
        let truth = Self.wide
        let made = try clip(truth)
        let source = PinholeCamera(verticalFieldOfViewDegrees: 75, size: PictureSize(fixedWidth: 320, height: 240))
        let lenses: [(String, Lens)] = [("barrel", .radial([-0.2, 0.03, 0, 0, 0])), ("fisheye", .fisheye(SIMD4(-0.02, 0.004, 0, 0)))]
        for (name, lens) in lenses {
            let camera = LensCamera(pinhole: PinholeCamera(fx: 226, fy: 226, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240)), lens: lens)
            let distorted = folder.appendingPathComponent("\(name).mkv").path
            try LensWarp.warp(made.clip, source: source, to: camera, writingTo: distorted)
            let intrinsics = folder.appendingPathComponent("\(name)-intrinsics.yaml").path
            try OpenCVCameraFile.write(camera, to: intrinsics)
            // Tracked once for both calibrations: tracking does not depend on the camera.
            let tracks = try ClipTracks.read(path: distorted) { _ in }
            var calibrator = RigCalibrator()
            calibrator.intrinsicsPath = intrinsics
            calibrator.tracks = tracks
            let rig = try calibrator.calibrate(clip: distorted, log: made.log).rig
            XCTAssertEqual(rig.timeOffset.seconds, truth.offset, accuracy: 0.001, name)
            XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(rig.deviceFromIMU).angle(to: truth.mount)), 1, "\(name): mount \(String(describing: rig.deviceFromIMU))")
            // The file carries the lens it was given, as OpenCV's tools would read it.
            let output = folder.appendingPathComponent("\(name)-cal.yaml").path
            try rig.write(path: output)
            let written = try LensCamera.read(path: output)
            XCTAssertEqual(written.lens, lens, name)
            XCTAssertEqual(written.pinhole.fx, 226, name)
            // Without the intrinsics: the barrel clip's edges turn less than its centre through a pinhole;
            // the fisheye clip fits too few pairs. Either way only the offset is answered.
            try checkOffsetOnly(clip: distorted, tracks: tracks, log: made.log, truth: truth, name: name,
                                because: name == "barrel" ? "the lens bends the picture" : "does not follow the gyroscope's")
        }
    }

    /// A lensed clip without its intrinsics: only the offset is answered (the rates correlate clearly), the report says
    /// so and why, and the file written serves no camera and no mount.
    func checkOffsetOnly(clip: String, tracks: ClipTracks, log: String, truth: Truth, name: String, because: String) throws {
        var calibrator = RigCalibrator()
        calibrator.tracks = tracks
        let outcome = try calibrator.calibrate(clip: clip, log: log)
        XCTAssertNotNil(outcome.offsetAlone, name)
        XCTAssertTrue(outcome.rig.knowsOnlyTimeOffset, name)
        let lines = CalibrationReport(outcome).lines
        XCTAssertTrue(lines.contains { $0.contains("from the rotation rates alone") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("field of view and mount: not determined: ") && $0.contains(because) }, "\(name): \(lines)")
        XCTAssertFalse(lines.contains { $0.contains("vertical field of view") }, "\(lines)")
        XCTAssertEqual(outcome.rig.timeOffset.seconds, truth.offset, accuracy: 0.001, name)
        let output = folder.appendingPathComponent("\(name)-offset-only.yaml").path
        try outcome.rig.write(path: output)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertFalse(text.contains("camera_matrix:") || text.contains("imu_to_camera:"), text)
        XCTAssertThrowsError(try LensCamera.read(path: output)) {
            XCTAssertTrue("\($0)".contains("calibrate determined only the time offset"), "\($0)")
        }
        let refusal = try XCTUnwrap(try Rig.read(path: output).refusal(toServeAs: .mount))
        guard case .onlyTimeOffset(let seconds) = refusal else { return XCTFail("\(refusal)") }
        XCTAssertEqual(seconds, truth.offset, accuracy: 0.001, name)
    }
}
