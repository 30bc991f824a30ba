import ArgumentParser
import Calibration
import Camera
import CommandLineSupport
import Foundation
import Rig
import RigCalibration

extension LensModel: ExpressibleByArgument {}

/// `steady-dice calibrate`'s options: a clip and its log, or a record folder; the starting guesses and the search; a known
/// camera or the lens to estimate; and the output. Checked together before any work, and turned into the calibrator.
public struct CalibrateOptions: ParsableArguments {
    public init() {}

    @Argument(help: ArgumentHelp("A folder `steady-dice record` wrote (instead of --video and --log).", valueName: "FOLDER"))
    public var folder: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The clip: a video file (MP4, MOV, MKV, AVI: anything FFmpeg decodes; each frame timed by its presentation time), taken while the camera and the IMU turned together; a folder of pictures with a times file; or an OpenCamera Sensors folder (its video timed by its frame stamps, its gyroscope the log).",
                               valueName: "CLIP"))
    public var video: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The IMU's raw log of the same minutes, in any format `attitude fuse` reads (the gyroscope is used), or an attitude log (no gyroscope: the angular rate comes from the attitude over its own time stamps). Not needed when --video is an OpenCamera Sensors folder.",
                               valueName: "RAW"))
    public var log: String?

    @OptionGroup public var recording: RecordingOptions

    @Option(name: .customLong("fov-guess"), parsing: .unconditional,
            help: ArgumentHelp("A starting vertical field of view, degrees.", valueName: "DEG"))
    public var verticalFieldOfViewGuessDegrees: Double = PinholeCamera.defaultFieldOfViewDegrees

    @Option(name: .customLong("max-offset"), parsing: .unconditional,
            help: ArgumentHelp("Search time offsets from -S to +S seconds only (log time 0 is the log's first row, video time 0 "
                               + "the clip's first frame; or about the offset the clocks give, when they share one). (default: "
                               + "every offset at which the clip lies inside the log; ±1 s about the clocks' own offset)",
                               valueName: "S"))
    public var maxOffsetSeconds: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A known camera: an OpenCV calibration file (camera_matrix, distortion_coefficients, image_width, "
                               + "image_height; distortion_model: fisheye for OpenCV's fisheye model). Tracked points become rays "
                               + "through its lens, and only the time offset, the mount and the gyroscope's bias are fitted.",
                               valueName: "FILE"))
    public var intrinsics: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The lens to estimate with the focal length: pinhole (none), radial (OpenCV's radial-tangential "
                               + "model: k1 and k2) or fisheye (OpenCV's fisheye model: k1 to k4). Not with --intrinsics. "
                               + "(default: fisheye for a GoPro's own track, else pinhole)",
                               valueName: "MODEL"))
    public var lens: LensModel?

    @Flag(name: .customLong("from-lens-profile"),
          help: ArgumentHelp("Start from the lens profile of the camera the video names (as drawing takes it without a calibration): "
                             + "its fisheye's coefficients and focal length, refined by the fit. Not with --lens or --intrinsics."))
    public var fromLensProfile = false

    @Flag(name: .customLong("no-readout"),
          help: "Take the camera's shutter as global: do not fit a rolling shutter's readout time.")
    public var noReadout = false

    @Option(name: [.customShort("o"), .long], parsing: .unconditional,
            help: ArgumentHelp("Write the calibration here as an OpenCV FileStorage file (.yaml, .yml or .xml), for --calibration.",
                               valueName: "cal.yaml"))
    public var output: String?

    public func validate() throws {
        guard (folder != nil) != (video != nil) else {
            throw ValidationError("give a folder `steady-dice record` wrote, or --video CLIP (with --log)")
        }
        if folder != nil, log != nil { throw ValidationError("--log with a record folder: the folder carries imud's packets") }
        // The calibrator's own limits (`RigCalibrator.checkSettings`), worded with the options.
        let guesses = RigCalibrator.fieldOfViewGuessLimits
        guard guesses.contains(verticalFieldOfViewGuessDegrees) else {
            throw ValidationError(String(format: "--fov-guess must be from %g to %g degrees", guesses.lowerBound, guesses.upperBound))
        }
        let ranges = RigCalibrator.searchRangeLimits
        if let maxOffsetSeconds, !ranges.contains(maxOffsetSeconds) {
            throw ValidationError(String(format: "--max-offset must be a number of seconds from %g to %g", ranges.lowerBound, ranges.upperBound))
        }
        if intrinsics != nil, let lens, lens != .pinhole {
            throw ValidationError("--lens estimates a lens; --intrinsics gives one: give one of them")
        }
        if fromLensProfile, lens != nil || intrinsics != nil {
            throw ValidationError("--from-lens-profile starts from the profile's lens; \(lens != nil ? "--lens" : "--intrinsics") gives another: give one of them")
        }
        if let output, !["yaml", "yml", "xml"].contains((output as NSString).pathExtension.lowercased()) {
            throw ValidationError("--output must name a .yaml, .yml or .xml file")
        }
    }

    /// The files the command reads, which no output may replace.
    public var inputs: [String] {
        (folder.map { [$0] } ?? [video, log].compactMap { $0 }) + (intrinsics.map { [$0] } ?? [])
    }

    /// The calibrator these options set up (its progress and reading callbacks are the caller's).
    public func calibrator() -> RigCalibrator {
        var calibrator = RigCalibrator()
        calibrator.searchRangeSeconds = maxOffsetSeconds
        calibrator.verticalFieldOfViewGuessDegrees = verticalFieldOfViewGuessDegrees
        calibrator.intrinsicsPath = intrinsics
        calibrator.lensModel = lens
        calibrator.startsFromLensProfile = fromLensProfile
        calibrator.fitsReadout = !noReadout
        calibrator.platform = recording.platform
        return calibrator
    }
}
