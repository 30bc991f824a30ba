import Composition
import Workers
import ArgumentParser
import AttitudeMath
import Calibration
import FileAccess
import AttitudeLog
import Foundation
import FusionJobs
import LiveRig
import Workers
import Recording
import CommandLineSupport
import Scene
import Imaging
import RawLog

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
        guard maxOffset.isFinite, maxOffset >= 0.01, maxOffset <= CameraIMUCalibrationFile.largestTimeOffset else {
            throw ValidationError("--max-offset must be a number of seconds from 0.01 to \(Int(CameraIMUCalibrationFile.largestTimeOffset))")
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
        if let folder { return try calibrateRig(folder: folder) }
        let video = self.video ?? ""
        let sameClock = RecordingFolder.open(video)?.producer == .openCameraSensors
        // A video file may carry its camera's own motion (a GoPro's gpmd track, a camm track): it is its own log.
        let ownTrack = log == nil && !sameClock && RawLogReader.isRawLog(path: video)
        guard let log = log ?? (sameClock || ownTrack ? video : nil) else {
            throw CommandFailure("--log is needed: the IMU's raw log of the clip's minutes (only an OpenCamera Sensors folder "
                                 + "or a video with its own gpmd or camm track as --video carries its own)")
        }
        let gyro: GyroIntegral
        var logClockStart: Double?
        var videoTimelineStart: Double?
        if RawLogReader.isRawLog(path: log) {
            let raw: RawIMULog
            do {
                raw = try RawLogReader.read(path: log, platform: recording.platform)
            } catch let error as RawLogError where ownTrack {
                throw CommandFailure("--log is needed: \(error)")
            }
            guard raw.count >= 2 else { throw CommandFailure("\(log): fewer than two samples") }
            gyro = GyroIntegral(time: raw.time, rate: raw.gyro)
            logClockStart = raw.clockStart
            if raw.format == .gpmf || raw.format == .camm {
                reportReading(raw, logger: Messages.logger)
                videoTimelineStart = raw.time[0]
            }
        } else {
            // No gyroscope: the attitude's own differences over its time stamps.
            let attitude = try AttitudeLog.load(path: log, platform: recording.platform)
            guard attitude.samples.count >= 2 else { throw CommandFailure("\(log): fewer than two samples") }
            gyro = GyroIntegral(time: attitude.samples.map(\.t), attitude: attitude.samples.map(\.worldFromDevice))
            message("\(log): an attitude log, no gyroscope: the angular rate comes from its attitude, differenced over its own "
                    + "time stamps (\(attitude.samples.count) samples)")
        }
        var stampOffset: Double?
        var timelineOffset: Double?
        let found = try solve(clipPath: video, inputs: [video, log], gyro: gyro, describe: "\(video) with \(log)") { clip in
            // A video's own motion track is timed on the video's timeline, as its frames are: offset 0 there is
            // the first frame's time less the track's first sample's.
            if let trackStart = videoTimelineStart, log == video, let firstFrame = clip.frameTimes.first {
                timelineOffset = firstFrame - trackStart
                message(String(format: "the frames and the motion track share the video's timeline: searching ±%g s around it", maxOffset))
                return timelineOffset
            }
            // Frames and gyroscope stamped on one clock: the stamps say where to look.
            guard let frameStart = clip.stampClockStart, let logStart = logClockStart, log == video else { return nil }
            message(String(format: "the frames and the gyroscope share the phone's clock: by their stamps the offset is %.4f s; "
                           + "searching ±%g s around it", frameStart - logStart, maxOffset))
            stampOffset = frameStart - logStart
            return stampOffset
        }
        if let found, let timelineOffset {
            print(String(format: "on the video's own timeline the offset is %.2f ms: the frame presented at t shows the motion "
                         + "the track stamps at t %@ %.2f ms", (found - timelineOffset) * 1000, found - timelineOffset < 0 ? "-" : "+",
                         abs(found - timelineOffset) * 1000))
        }
        if let found, let stampOffset {
            print(String(format: "the offset is %.2f ms after the frames' own stamps (they mark the first row's exposure; the "
                         + "offset is the middle row's)", (found - stampOffset) * 1000))
        }
    }

    /// A `record` folder: the frames and the packets were timed on this machine's CLOCK_MONOTONIC as they came, so the
    /// offset found is the rig's live one. The angular rate is the packets' gyroscope when all carry one, else the
    /// attitude's differences over the packets' arrival times.
    private func calibrateRig(folder: String) throws {
        let rig = try RigRecording(folder: folder)
        if !rig.finished {
            message("\(folder): the recording was interrupted (rig.yaml has no end): using the \(rig.frameCount) frames and "
                    + "\(rig.arrival.count) imud packets it wrote")
        }
        if rig.unsettledPackets > 0 { message("\(rig.unsettledPackets) imud packets left out: fusion had not settled, or imud was stopping") }
        let gyro: GyroIntegral
        if let rate = rig.rate {
            gyro = GyroIntegral(time: rig.arrival, rate: rate)
            message("\(rig.arrival.count) imud packets with their angular rate (the gyroscope)")
        } else {
            gyro = GyroIntegral(time: rig.arrival, attitude: rig.attitude)
            message("\(rig.arrival.count) imud packets without an angular rate: it comes from the attitude, differenced over "
                    + "the packets' arrival times")
        }
        message("frames timed by \(rig.fields["frame_times_note"] ?? rig.fields["frame_times"] ?? "an unnamed clock")")
        // Video time counts from the first frame and log time from the first packet; both are CLOCK_MONOTONIC, so
        // a live offset of 0 is this shift, and the live offset is the offset found minus it.
        let shift = rig.firstFrameTime - rig.arrival[0]
        try solve(clipPath: rig.framesFolder, inputs: [folder], gyro: gyro, describe: folder, liveShift: shift) { _ in
            message(String(format: "one clock: searching live offsets within ±%g s", maxOffset))
            return shift
        }
    }

    /// Tracks the clip, fits it against `gyro` (searching around `centre(clip)` when it gives one) and prints
    /// and writes the result. With `liveShift` the offset written is the live one: the fit's minus the shift.
    /// Returns the fit's offset (log time = video time + offset), also when only the offset was determined.
    @discardableResult
    private func solve(clipPath: String, inputs: [String], gyro: GyroIntegral, describe: String, liveShift: Double? = nil,
                       centre: (ClipTracks) -> Double?) throws -> Double? {
        let started = Date()
        let outputs = OutputFiles(inputs: inputs + (intrinsics.map { [$0] } ?? []))
        let known = try intrinsics.map { try CalibratedCamera.read(path: $0) }
        let calibrationOutput = try output.map { try outputs.stage($0, option: "--output") }
        let clip = try ClipTracks.read(path: clipPath) { message("\(clipPath): \($0)") }
        var calibration = CameraIMUCalibration(width: clip.width, height: clip.height, frameTimes: clip.frameTimes,
                                               gyro: gyro, fieldOfViewGuessDegrees: fovGuess,
                                               progress: { message($0) })
        calibration.searchRange = maxOffset
        if let searchCentre = centre(clip) { calibration.searchCentre = searchCentre }
        calibration.lensModel = LensModel(rawValue: lens) ?? .pinhole
        calibration.fitsReadout = !noReadout
        if let known, let intrinsics {
            guard known.pinhole.width == clip.width, known.pinhole.height == clip.height else {
                throw CommandFailure("\(intrinsics): the intrinsics are for \(known.pinhole.width)x\(known.pinhole.height) pictures, "
                               + "\(clipPath)'s are \(clip.width)x\(clip.height)")
            }
            calibration.knownCamera = known.lensCamera
            message("the camera is \(intrinsics)'s (\(known.lens.modelName) lens): fitting the offset, the mount and the bias")
        }
        let live = { (offset: Double) in liveShift.map { offset - $0 } ?? offset }
        let clockNote = liveShift == nil ? "log time = video time + offset"
            : "live: the frame timed t shows the attitude imud delivered at t + offset"
        var result: CameraIMUCalibrationResult
        do {
            result = try calibration.fit(clip.tracks)
        } catch CalibrationError.onlyOffset(let offset, let correlation, let standardError, let reason) {
            // What is known, marked as what it is; nothing else is written as if it were measured.
            print(String(format: "time offset %.4f s ± %.3f ms (%@), from the rotation rates alone (correlation %.2f)", live(offset),
                          standardError * 1000, clockNote, correlation))
            print("field of view and mount: not determined: \(reason)")
            if let calibrationOutput {
                var file = CameraIMUCalibrationFile.offsetOnly(timeOffset: live(offset), reason: reason)
                file.liveOffset = liveShift != nil
                // The fit is done: a signal now waits until the file is written and in place, never leaving half of it.
                let finishing = StopSignals()
                try file.write(to: calibrationOutput)
                try outputs.commit()
                withExtendedLifetime(finishing) {}
                print("wrote \(calibrationOutput.path) (the time offset only)")
            }
            message(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
            return offset
        } catch let error as CalibrationError {
            throw CommandFailure("\(describe): \(error)")
        }
        let fitOffset = result.timeOffset
        result.timeOffset = live(result.timeOffset)
        CalibrationReport(result: result, known: known.map { ($0, intrinsics ?? "") }, live: liveShift != nil).lines.forEach { print($0) }
        let errors = result.uncertainty
        let q = result.deviceFromIMU.w < 0 ? -result.deviceFromIMU : result.deviceFromIMU
        if !result.warning.isEmpty { message("warning: \(result.warning)") }
        if let calibrationOutput {
            var file = CameraIMUCalibrationFile(camera: result.camera, deviceFromIMU: q, timeOffset: result.timeOffset,
                                         residualDegreesPerSecond: result.residualDegreesPerSecond,
                                         framesUsed: result.framesUsed, framesTotal: result.framesTotal,
                                         warning: result.warning, turnedDegrees: result.turnedDegrees,
                                         uncertainty: errors.map {
                                             .init(timeOffsetSeconds: $0.timeOffsetSeconds,
                                                   verticalFieldOfViewFraction: $0.verticalFieldOfViewFraction,
                                                   mountDegrees: $0.mountDegrees, readoutSeconds: $0.readoutSeconds)
                                         })
            file.lens = result.lens
            file.readout = result.determines("rolling_shutter_readout_s") ? result.readout : nil
            file.undetermined = result.undetermined.map { ($0.key, $0.text) }
            if result.determines("gyro_bias"), let biasErrors = errors?.gyroBiasDegreesPerSecond {
                file.gyroBias = (result.gyroBias * 180 / .pi, biasErrors)
            }
            file.liveOffset = liveShift != nil
            // The fit is done: a signal now waits until the file is written and in place, never leaving half of it.
            let finishing = StopSignals()
            try file.write(to: calibrationOutput)
            try outputs.commit()
            withExtendedLifetime(finishing) {}
            print("wrote \(calibrationOutput.path)")
        }
        message(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
        return fitOffset
    }

    private func message(_ text: String) {
        Messages.logger.info("calibrate: \(text)")
    }
}

