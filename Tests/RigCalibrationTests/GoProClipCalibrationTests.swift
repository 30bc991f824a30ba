import AttitudeMath
import Calibration
import CalibrationFiles
import Camera
import Footage
import Foundation
import Imaging
import Rig
import RigCalibration
import TestSupport
import XCTest

/// `RigCalibrator` in-process on the GoPro clip in ../shared/data/realcam/gopro-karma (see its README), its own GPMF
/// track the log: tracked once for the class (tracking does not depend on the lens), then calibrated with its fisheye
/// estimated and through a pinhole, each written and read back as a calibration file.
final class GoProClipCalibrationTests: TemporaryFolderTestCase {
    /// The clip's tracks and what tracking said, read at the first ask.
    nonisolated(unsafe) private static var tracked: (tracks: ClipTracks, said: [String])?
    override var folderPrefix: String { "gopro-calibration" }
    override class func tearDown() {
        tracked = nil
        super.tearDown()
    }

    /// Calibrates the clip from its own track with `lens` (nil: as the camera says); the rig read back from the file
    /// written, the file's text, the outcome, and every progress line (tracking's first).
    private func calibrate(lens: LensModel?, name: String) throws -> (rig: Rig, text: String, outcome: RigCalibrator.Outcome, said: [String]) {
        let clip = try Fixtures.sharedData("realcam/gopro-karma/clip.mp4")
        if Self.tracked == nil {
            var said: [String] = []
            let tracks = try ClipTracks.read(path: clip) { said.append("\(clip): \($0)") }
            Self.tracked = (tracks, said)
        }
        let tracked = try XCTUnwrap(Self.tracked)
        var calibrator = RigCalibrator()
        calibrator.lensModel = lens
        calibrator.tracks = tracked.tracks
        var said = tracked.said
        calibrator.progress = { said.append($0) }
        let outcome = try calibrator.calibrate(clip: clip)
        let output = folder.appendingPathComponent(name).path
        try outcome.rig.write(path: output)
        return (try Rig.read(path: output), try String(contentsOfFile: output, encoding: .utf8), outcome, said)
    }

    /// The clip calibrated from itself alone: all 362 frames, the offset on the video's timeline within 10 ms of the
    /// -18 ms an independent check gives (the search over all the picture's points said -27.5 ms); a camera, a mount and
    /// a bias written: the frame pairs leave the camera and the mount undetermined (the drone's flight, 25° of slow gimbal
    /// yaw), the spans' turns give the field of view and the bias, and the track's own axes the mount.
    func testTheGoProClipCalibratesFromItsOwnTrack() throws {
        let (rig, text, outcome, said) = try calibrate(lens: nil, name: "karma.yaml")
        XCTAssertTrue(said.contains { $0.contains("tracked 362 frames") }, "\(said)")
        // A GoPro's own track says the camera: its lens is estimated as a fisheye. The gyroscope's bias is the picture's
        // own turn over spans of 2 s (the frame pairs take the drone's flight for a turn): about 1.1 °/s about x and z,
        // as the sea's horizon, rolling 4° over 11 s where the gyroscope less the frame pairs' bias rolls 7° the other
        // way, and an independent essential-matrix check (docs/calibration.md) say.
        XCTAssertTrue(said.contains { $0.contains("a GoPro's own track (GPMF): estimating a fisheye lens") }, "\(said)")
        XCTAssertTrue(said.contains { $0.contains("the picture's own turn gives the gyroscope bias") }, "\(said)")
        XCTAssertTrue(said.contains { $0.contains("(a move taken for a turn): the spans' is written") }, "\(said)")
        let bias = try Angle.degrees(fromRadians: XCTUnwrap(rig.gyroBiasRadiansPerSecond, "the bias is written"))
        XCTAssertEqual(bias.x, 1.1, accuracy: 0.2, "\(bias)")
        XCTAssertEqual(bias.y, 0, accuracy: 0.2, "\(bias)")
        XCTAssertEqual(bias.z, 1.15, accuracy: 0.2, "\(bias)")
        // On the video's own timeline (its track's and its frames' stamps share it): the offset found less the one that is 0 there.
        let timeline = try XCTUnwrap(outcome.videoTimelineOffsetSeconds, "the track and the frames share the video's timeline")
        let offsetMilliseconds = (outcome.rig.timeOffset.seconds - timeline) * 1000
        XCTAssertEqual(offsetMilliseconds, -18, accuracy: 10, "found \(outcome.rig.timeOffset.seconds) s, the timeline's 0 at \(timeline) s")
        XCTAssertEqual(rig.undetermined.map(\.quantity.fileKey), ["rolling_shutter_readout_s"], "the readout alone (the fit's is below 0): \(text)")
        // The field of view from the spans, a pinhole about the picture's centre: the clip's README gives fx about 515 px
        // from its final yaw (not the Wide mode's 390).
        XCTAssertTrue(said.contains { $0.contains("the picture's own turn gives a ") }, "\(said)")
        XCTAssertEqual(try XCTUnwrap(rig.camera).pinhole.fx / 515, 1, accuracy: 0.1)
        XCTAssertTrue(said.contains { $0.contains("mount: the identity, as the motion track's format puts it in the camera's own axes") }, "\(said)")
        XCTAssertEqual(try XCTUnwrap(rig.deviceFromIMU).angle(to: .identity), 0, accuracy: 1e-12)
    }

    /// The clip through a pinhole: its fisheye-free frame pairs do not follow the gyroscope, so the rates give the offset
    /// alone, with its standard error. The track's own axes still give the mount, and the spans the field of view and the
    /// bias: a file that draws with nothing given by hand, near the fisheye path's.
    func testTheGoProClipThroughAPinholeStillGivesItsCameraFromTheSpans() throws {
        let (rig, text, outcome, said) = try calibrate(lens: .pinhole, name: "karma-pinhole.yaml")
        let lines = CalibrationReport(outcome).lines
        XCTAssertTrue(lines.contains { $0.contains(", from the rotation rates alone (correlation ") }, "\(lines)")
        XCTAssertTrue(said.contains("mount: the identity, as the motion track's format puts it in the camera's own axes (the rates gave the time offset alone)"),
                      "\(said)")
        XCTAssertTrue(text.contains("time_offset_ms: "), "the offset's standard error is written: \(text)")
        XCTAssertEqual(rig.undetermined.map(\.quantity.fileKey), [], text)
        XCTAssertEqual(try XCTUnwrap(rig.deviceFromIMU).angle(to: .identity), 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(rig.camera).pinhole.fx / 515, 1, accuracy: 0.1, text)
        let bias = try Angle.degrees(fromRadians: XCTUnwrap(rig.gyroBiasRadiansPerSecond, text))
        XCTAssertEqual(bias.x, 1.1, accuracy: 0.2, "\(bias)")
        XCTAssertEqual(bias.y, 0, accuracy: 0.2, "\(bias)")
        XCTAssertEqual(bias.z, 1.15, accuracy: 0.2, "\(bias)")
    }
}
