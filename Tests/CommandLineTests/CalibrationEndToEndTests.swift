import AttitudeMath
import CalibrationFiles
import CommandTestSupport
import Foundation
import PictureTestSupport
import Pixels
import Rig
import SteadyDiceKit
import TestSupport
import XCTest

/// The end-to-end check: a synthetic clip with a known camera, mount and offset
/// (`calibration-clip`), `calibrate` on it, then `render --calibration cal.yaml --anchor B,E` draws the
/// die where the true camera sees it: IoU ≥ 0.9 in ≥ 95 % of the frames where it is in view. Through
/// a pinhole, and through a radial and a fisheye lens with a rolling shutter (`calibrate --lens`; the
/// die drawn through the lens, `--lens-drawing warp`).
final class CalibrationEndToEndTests: XCTestCase {
    static let trial = Fixtures.broadTrial02Excerpt

    func testRenderWithCalibrationPutsTheDieWhereTheTrueCameraSeesIt() throws {
        try check(name: "pinhole", fov: 50, clip: [], lens: "pinhole")
    }

    func testThroughARadialLensWithARollingShutter() throws {
        try check(name: "radial", fov: 60, clip: ["--lens", "radial", "--distortion", "-0.25,0.06,0,0", "--readout", "15"], lens: "radial")
    }

    func testThroughAFisheyeWithARollingShutter() throws {
        try check(name: "fisheye", fov: 110, clip: ["--lens", "fisheye", "--distortion", "0.02,-0.01,0.005,-0.001", "--readout", "10"],
                  lens: "fisheye")
    }

    /// `clip`: calibration-clip's lens options; the truth is drawn through the truth file's camera.
    func check(name: String, fov: Double, clip clipOptions: [String], lens: String) throws {
        let folder = try VideoTestFrames.temporaryFolder("calibration-e2e-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let offset = 0.2
        let mount = Quaternion(axis: [0.4, -0.3, 0.85], angle: 0.7)
        let cal = folder.appendingPathComponent("cal.yaml").path
        let mountText = "\(mount.w),\(mount.x),\(mount.y),\(mount.z)"
        let made = try SyntheticClips.make(["--trial", Self.trial, "--start", "110", "--duration", "6",
                                            "--fov", "\(fov)", "--time-offset", "\(offset)", "--mount", mountText] + clipOptions,
                                           outputs: ["--video": "clip.mkv", "--log": "raw.csv", "--truth": "truth.yaml"])
        let (clip, raw, truthFile) = (made["--video"], made["--log"], made["--truth"])
        let calibrated = try CommandHarness.run(["calibrate", "--video", clip, "--log", raw, "--lens", lens, "--output", cal], timeout: 300)
        XCTAssertEqual(calibrated.status, 0, calibrated.stderr)
        let found = try Rig.read(path: cal)

        // Anchors where the true camera looks 1.5 s and 4 s in, so the die is in view for much of the clip. The bearing is
        // the raw log's W (a 6D fusion, heading arbitrary), so both renders count it from the log (`--anchor-from log`)
        // rather than each from its own first look, which the calibrated mount would turn.
        let log = try loadAnyAttitudeLog(path: raw)
        var ious: [Double] = []
        for (index, lookTime) in [1.5, 4.0].enumerated() {
            let look = (log.attitude(at: offset + lookTime) * mount.conjugate).rotate([0, 0, -1])
            let bearing = Angle.degrees(fromRadians: atan2(-look.y, look.x)), elevation = Angle.degrees(fromRadians: asin(max(-1, min(1, look.z))))
            let anchor = String(format: "%.3f,%.3f", bearing, elevation)

            // Frame k of each render is video frame k: the attitude at log time offset + k/30.
            func render(_ options: [String], from: Double, name: String) throws -> String {
                let out = folder.path + "/\(name)\(index)/"
                let run = try CommandHarness.run(["render", "--log", raw, "--size", "320x240", "--fps", "30",
                                                  "--from", String(format: "%.6f", from), "--to", String(format: "%.6f", from + 5.5),
                                                  "--anchor", anchor, "--anchor-from", "log", "--background", "none", "-o", out] + options,
                                                 timeout: 300)
                XCTAssertEqual(run.status, 0, run.stderr)
                return out
            }
            let truthFrames = try render(["--intrinsics", truthFile, "--mount", mountText], from: offset, name: "truth")
            let calibratedFrames = try render(["--calibration", cal], from: found.timeOffset.seconds, name: "calibrated")
            for k in 0..<165 {
                let name = String(format: "frame-%06d.png", k)
                let truth = PixelMask.die(in: try RGBImage.read(path: truthFrames + name))
                let drawn = PixelMask.die(in: try RGBImage.read(path: calibratedFrames + name))
                let truthCount = truth.filter { $0 }.count
                guard truthCount >= 50 else { continue }  // the die out of view (or nearly)
                ious.append(PixelMask.intersectionOverUnion(truth, drawn))
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let sorted = ious.sorted()
        XCTAssertGreaterThanOrEqual(sorted.count, 30, "the die must be in view in many frames")
        guard !sorted.isEmpty else { return }
        let median = sorted[sorted.count / 2], p5 = sorted[sorted.count * 5 / 100]
        let good = Double(ious.filter { $0 >= 0.9 }.count) / Double(ious.count)
        print(String(format: "calibration end to end, \(name): found offset %.4f s (truth %.3f); %d frames in view, IoU median %.4f, "
                     + "5th percentile %.4f, %.1f%% at 0.9 or more; %.0f s", found.timeOffset.seconds, offset, ious.count, median, p5,
                     good * 100, elapsed))
        XCTAssertGreaterThanOrEqual(good, 0.95)
    }
}
