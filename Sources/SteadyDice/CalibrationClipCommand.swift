import ArgumentParser
import CommandLineSupport
import Composition
import AttitudeMath
import Calibration
import CSVText
import FileAccess
import Foundation
import Render
import Imaging
import RawLog
import SteadyDiceAssets

/// `steady-dice calibration-clip`: a synthetic calibration clip with known truth, for tests and the
/// benchmark: a textured panorama seen through a known camera, mount and time offset, turned by a
/// recorded reference attitude, as a lossless video beside a raw log whose gyroscope is made from the
/// same attitude.
struct CalibrationClip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibration-clip",
        abstract: "Make a synthetic calibration clip and its raw log, with the camera, mount and time offset known.")

    @Option(parsing: .unconditional, help: ArgumentHelp("A raw log with a reference attitude (a BROAD trial, .csv or .csv.xz) to move the camera; broad_02_excerpt names the bundled one.",
                               valueName: "TRIAL"), transform: { Examples.path(for: $0) })
    var trial: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Where in the trial the log starts, seconds on the trial's clock.", valueName: "S"))
    var start: Double = 10

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip's length, seconds.", valueName: "S"))
    var duration: Double = 5

    @Option(parsing: .unconditional, help: ArgumentHelp("The true vertical field of view, degrees.", valueName: "DEG"))
    var fov: Double = 60

    @Option(parsing: .unconditional, help: ArgumentHelp("The true mount R (v_D = R·v_S).", valueName: "w,x,y,z"))
    var mount: QuaternionArgument?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The true time offset: frame at video time t shows log time t + offset (within ±1 s).", valueName: "S"))
    var timeOffset: Double = 0

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A constant bias added to the logged gyroscope, degrees per second, in the IMU's frame.", valueName: "X,Y,Z"))
    var gyroBias: String = "0,0,0"

    @Option(parsing: .unconditional, help: ArgumentHelp("White noise added to each gyroscope axis and sample: its standard deviation, degrees per "
                               + "second (drawn from --seed).", valueName: "DEG/S"))
    var gyroNoise: Double = 0

    @Option(parsing: .unconditional, help: "Frame size, WxH.")
    var size: Size = Size(width: 320, height: 240)

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second.", valueName: "FPS"))
    var fps: Double = 30

    @Option(parsing: .unconditional, help: ArgumentHelp("The seed of the texture and of --gyro-noise: another seed, another world.", valueName: "N"))
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip to write: .mkv or .avi (FFV1, lossless), or .mp4 (H.264, lossy, as cameras "
                               + "record; to check calibrate on compressed frames).", valueName: "CLIP"))
    var video: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The raw log to write (steady-dice raw CSV).", valueName: "RAW.csv"))
    var log: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Also write the truth as a calibration file (as `calibrate --output` would).", valueName: "truth.yaml"))
    var truth: String?

    @Option(parsing: .unconditional, help: "Folder holding shaders/ and models/ (default: $STEADY_DICE_ASSETS, else the package's resource bundle beside the executable).")
    var assets: String?

    /// Degrees per second: a tenth of a MEMS gyroscope's largest full scale would already be a broken part.
    static let largestBias = 1000.0

    /// `--gyro-bias` in degrees per second.
    func parsedBias() throws -> SIMD3<Double> {
        do {
            let v = try OptionValues.numbers(gyroBias, counts: [3], shape: "X,Y,Z (degrees per second)")
            // A bias past this would take the logged rate out of any gyroscope's range (`SensorBounds`).
            guard v.allSatisfy({ abs($0) <= Self.largestBias }) else {
                throw ValidationError("each axis must be from -\(Int(Self.largestBias)) to \(Int(Self.largestBias)) degrees per second")
            }
            return SIMD3(v[0], v[1], v[2])
        } catch {
            throw ValidationError("--gyro-bias: \(error)")
        }
    }

    func validate() throws {
        _ = try parsedBias()
        guard gyroNoise >= 0, gyroNoise <= 100 else { throw ValidationError("--gyro-noise must be from 0 to 100 degrees per second") }
        guard fov > 5, fov < 170 else { throw ValidationError("--fov must be between 5 and 170 degrees") }
        guard duration > 0, duration <= 600 else { throw ValidationError("--duration must be from 0 to 600 seconds") }
        guard abs(timeOffset) <= 1 else { throw ValidationError("--time-offset must be within ±1 s") }
        guard fps > 0, fps <= 240 else { throw ValidationError("--fps must be from 0 to 240") }
        guard case .video? = VideoOutput.kind(of: video) else {
            throw ValidationError("--video must name a .mkv or .avi file (FFV1, lossless) or a .mp4 file (H.264)")
        }
        if let problem = VideoOutput.problem(path: video, width: size.width, height: size.height, framesPerSecond: fps) {
            throw ValidationError("--video \(video) at --size \(size.width)x\(size.height): \(problem)")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        do {
            let mount = self.mount?.quaternion ?? .identity
            let bias = try parsedBias()
            // Every output is checked before any work, and none is kept unless all were written.
            let outputs = OutputFiles(inputs: [trial, assets])
            let logOutput = try outputs.stage(log, option: "--log")
            let videoOutput = try outputs.stage(video, option: "--video")
            let truthOutput = try truth.map { try outputs.stage($0, option: "--truth") }
            let raw = try RawLogReader.read(path: trial)
            let motion: SyntheticMotion
            do {
                motion = try SyntheticMotion(reference: raw, start: start, duration: duration)
            } catch let error as CalibrationError {
                throw CommandFailure("\(trial): \(error)")
            }
            try logOutput.write(Data(motion.rawCSV(gyroBias: bias * .pi / 180, gyroNoise: gyroNoise * .pi / 180, seed: seed).utf8))
            let output = try VideoOutput(output: videoOutput, framesPerSecond: fps, width: size.width, height: size.height)
            let clip = SyntheticCalibrationClip(fieldOfViewDegrees: fov, width: size.width, height: size.height, framesPerSecond: fps,
                                       duration: duration, deviceFromIMU: mount, timeOffset: timeOffset, seed: seed)
            let camera = clip.camera
            let frames = try clip.render(motion: motion, assets: try Assets.locate(explicit: assets), to: output) { k, count in
                if k % 100 == 0 { Messages.logger.info("calibration-clip: \(k) of \(count) frames") }
            }
            try output.finish()
            if let truthOutput {
                try CameraIMUCalibrationFile(camera: camera, deviceFromIMU: mount, timeOffset: timeOffset, residualDegreesPerSecond: 0,
                                             framesUsed: frames, framesTotal: frames, warning: "").write(to: truthOutput)
            }
            try outputs.commit()
            print("wrote \(video) (\(frames) frames, \(size.width)x\(size.height) at \(fps) fps) and \(log) "
                  + "(\(motion.logTime.count) samples)")
        }
    }
}

