import Composition
import Workers
import ArgumentParser
import Calibration
import CommandLineSupport
import Composition
import FileAccess
import Foundation
import FusionJobs
import Rig
import RigCalibration
import Workers

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

    @Argument(help: ArgumentHelp("A folder `steady-dice record` wrote (instead of --video and --log).", valueName: "FOLDER"))
    var folder: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip: a video file (MP4, MOV, MKV, AVI: anything FFmpeg decodes; each frame timed by its presentation time), taken while the camera and the IMU turned together; a folder of pictures with a times file; or an OpenCamera Sensors folder (its video timed by its frame stamps, its gyroscope the log).",
                               valueName: "CLIP"))
    var video: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The IMU's raw log of the same minutes, in any format `attitude fuse` reads (the gyroscope is used), or an attitude log (no gyroscope: the angular rate comes from the attitude over its own time stamps). Not needed when --video is an OpenCamera Sensors folder.",
                               valueName: "RAW"))
    var log: String?

    @OptionGroup var recording: RecordingOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("A starting vertical field of view, degrees.", valueName: "DEG"))
    var fovGuess: Double = 60

    @Option(name: .customLong("max-offset"), parsing: .unconditional,
            help: ArgumentHelp("Search time offsets from -S to +S seconds (log time 0 is the log's first row, video time 0 the "
                               + "clip's first frame): for a log that starts long before the clip. (default: 1)", valueName: "S"))
    var maxOffset: Double = CameraIMUCalibration.defaultSearchRange

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A known camera: an OpenCV calibration file (camera_matrix, distortion_coefficients, image_width, "
                               + "image_height; distortion_model: fisheye for OpenCV's fisheye model). Tracked points become rays "
                               + "through its lens, and only the time offset, the mount and the gyroscope's bias are fitted.",
                               valueName: "FILE"))
    var intrinsics: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The lens to estimate with the focal length: pinhole (none), radial (OpenCV's radial-tangential "
                               + "model: k1 and k2) or fisheye (OpenCV's fisheye model: k1 to k4). Not with --intrinsics.",
                               valueName: "MODEL"))
    var lens: String = "pinhole"

    @Flag(name: .customLong("no-readout"),
          help: "Take the camera's shutter as global: do not fit a rolling shutter's readout time.")
    var noReadout = false

    @Option(name: [.customShort("o"), .long], parsing: .unconditional,
            help: ArgumentHelp("Write the calibration here as an OpenCV FileStorage file (.yaml, .yml or .xml), for --calibration.",
                               valueName: "cal.yaml"))
    var output: String?

    func validate() throws {
        guard (folder != nil) != (video != nil) else {
            throw ValidationError("give a folder `steady-dice record` wrote, or --video CLIP (with --log)")
        }
        if folder != nil, log != nil { throw ValidationError("--log with a record folder: the folder carries imud's packets") }
        guard fovGuess > 5, fovGuess < 170 else { throw ValidationError("--fov-guess must be between 5 and 170 degrees") }
        guard maxOffset.isFinite, maxOffset >= 0.01, maxOffset <= Rig.largestTimeOffsetSeconds else {
            throw ValidationError("--max-offset must be a number of seconds from 0.01 to \(Int(Rig.largestTimeOffsetSeconds))")
        }
        guard LensModel(rawValue: lens) != nil else {
            throw ValidationError("--lens must be pinhole, radial or fisheye, not '\(lens)'")
        }
        if intrinsics != nil, lens != "pinhole" {
            throw ValidationError("--lens estimates a lens; --intrinsics gives one: give one of them")
        }
        if let output, !["yaml", "yml", "xml"].contains((output as NSString).pathExtension.lowercased()) {
            throw ValidationError("--output must name a .yaml, .yml or .xml file")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        // Nothing is on disk until the fit is done (the output is written and moved into place at the end).
        StopSignals.exitAtOnce(saying: "\(Messages.program): calibrate: stopped by a signal before the fit was done; nothing was written",
                               status: ExitStatus.interrupted.rawValue)
        let started = Date()
        let inputs = (folder.map { [$0] } ?? [video, log].compactMap { $0 }) + (intrinsics.map { [$0] } ?? [])
        let outputs = OutputFiles(inputs: inputs)
        let calibrationOutput = try output.map { try outputs.stage($0, option: "--output") }
        var calibrator = RigCalibrator()
        calibrator.searchRangeSeconds = maxOffset
        calibrator.fieldOfViewGuessDegrees = fovGuess
        calibrator.intrinsicsPath = intrinsics
        calibrator.lensModel = LensModel(rawValue: lens) ?? .pinhole
        calibrator.fitsReadout = !noReadout
        calibrator.platform = recording.platform
        calibrator.progress = { message($0) }
        calibrator.rawLogRead = { reportReading($0, logger: Messages.logger) }
        let outcome: RigCalibrator.Outcome
        do {
            outcome = try folder.map { try calibrator.calibrate(recordFolder: $0) } ?? calibrator.calibrate(clip: video ?? "", log: log)
        } catch let error as RigCalibrationError {
            throw CommandFailure(commandLineText(error))
        }
        let report = CalibrationReport(outcome, intrinsicsPath: intrinsics)
        report.lines.forEach { print($0) }
        let rig = outcome.rig
        if outcome.offsetAlone == nil, let warning = rig.fit?.warning, !warning.isEmpty { message("warning: \(warning)") }
        if let calibrationOutput {
            // The fit is done: a signal now waits until the file is written and in place, never leaving half of it.
            let finishing = StopSignals()
            try rig.write(to: calibrationOutput)
            try outputs.commit()
            withExtendedLifetime(finishing) {}
            print("wrote \(calibrationOutput.path)" + (rig.knowsOnlyTimeOffset ? " (the time offset only)" : ""))
        }
        message(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
        report.clockLines.forEach { print($0) }
    }

    /// The library's error with the options named where it names what they give.
    private func commandLineText(_ error: RigCalibrationError) -> String {
        switch error {
        case .logNeeded(let reason?): return "--log is needed: \(reason)"
        case .logNeeded(nil):
            return "--log is needed: the IMU's raw log of the clip's minutes (only an OpenCamera Sensors folder "
                + "or a video with its own gpmd or camm track as --video carries its own)"
        default: return error.description
        }
    }

    private func message(_ text: String) {
        Messages.logger.info("calibrate: \(text)")
    }
}
