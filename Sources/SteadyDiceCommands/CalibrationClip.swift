import SyntheticClip
import Workers
import ArgumentParser
import CommandLineSupport
import Scene
import AttitudeMath
import Camera
import CSVText
import FileAccess
import Foundation
import Rig
import Render
import Imaging
import SteadyDiceAssets

/// `steady-dice calibration-clip`: a synthetic calibration clip with known truth, for tests and the
/// benchmark: a textured panorama seen through a known camera, mount and time offset, turned by a
/// recorded reference attitude, as a lossless video beside a raw log whose gyroscope is made from the
/// same attitude.
struct CalibrationClip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibration-clip",
        abstract: "Make a synthetic calibration clip and its raw log, with the camera, mount and time offset known.")

    @OptionGroup var clip: CalibrationClipOptions

    @OptionGroup var messages: MessageOptions

    func run() throws {
        // A stop is honoured between frames, so that every temporary output is removed (`OutputFiles`) and said.
        let stopSignals = StopSignals()
        // Every output is checked before any work, and none is kept unless all were written.
        let outputs = OutputFiles(inputs: [clip.trial, clip.assets])
        let logOutput = try outputs.stage(clip.log, option: "--log"), videoOutput = try outputs.stage(clip.video, option: "--video")
        let truthOutput = try clip.truth.map { try outputs.stage($0, option: "--truth") }
        let staged = CalibrationClipJob.Outputs(video: videoOutput, log: logOutput, truth: truthOutput,
                                                attitudeLog: try clip.attitudeLog.map { try outputs.stage($0, option: "--attitude-log") })
        let job = try clip.job()
        do {
            let written = try job.run(to: staged, assets: try Assets.locate(explicit: clip.assets), shouldStop: { stopSignals.requested }) { k, count in
                if k % 100 == 0 { Messages.logger.info("calibration-clip: \(k) of \(count) frames") }
            }
            try outputs.commit()
            print("wrote \(clip.video) (\(written.frames) frames, \(clip.size.width)x\(clip.size.height) at \(clip.fps) fps) and \(clip.log) (\(written.logSamples) samples)")
        } catch let stopped as CalibrationClipJob.Stopped {
            throw CommandFailure("\(clip.video): stopped by a signal after \(stopped.frames) of \(stopped.total) frames; nothing was kept",
                                 status: .interrupted)
        }
    }
}
