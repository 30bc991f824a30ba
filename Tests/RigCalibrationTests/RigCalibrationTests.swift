import AttitudeMath
import Calibration
import Camera
import FileAccess
import Foundation
import Imaging
import RawLog
import RecordFolder
import Render
import Rig
@testable import RigCalibration
import SyntheticClip
import TestSupport
import XCTest
import Pixels

/// `RigCalibrator` and what surrounds it, in-process: the report's lines
/// for what was and was not determined, the refusals before any fit, and a record folder written by the test,
/// calibrated onto the live clock.
final class RigCalibrationTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "rig-calibration" }

    // MARK: - Before the fit

    /// A small video with no motion track of its own.
    private func plainVideo() throws -> String {
        let outputs = OutputFiles()
        let staged = try outputs.stage(folder.appendingPathComponent("plain.mkv").path, option: "the video")
        let writer = try VideoOutput(output: staged, framesPerSecond: 10, size: PictureSize(fixedWidth: 32, height: 24))
        for k in 0..<3 { try writer.write(RGBImage(width: 32, height: 24, pixels: [UInt8](repeating: UInt8(50 * k), count: 32 * 24 * 3))) }
        try writer.finish()
        try outputs.commit()
        return staged.path
    }

    /// A field-of-view guess or a search range outside what a calibration can start from is refused before anything is
    /// read, by the library as by the command line, naming the setting and its limits.
    func testSettingsOutsideTheirLimitsAreRefusedBeforeAnyFit() throws {
        let video = try plainVideo()
        func settingRefusal(_ configure: (inout RigCalibrator) -> Void) -> String? {
            var calibrator = RigCalibrator()
            configure(&calibrator)
            do {
                _ = try calibrator.calibrate(clip: video, log: "no-such-log.csv")
                return nil
            } catch let error as RigCalibrationError {
                guard case .setting = error else { return "another refusal: \(error)" }
                return "\(error)"
            } catch {
                return "another refusal: \(error)"
            }
        }
        XCTAssertEqual(settingRefusal { $0.verticalFieldOfViewGuessDegrees = 5 }, "the field of view's first guess of 5° is outside 10° to 170°")
        XCTAssertEqual(settingRefusal { $0.verticalFieldOfViewGuessDegrees = .nan }?.hasPrefix("the field of view's first guess of nan°"), true)
        XCTAssertEqual(settingRefusal { $0.searchRangeSeconds = 0.001 }, "the offsets' search range of 0.001 s is outside 0.01 s to 3600 s")
        XCTAssertEqual(settingRefusal { $0.searchRangeSeconds = 1e9 }?.contains("outside 0.01 s to 3600 s"), true)
        XCTAssertTrue(settingRefusal { $0.searchRangeSeconds = 2 }?.hasPrefix("another refusal") ?? false, "within its limits: the log is read next")
        XCTAssertThrowsError(try { var c = RigCalibrator(); c.searchRangeSeconds = 0; return c }().calibrate(recordFolder: folder.path)) {
            guard case .setting = $0 as? RigCalibrationError else { return XCTFail("\($0)") }
        }
    }

    func testAClipWithoutALogOfItsOwnOrALogOfOneSampleIsRefused() throws {
        let video = try plainVideo()
        XCTAssertThrowsError(try RigCalibrator().calibrate(clip: video)) {
            guard case .logNeeded = $0 as? RigCalibrationError else { return XCTFail("\($0)") }
            XCTAssertTrue("\($0)".hasPrefix("a log is needed: "), "\($0)")
        }
        let one = try write("one.csv", "t,gx,gy,gz,ax,ay,az\n0,0,0,0,0,0,9.8\n")
        XCTAssertThrowsError(try RigCalibrator().calibrate(clip: video, log: one)) {
            XCTAssertEqual("\($0)", "\(one): fewer than two samples")
        }
    }

    // MARK: - The report

    func testTheReportOfAnOffsetAloneSaysWhyTheRestIsNot() {
        let rig = Rig.onlyTimeOffset(TimeOffset(seconds: -0.0185), reason: "the clip turned 2° in all")
        let outcome = RigCalibrator.Outcome(rig: rig, offsetAlone: (correlation: 0.93, standardErrorSeconds: 0.0004))
        XCTAssertEqual(CalibrationReport(outcome).lines, [
            "time offset -0.0185 s ± 0.400 ms (log time = video time + offset), from the rotation rates alone (correlation 0.93)",
            "field of view and mount: not determined: the clip turned 2° in all",
        ])
    }

    /// An offset from the rates alone, with what the spans add for a video's own track (the identity mount, the bias):
    /// the offset says where it came from, the camera is not determined and has no fit's value, and no frame-pair figures
    /// (turn, residual) are made up.
    func testTheReportOfAnOffsetWithTheSpansSaysWhatEachCameFrom() {
        var rig = Rig.onlyTimeOffset(TimeOffset(seconds: -0.0185), standardErrorSeconds: 0.0008, reason: "the picture moves by more than rotation")
        rig.deviceFromIMU = .identity
        rig.standardErrors?.mountDegrees = .zero
        rig.markDetermined { $0 == .mount }
        var outcome = RigCalibrator.Outcome(rig: rig, offsetAlone: (correlation: 0.98, standardErrorSeconds: 0.0008))
        XCTAssertEqual(CalibrationReport(outcome).lines, [
            "time offset -0.0185 s ± 0.800 ms (log time = video time + offset), from the rotation rates alone (correlation 0.98)",
            "vertical field of view: not determined (the picture moves by more than rotation), not written",
            "mount imu_to_camera 1.000000,0.000000,0.000000,0.000000 (v_D = R·v_S) ± 0.000°, 0.000°, 0.000° about the camera's x, y, z",
            "gyroscope bias: not determined (no frame-pair fit, and too few spans), not written",
        ])
        outcome.rig.gyroBiasRadiansPerSecond = Angle.radians(fromDegrees: SIMD3(0, 0, 1))
        outcome.rig.standardErrors?.gyroBiasRadiansPerSecond = Angle.radians(fromDegrees: SIMD3(repeating: 0.1))
        XCTAssertEqual(CalibrationReport(outcome).lines.last,
                       "gyroscope bias 0.000,0.000,1.000 °/s ± 0.100, 0.100, 0.100 (in the IMU's frame; prior ± 0.5 °/s)")
    }

    /// A full rig: a line each for the offset, the field of view, the mount, the turn, the bias and the residual; what
    /// the clip does not determine is said so and not written; a live offset says which clock it pairs.
    func testTheReportSaysEachNumberAndWhatIsNotDetermined() {
        var rig = Rig(camera: LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: 55, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: .identity,
                      timeOffset: TimeOffset(seconds: 0.123, clock: .live), gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0, 0, 1)),
                      fit: RigFitSummary(residualDegreesPerSecond: 0.25, framesUsed: 170, framesTotal: 180, turnedDegrees: SIMD3(40, 50, 5)))
        rig.undetermined = [Undetermined(.mountAxis(.z), standardError: "± 4.1°", why: "it turned 5° about z")]
        let lines = CalibrationReport(RigCalibrator.Outcome(rig: rig)).lines
        XCTAssertEqual(lines.first, "time offset 0.1230 s (live: the frame timed t shows the attitude imud delivered at t + offset)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("vertical field of view 55.000° (fx = fy = ") && $0.hasSuffix("principal point at the centre, no distortion)") },
                      "\(lines)")
        XCTAssertTrue(lines.contains("mount about the camera's z (roll): not determined (± 4.1°: it turned 5° about z)"), "\(lines)")
        XCTAssertTrue(lines.contains("mount imu_to_camera 1.000000,0.000000,0.000000,0.000000 (v_D = R·v_S)"), "\(lines)")
        XCTAssertTrue(lines.contains("turned 40° about the camera's x (tilt), 50° about y (pan), 5° about z (roll), summed over the frame pairs used"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("gyroscope bias 0.000,0.000,1.000 °/s (in the IMU's frame") }, "\(lines)")
        XCTAssertEqual(lines.last, "residual 0.250 °/s over 170 of 180 frames (0 without texture, 0 translating or mistracked, 0 outside the log)")
        rig.undetermined.append(Undetermined(.camera, standardError: "± 9 %", why: "too little turn"))
        XCTAssertTrue(CalibrationReport(RigCalibrator.Outcome(rig: rig)).lines
            .contains("vertical field of view: not determined (the fit's 55.000° ± 9 %: too little turn), not written"))
    }

    func testTheClocksLinesSayWhereTheOffsetLiesAgainstTheStamps() {
        var outcome = RigCalibrator.Outcome(rig: Rig.onlyTimeOffset(TimeOffset(seconds: 0.010), reason: "-"))
        XCTAssertEqual(CalibrationReport(outcome).clockLines, [])
        outcome.stampOffsetSeconds = 0.004
        outcome.videoTimelineOffsetSeconds = 0.025
        XCTAssertEqual(CalibrationReport(outcome).clockLines, [
            "on the video's own timeline the offset is -15.00 ms: the frame presented at t shows the motion the track stamps at t - 15.00 ms",
            "the offset is 6.00 ms after the frames' own stamps (they mark the first row's exposure; the offset is the middle row's)",
        ])
    }

    // MARK: - A record folder

    /// A record folder written by the test: a synthetic clip's frames timed on a monotonic clock from 1000 s, and the
    /// IMU's packets arriving `live` seconds after the attitude each frame shows. The offset found is on the live clock
    /// (the shift between the frames' and the packets' first times taken out), within 2 ms of `live`.
    func testARecordFolderIsCalibratedOntoTheLiveClock() throws {
        let live = -0.05, clipTimeOffsetSeconds = 0.2
        var clip = SyntheticCalibrationClip(verticalFieldOfViewDegrees: 55, size: PictureSize(fixedWidth: 160, height: 120), framesPerSecond: 30, duration: 3,
                                            deviceFromIMU: Quaternion(axis: [0, 0, 1], angle: 0.2), timeOffsetSeconds: clipTimeOffsetSeconds, seed: 5)
        clip.lens = .pinhole
        let motion = try SyntheticMotion(reference: RawLogReader.read(path: Fixtures.broadTrial02Excerpt), start: 100, duration: clip.duration)
        let rig = folder.appendingPathComponent("rig")
        let frames = rig.appendingPathComponent(RigFolder.frames)
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        var list = RigFolder.framesHeader + "\n"
        try clip.render(motion: motion, assets: try Assets.locate(), write: { image, videoTime in
            let name = String(format: "%06d.png", Int((videoTime * 30).rounded()))
            try image.write(path: frames.appendingPathComponent(name).path)
            list += "\(1000 + videoTime),\(name),\(1000 + videoTime),\n"
        })
        try list.write(to: frames.appendingPathComponent(RigFolder.framesFile), atomically: true, encoding: .utf8)
        // Frame at monotonic 1000 + v shows log time v + clipTimeOffsetSeconds; the packet of log time l arrives at 1000 + l - clipTimeOffsetSeconds + live.
        var imu = RigFolder.imuHeader + "\n"
        for (k, sample) in motion.attitudeSamples.enumerated() {
            let q = sample.worldFromIMU
            imu += "\(1000 + sample.t - clipTimeOffsetSeconds + live),\(k),4,\(q.w),\(q.x),\(q.y),\(q.z),,,\n"
        }
        try imu.write(to: rig.appendingPathComponent(RigFolder.imu), atomically: true, encoding: .utf8)
        try "format: \(RigFolder.format)\nframe_times: arrival\nfinished_monotonic_s: 1004\n"
            .write(to: rig.appendingPathComponent(RigFolder.meta), atomically: true, encoding: .utf8)

        var calibrator = RigCalibrator()
        var said: [String] = []
        calibrator.progress = { said.append($0) }
        let outcome = try calibrator.calibrate(recordFolder: rig.path)
        XCTAssertEqual(outcome.rig.timeOffset.clock, .live)
        XCTAssertEqual(outcome.rig.timeOffset.seconds, live, accuracy: 0.002, "\(said)")
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(outcome.rig.deviceFromIMU).angle(to: clip.deviceFromIMU)), 1)
        XCTAssertTrue(said.contains { $0.hasSuffix("imud packets without an angular rate: it comes from the attitude, differenced over the packets' arrival times") },
                      "\(said)")
    }
}
