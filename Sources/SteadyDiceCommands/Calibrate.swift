import LogLoading
import Workers
import ArgumentParser
import Calibration
import CalibrationFiles
import CommandLineSupport
import FileAccess
import Foundation
import Rig
import RigCalibration

/// `steady-dice calibrate`: the camera's time offset, focal length and mount from a handheld clip and
/// the IMU's raw log, with no calibration target.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find a camera's time offset, focal length and mount relative to an IMU from a clip and the IMU's raw log.",
        discussion: """
            Give a clip with --video and --log, or a folder `steady-dice record` wrote: its frames and imud packets were timed on one clock as they arrived, so the offset found is the rig's live one (time_offset_clock: live), which `run --imud --calibration` applies to live frames.

            Examples:
              steady-dice calibrate --video clip.mp4 --log raw.csv -o cal.yaml
              steady-dice calibrate rig -o rig.yaml
            """)

    @OptionGroup var options: CalibrateOptions

    @OptionGroup var messages: MessageOptions

    func run() throws {
        // Nothing is on disk until the fit is done (the output is written and moved into place at the end); a signal
        // ends it through the exit every command has (`mainWithOneLineErrors`), in these words.
        StopSignals.sayOnExit("\(Messages.program): calibrate: stopped by a signal before the fit was done; nothing was written")
        let started = Date()
        let outputs = OutputFiles(inputs: options.inputs)
        let calibrationOutput = try options.output.map { try outputs.stage($0, option: "--output") }
        var calibrator = options.calibrator()
        calibrator.progress = { message($0) }
        calibrator.rawLogRead = { reportReading($0, logger: Messages.logger) }
        let outcome: RigCalibrator.Outcome
        do {
            outcome = try options.folder.map { try calibrator.calibrate(recordFolder: $0) } ?? calibrator.calibrate(clip: options.video ?? "", log: options.log)
        } catch let error as RigCalibrationError {
            throw CommandFailure(error.commandLineMessage, status: ExitStatus.of(error))
        }
        let report = CalibrationReport(outcome, intrinsicsPath: options.intrinsics)
        report.lines.forEach { print($0) }
        let rig = outcome.rig
        if outcome.offsetAlone == nil, let warning = rig.fit?.warning, !warning.isEmpty { message("warning: \(warning)") }
        if let calibrationOutput {
            // A signal while it is written removes the partial file; while it moves into place, it waits (`OutputFiles`).
            try rig.write(to: calibrationOutput)
            try outputs.commit()
            print("wrote \(calibrationOutput.path)" + (rig.knowsOnlyTimeOffset ? " (the time offset only)" : ""))
        }
        message(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
        report.clockLines.forEach { print($0) }
    }

    private func message(_ text: String) {
        Messages.logger.info("calibrate: \(text)")
    }
}
