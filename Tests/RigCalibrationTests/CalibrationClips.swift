import AttitudeMath
import Camera
import FileAccess
import Foundation
import Imaging
import Pixels
import Render
import SyntheticClip
import TestSupport
import XCTest

/// Synthetic calibration clips made in-process (`CalibrationClipJob`, as `steady-dice calibration-clip` makes them), each
/// made once per test class: a class's tests read them and write their outputs elsewhere. The truth is exact: a BROAD
/// trial's reference turns a textured panorama through a known camera, mount and offset, and the raw log's gyroscope is
/// made from the same attitude.
final class CalibrationClips {
    typealias Truth = CalibrationTruth

    /// One clip: its video (or folder of pictures with frames.csv), its raw log, its IMU's true attitude log and the truth
    /// as a calibration file.
    struct Made {
        var clip: String, log: String, attitudeLog: String, truth: String
    }

    let folder: URL
    let trial: String
    private var made: [Truth: Made] = [:]

    init(trial: String = Fixtures.broadTrial02Excerpt) throws {
        folder = try TemporaryFolder.make("calibration-clips")
        self.trial = trial
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The clip of `truth`, made at the first ask (a folder of pictures when `asFolder`, which a variable frame rate needs).
    func clip(_ truth: Truth, asFolder: Bool = false) throws -> Made {
        if let clip = made[truth] { return clip }
        var clip = SyntheticCalibrationClip(verticalFieldOfViewDegrees: truth.fov, size: PictureSize(fixedWidth: 320, height: 240),
                                            framesPerSecond: 30, duration: truth.duration, deviceFromIMU: truth.mount,
                                            timeOffsetSeconds: truth.offset, seed: 1)
        clip.lens = truth.lens
        clip.readoutSeconds = truth.readout
        clip.exposureSeconds = truth.exposure
        clip.translation = truth.translation
        clip.roomRadius = truth.roomRadius
        if truth.frameJitter > 0 {
            clip.frameTimes = SyntheticCalibrationClip.variableFrameTimes(count: clip.frameCount, framesPerSecond: 30, jitter: truth.frameJitter, seed: 1)
        }
        let job = CalibrationClipJob(clip: clip, trial: trial, start: truth.start, motionScale: truth.motionScale,
                                     gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: truth.gyroBiasDegreesPerSecond), gyroNoiseRadiansPerSecond: 0)
        let name = "clip-\(made.count)"
        let outputs = OutputFiles()
        // A folder output is named by its trailing slash, which a URL's path drops.
        let paths = Made(clip: folder.appendingPathComponent(name + (asFolder ? "" : ".mkv")).path + (asFolder ? "/" : ""),
                         log: folder.appendingPathComponent("\(name).csv").path,
                         attitudeLog: folder.appendingPathComponent("\(name)-attitude.csv").path,
                         truth: folder.appendingPathComponent("\(name)-truth.yaml").path)
        let staged = CalibrationClipJob.Outputs(video: try outputs.stage(paths.clip, option: "video"), log: try outputs.stage(paths.log, option: "log"),
                                                truth: try outputs.stage(paths.truth, option: "truth"), attitudeLog: try outputs.stage(paths.attitudeLog, option: "attitude log"))
        _ = try job.run(to: staged, assets: try Assets.locate(), shouldStop: { false }, progress: { _, _ in })
        try outputs.commit()
        made[truth] = paths
        return paths
    }
}
