import ArgumentParser
import AttitudeMath
import Calibration
import FileAccess
import Foundation
import CommandLineSupport
import Composition
import Imaging
import RawLog

/// `steady-dice calibrate`: the camera's time offset, focal length and mount from a handheld clip and
/// the IMU's raw log, with no calibration target.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find a camera's time offset, focal length and mount relative to an IMU from a clip and the IMU's raw log.")

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip: a video file (MP4, MOV, MKV, AVI: anything FFmpeg decodes; each frame timed by its presentation time), taken while the camera and the IMU turned together.",
                               valueName: "CLIP"))
    var video: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The IMU's raw log of the same minutes, in any format `attitude fuse` reads (the gyroscope is used).",
                               valueName: "RAW"))
    var log: String

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

    @Option(name: [.customShort("o"), .long], parsing: .unconditional,
            help: ArgumentHelp("Write the calibration here as an OpenCV FileStorage file (.yaml, .yml or .xml), for --calibration.",
                               valueName: "cal.yaml"))
    var output: String?

    func validate() throws {
        guard fovGuess > 5, fovGuess < 170 else { throw ValidationError("--fov-guess must be between 5 and 170 degrees") }
        guard maxOffset.isFinite, maxOffset >= 0.01, maxOffset <= CameraIMUCalibrationFile.largestTimeOffset else {
            throw ValidationError("--max-offset must be a number of seconds from 0.01 to \(Int(CameraIMUCalibrationFile.largestTimeOffset))")
        }
        if let output, !["yaml", "yml", "xml"].contains((output as NSString).pathExtension.lowercased()) {
            throw ValidationError("--output must name a .yaml, .yml or .xml file")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        do {
            let started = Date()
            let outputs = OutputFiles(inputs: [video, log] + (intrinsics.map { [$0] } ?? []))
            let known = try intrinsics.map { try CalibratedCamera.read(path: $0) }
            let calibrationOutput = try output.map { try outputs.stage($0, option: "--output") }
            let raw = try RawLogReader.read(path: log, platform: recording.platform)
            guard raw.count >= 2 else { throw CommandFailure("\(log): fewer than two samples") }
            let gyro = GyroIntegral(time: raw.time, rate: raw.gyro)
            let clip = try ClipTracks.read(path: video) { message("\(video): \($0)") }
            var calibration = CameraIMUCalibration(width: clip.width, height: clip.height, frameTimes: clip.frameTimes,
                                                   gyro: gyro, fieldOfViewGuessDegrees: fovGuess,
                                                   progress: { message($0) })
            calibration.searchRange = maxOffset
            if let known, let intrinsics {
                guard known.pinhole.width == clip.width, known.pinhole.height == clip.height else {
                    throw CommandFailure("\(intrinsics): the intrinsics are for \(known.pinhole.width)x\(known.pinhole.height) pictures, "
                                   + "\(video)'s are \(clip.width)x\(clip.height)")
                }
                calibration.knownCamera = known.lensCamera
                message("the camera is \(intrinsics)'s (\(known.lens.modelName) lens): fitting the offset, the mount and the bias")
            }
            let result: CameraIMUCalibrationResult
            do {
                result = try calibration.fit(clip.tracks)
            } catch CalibrationError.onlyOffset(let offset, let correlation, let reason) {
                // What is known, marked as what it is; nothing else is written as if it were measured.
                print(String(format: "time offset %.4f s (log time = video time + offset), from the rotation rates alone "
                             + "(correlation %.2f)", offset, correlation))
                print("field of view and mount: not determined: \(reason)")
                if let calibrationOutput {
                    try CameraIMUCalibrationFile.offsetOnly(timeOffset: offset, reason: reason).write(to: calibrationOutput)
                    try outputs.commit()
                    print("wrote \(calibrationOutput.path) (the time offset only)")
                }
                message(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
                return
            } catch let error as CalibrationError {
                throw CommandFailure("\(video) with \(log): \(error)")
            }
            let errors = result.uncertainty
            print(String(format: "time offset %.4f s%@ (log time = video time + offset)", result.timeOffset,
                         errors.map { String(format: " ± %.3f ms", $0.timeOffsetSeconds * 1000) } ?? ""))
            if let known, let intrinsics {
                print(String(format: "vertical field of view %.3f° (given: %@, fx %.2f, fy %.2f px, %@ lens)", result.verticalFieldOfViewDegrees,
                             intrinsics, known.pinhole.fx, known.pinhole.fy, known.lens.modelName))
            } else {
                print(String(format: "vertical field of view %.3f°%@ (fx = fy = %.2f px, principal point at the centre)",
                             result.verticalFieldOfViewDegrees,
                             errors.map { String(format: " ± %.3f%%", $0.verticalFieldOfViewFraction * 100) } ?? "", result.camera.fx))
            }
            let q = result.deviceFromIMU.w < 0 ? -result.deviceFromIMU : result.deviceFromIMU
            print(String(format: "mount imu_to_camera %.6f,%.6f,%.6f,%.6f (v_D = R·v_S)", q.w, q.x, q.y, q.z)
                  + (errors.map { String(format: " ± %.3f°, %.3f°, %.3f° about the camera's x, y, z", $0.mountDegrees.x,
                                         $0.mountDegrees.y, $0.mountDegrees.z) } ?? ""))
            let turned = result.turnedDegrees
            print(String(format: "turned %.0f° about the camera's x (tilt), %.0f° about y (pan), %.0f° about z (roll), "
                         + "summed over the frame pairs used", turned.x, turned.y, turned.z))
            let bias = result.gyroBias * 180 / .pi
            print(String(format: "gyroscope bias %.3f,%.3f,%.3f °/s (in the IMU's frame; estimated with the rest, not written)",
                         bias.x, bias.y, bias.z))
            print(String(format: "residual %.3f °/s over %d of %d frames (%d without texture, %d translating or mistracked, "
                         + "%d outside the log)", result.residualDegreesPerSecond, result.framesUsed, result.framesTotal,
                         result.untextured, result.translated, result.outsideLog))
            if !result.warning.isEmpty { message("warning: \(result.warning)") }
            if let calibrationOutput {
                var file = CameraIMUCalibrationFile(camera: result.camera, deviceFromIMU: q, timeOffset: result.timeOffset,
                                             residualDegreesPerSecond: result.residualDegreesPerSecond,
                                             framesUsed: result.framesUsed, framesTotal: result.framesTotal,
                                             warning: result.warning, turnedDegrees: result.turnedDegrees,
                                             uncertainty: errors.map {
                                                 .init(timeOffsetSeconds: $0.timeOffsetSeconds,
                                                       verticalFieldOfViewFraction: $0.verticalFieldOfViewFraction,
                                                       mountDegrees: $0.mountDegrees)
                                             })
                file.lens = known?.lens ?? .pinhole
                try file.write(to: calibrationOutput)
                try outputs.commit()
                print("wrote \(calibrationOutput.path)")
            }
            message(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
        }
    }

    private func message(_ text: String) {
        Messages.logger.info("calibrate: \(text)")
    }
}

/// Corners tracked through a whole clip, pair by pair.
struct ClipTracks {
    var width = 0, height = 0
    /// Each frame's presentation time, seconds from the stream's start.
    var frameTimes: [Double] = []
    var frameCount: Int { frameTimes.count }
    var tracks: [FramePairTracks] = []

    static func read(path: String, progress: (String) -> Void) throws -> ClipTracks {
        // A folder of pictures with a times file, or a video file.
        let sequence = FileKind.of(path) == .folder ? try ImageSequence(folder: path) : nil
        let video = sequence == nil ? try VideoFile(path: path) : nil
        let nextFrame: () throws -> VideoFrame? = { try sequence?.nextFrame() ?? video?.next() }
        let tracker = try FeatureTracker()
        var clip = ClipTracks()
        let expected = video?.frameCount ?? sequence?.frames.count
        while let frame = try nextFrame() {
            guard let time = frame.position else { throw ImagingError.video(path: path, reason: "frame \(clip.frameCount) has no time") }
            if clip.frameCount == 0 {
                clip.width = frame.image.width
                clip.height = frame.image.height
            } else if frame.image.width != clip.width || frame.image.height != clip.height {
                throw ImagingError.video(path: path, reason: "frame \(clip.frameCount) is \(frame.image.width)x\(frame.image.height), "
                                         + "not \(clip.width)x\(clip.height) as before")
            }
            let (points, _) = try tracker.push(frame.image, source: path)
            if clip.frameCount > 0 {
                clip.tracks.append(FramePairTracks(index: clip.frameCount - 1, from: points.map(\.from), to: points.map(\.to)))
            }
            clip.frameTimes.append(time)
            if clip.frameCount % 100 == 0 {
                progress("tracked \(clip.frameCount)" + (expected.map { " of \($0)" } ?? "") + " frames")
            }
        }
        guard clip.frameCount > 0 else { throw ImagingError.video(path: path, reason: "holds no frames") }
        if let video {
            clip.frameTimes = VideoFile.frameTimes(presentationTimes: clip.frameTimes, framesPerSecond: video.info.framesPerSecond,
                                                   tick: video.info.tick)
        }
        let span = (clip.frameTimes.last ?? 0) - (clip.frameTimes.first ?? 0)
        let periods = zip(clip.frameTimes.dropFirst(), clip.frameTimes).map { $0 - $1 }
        let rate = span > 0 ? String(format: "%.3f fps on average", Double(clip.frameCount - 1) / span) : "one frame"
        // Variable when the periods spread by more than a tenth of the mean: a container's clock rounds
        // a constant rate's periods by up to one tick (33 and 34 ms on Matroska's millisecond clock).
        let variable = span > 0 && (periods.max() ?? 0) - (periods.min() ?? 0) > 0.1 * span / Double(clip.frameCount - 1)
            ? String(format: ", frame periods %.1f to %.1f ms (a variable rate: each frame's own time is used)",
                     (periods.min() ?? 0) * 1000, (periods.max() ?? 0) * 1000) : ""
        progress(String(format: "tracked %d frames, %dx%d, ", clip.frameCount, clip.width, clip.height) + rate + variable
                 + ((video?.info.rotation ?? 0) != 0 ? ", turned \(video!.info.rotation)° clockwise upright as the file says" : "")
                 + (sequence.map { ", timed by \($0.timesFile)" } ?? ""))
        return clip
    }
}
