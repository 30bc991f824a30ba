import Pixels
import SyntheticClip
import ArgumentParser
import AttitudeMath
import Calibration
import Camera
import CommandLineSupport
import CSVText
import Imaging
import Rig
import SceneCommandLine
import SteadyDiceAssets

/// `steady-dice calibration-clip`'s options: the truth a synthetic clip is made with (camera, lens, mount, time offset,
/// rolling shutter, blur, frame jitter, translation, gyroscope bias and noise), what moves it, and where it is written;
/// checked together before any work, and turned into the job that makes the clip.
public struct CalibrationClipOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp("A raw log with a reference attitude (a BROAD trial, .csv or .csv.xz) to move the camera; broad_02_excerpt names the bundled one.",
                               valueName: "TRIAL"), transform: { Examples.path(for: $0) })
    public var trial: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Where in the trial the log starts, seconds on the trial's clock.", valueName: "S"))
    public var start: Double = 10

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip's length, seconds.", valueName: "S"))
    public var duration: Double = 5

    @Option(name: .customLong("fov"), parsing: .unconditional,
            help: ArgumentHelp("The true vertical field of view, degrees.", valueName: "DEG"),
            transform: { try FieldOfView.parseOption($0) })
    public var fieldOfView = FieldOfView(fixedDegrees: PinholeCamera.defaultFieldOfViewDegrees)

    @Option(parsing: .unconditional, help: ArgumentHelp("The true mount R (v_D = R·v_S).", valueName: "w,x,y,z"))
    public var mount: QuaternionArgument?

    @Option(name: .customLong("time-offset"), parsing: .unconditional,
            help: ArgumentHelp("The true time offset: frame at video time t shows log time t + offset (within ±1 s).", valueName: "S"))
    public var timeOffsetSeconds: Double = 0

    @Option(name: .customLong("gyro-bias"), parsing: .unconditional,
            help: ArgumentHelp("A constant bias added to the logged gyroscope, degrees per second, in the IMU's frame (default: 0,0,0).",
                               valueName: "X,Y,Z"),
            transform: { try CalibrationClipOptions.gyroBias(fromOption: $0) })
    public var gyroBiasDegreesPerSecond: SIMD3<Double> = .zero

    @Option(name: .customLong("gyro-noise"), parsing: .unconditional, help: ArgumentHelp("White noise added to each gyroscope axis and sample: its standard deviation, degrees per "
                               + "second (drawn from --seed).", valueName: "DEG/S"))
    public var gyroNoiseDegreesPerSecond: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("The lens the clip is seen through: pinhole, radial (OpenCV's radial-tangential "
                               + "model) or fisheye (OpenCV's fisheye model); --fov is then the picture's height through it.",
                               valueName: "MODEL"))
    public var lens: LensModel = .pinhole

    @Option(parsing: .unconditional, help: ArgumentHelp("The lens's coefficients in OpenCV's order: k1,k2,p1,p2[,k3...] for radial, "
                               + "k1,k2,k3,k4 for fisheye.", valueName: "K1,K2,..."),
            transform: { try CalibrationClipOptions.coefficients(fromOption: $0) })
    public var distortion: [Double]?

    @Option(name: .customLong("readout"), parsing: .unconditional, help: ArgumentHelp("A rolling shutter: milliseconds from the first row's time to one row past the last "
                               + "(row y shows log time = video time + offset + readout × (y / height - 1/2), so --time-offset "
                               + "is the middle row's); 0 is a global shutter.", valueName: "MS"))
    public var readoutMilliseconds: Double = 0

    @Option(name: .customLong("exposure"), parsing: .unconditional, help: ArgumentHelp("Motion blur: each row is exposed for this many milliseconds, centred on its "
                               + "time (0: none).", valueName: "MS"))
    public var exposureMilliseconds: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("A variable frame rate, as phones record: each frame period is the mean period "
                               + "times 1 ± up to this share (0 to 0.9, drawn from --seed). Needs --video FOLDER/, whose "
                               + "frames.csv keeps each frame's time.", valueName: "SHARE"))
    public var frameJitter: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Translation: the camera moves up to this many metres from its place along a "
                               + "slow path (0.7, 0.45 and 0.9 Hz), inside a room of --room-radius whose walls carry the texture, "
                               + "so near walls slide against far ones.", valueName: "M"))
    public var translation: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("With --translation: the room's radius, metres.", valueName: "M"))
    public var roomRadius: Double = SyntheticCalibrationClip.defaultRoomRadius

    @Option(parsing: .unconditional, help: ArgumentHelp("The share of the recorded motion the camera turns (0 to 1; 0.02 is a rig that "
                               + "barely moves).", valueName: "SHARE"))
    public var motionScale: Double = 1

    @Option(parsing: .unconditional, help: "Frame size, WxH.")
    public var size: PictureSize = PictureSize(fixedWidth: 320, height: 240)

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second.", valueName: "FPS"))
    public var fps: Double = 30

    @Option(parsing: .unconditional, help: ArgumentHelp("The seed of the texture and of --gyro-noise: another seed, another world.", valueName: "N"))
    public var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip to write: .mkv or .avi (FFV1, lossless), .mp4 (H.264, lossy, as cameras "
                               + "record; to check calibrate on compressed frames), or a folder ending in '/' (PNG pictures and "
                               + "frames.csv with each one's time).", valueName: "CLIP"))
    public var video: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The raw log to write (steady-dice raw CSV).", valueName: "RAW.csv"))
    public var log: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Also write the IMU's true attitude at each log sample as an attitude log "
                               + "(t,qw,qx,qy,qz): an IMU that reports attitude and no gyroscope, as imud's stream may.", valueName: "FILE.csv"))
    public var attitudeLog: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Also write the truth as a calibration file (as `calibrate --output` would).", valueName: "truth.yaml"))
    public var truth: String?

    @OptionGroup public var assetsFolder: AssetsOptions

    /// `--assets`, where given.
    public var assets: String? { assetsFolder.assets }

    /// `--gyro-bias X,Y,Z` in degrees per second, each axis within what a calibration file may hold, so that the truth
    /// (`--truth`) is a file `--calibration` reads.
    static func gyroBias(fromOption text: String) throws -> SIMD3<Double> {
        let v = try OptionValues.numbers(text, counts: [3], shape: "X,Y,Z (degrees per second)")
        let largest = Rig.largestGyroBiasDegreesPerSecond
        guard v.allSatisfy({ abs($0) <= largest }) else {
            throw ValidationError("each axis must be from -\(Int(largest)) to \(Int(largest)) degrees per second")
        }
        return SIMD3(v[0], v[1], v[2])
    }

    /// `--distortion`'s numbers: as many as either model takes; which model is `--lens`'s, checked with it.
    static func coefficients(fromOption text: String) throws -> [Double] {
        try OptionValues.numbers(text, counts: [4, 5, 8, 12], shape: "K1,K2,K3,K4 or K1,K2,P1,P2[,K3...]")
    }

    /// The lens `--lens` and `--distortion` name.
    public func parsedLens() throws -> Lens {
        if lens == .pinhole {
            guard distortion == nil else { throw ValidationError("--distortion needs --lens radial or fisheye") }
            return .pinhole
        }
        guard let distortion else { throw ValidationError("--lens \(lens.rawValue) needs --distortion (its coefficients in OpenCV's order)") }
        if lens == .fisheye, distortion.count != 4 {
            throw ValidationError("--distortion: --lens fisheye takes 4 coefficients K1,K2,K3,K4, not \(distortion.count)")
        }
        switch Lens.make(model: lens.rawValue, coefficients: distortion) {
        case .success(let made): return made
        case .failure(let problem): throw ValidationError("--distortion: \(problem)")
        }
    }

    public func validate() throws {
        guard frameJitter >= 0, frameJitter <= SyntheticClipLimit.largestFrameJitter else {
            throw ValidationError("--frame-jitter must be from 0 to \(SyntheticClipLimit.largestFrameJitter)")
        }
        if frameJitter > 0, VideoOutput.kind(of: video) != .pngFolder {
            throw ValidationError("--frame-jitter needs --video FOLDER/: a video file here is written at a constant rate, a folder's "
                                  + "frames.csv keeps each frame's time")
        }
        if let broken = try job(frameTimes: false).brokenLimit { throw ValidationError(words(for: broken)) }
        try TimeOptions.checkTime(start, option: "--start")
        guard VideoOutput.kind(of: video) != nil else {
            throw ValidationError("--video must name a .mkv or .avi file (FFV1, lossless), a .mp4 file (H.264) or a folder ending in '/'")
        }
        if let problem = VideoOutput.problem(path: video, size: size, framesPerSecond: fps) {
            throw ValidationError("--video \(video) at --size \(size.width)x\(size.height): \(problem)")
        }
    }

    /// A limit of the clip's (`SyntheticClipLimit`) said with the option that broke it, and these options' values.
    func words(for limit: SyntheticClipLimit) -> String {
        let period = String(format: "%.1f", 1000 / fps)
        switch limit {
        case .lensReach: return "--fov \(fieldOfView.degrees): the lens's rays do not reach \(fieldOfView.degrees / 2)° from its axis"
        case .readout: return "--readout must be from 0 to one frame period (\(period) ms)"
        case .exposure: return "--exposure must be from 0 to one frame period (\(period) ms)"
        case .translation: return "--translation must be from 0 to half --room-radius (default \(String(format: "%g", SyntheticCalibrationClip.defaultRoomRadius)) m)"
        case .framesPerSecond: return "--fps must be from 0 to \(Int(SyntheticClipLimit.largestFramesPerSecond))"
        case .duration: return "--duration must be from 0 to \(Int(SyntheticClipLimit.largestDurationSeconds)) seconds"
        case .timeOffset: return "--time-offset must be within ±\(Int(SyntheticClipLimit.largestTimeOffsetSeconds)) s"
        case .motionScale: return "--motion-scale must be more than 0 and at most 1"
        case .gyroNoise:
            return "--gyro-noise must be from 0 to \(Int(SyntheticClipLimit.largestGyroNoiseDegreesPerSecond)) degrees per second"
        }
    }

    /// The clip and the job these options describe (the lens, bias and noise as the job takes them); with `frameTimes`
    /// false, a varying rate's frame times are left out (checking the limits before drawing them).
    public func job(frameTimes: Bool = true) throws -> CalibrationClipJob {
        var clip = SyntheticCalibrationClip(verticalFieldOfViewDegrees: fieldOfView.degrees, size: size,
                                            framesPerSecond: fps, duration: duration, deviceFromIMU: mount?.quaternion ?? .identity,
                                            timeOffsetSeconds: timeOffsetSeconds, seed: seed)
        clip.lens = try parsedLens()
        (clip.readoutSeconds, clip.exposureSeconds, clip.translation, clip.roomRadius) = (readoutMilliseconds / 1000, exposureMilliseconds / 1000, translation, roomRadius)
        if frameTimes, frameJitter > 0 {
            clip.frameTimes = SyntheticCalibrationClip.variableFrameTimes(count: clip.frameCount, framesPerSecond: fps, jitter: frameJitter, seed: seed)
        }
        return CalibrationClipJob(clip: clip, trial: trial, start: start, motionScale: motionScale,
                                  gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: gyroBiasDegreesPerSecond), gyroNoiseRadiansPerSecond: Angle.radians(fromDegrees: gyroNoiseDegreesPerSecond))
    }
}
