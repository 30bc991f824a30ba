import AttitudeLog
import AttitudeMath
import Camera
import FileAccess
import Foundation
import Imaging
import Logging
import LogLoading
import Rig
import SafeText

/// `attitude fuse LOG --video CLIP [--calibration cal.yaml]`: the attitude a raw log (or the video itself, when it carries
/// its own motion track) gives when drawn over the video, written as an attitude log that draws the same die as the raw log.
public struct FootageFuseJob {
    public var input: String
    public var video: String
    /// A `steady-dice calibrate` file: its gyroscope bias and its clip offset (`TimeOffset.seconds(pairing: .clip)`).
    public var calibration: String?
    /// Degrees: the vertical field of view the die will be drawn with where the calibration leaves the camera out (nil:
    /// drawing's default, 60°); the picture's rotations are read through it.
    public var fieldOfViewDegrees: Double?
    /// Whether the attitude is held to the video's picture (`FootagePicture`, `--hold-to-picture`); false: the gyroscope's
    /// alone between the accelerometer's levellings.
    public var holdsToPicture = false

    public init(input: String, video: String, calibration: String?, fieldOfViewDegrees: Double? = nil, holdsToPicture: Bool = false) {
        self.input = input
        self.video = video
        self.calibration = calibration
        self.fieldOfViewDegrees = fieldOfViewDegrees
        self.holdsToPicture = holdsToPicture
    }

    /// Reads the log with the calibration's gyroscope bias (when the file has one, whatever it determined of the camera
    /// and the mount), placed on the video by the time rule (`Timeline.offset`: the calibration's clip offset, else a
    /// video's own track's timeline, else 0). Refused when, at the offset, the log covers none of the video's frames
    /// (`LogMissesTheVideo`).
    public func footage(logger: Logger) throws -> FootageAttitudeLog {
        let timing = try calibration.map { try Rig.readTiming(path: $0) }
        if let calibration, timing?.gyroBias == nil {
            logger.info("\(MessageText.line(calibration)): no gyroscope bias written: the gyroscope is taken as it reads")
        }
        let calibrationOffset = timing?.timeOffset.seconds(pairing: .clip)
        var footage = try FootageAttitudeLog(path: input, gyroBias: timing?.gyroBias, logger: logger) { log in
            let offset = Timeline.offset(given: calibrationOffset, logIsTheVideo: InputFile.sameFile(input, video), trackStart: log.startTime)
            try Timeline(offset: offset, hasVideo: true).checkCoverage(logDuration: log.duration, videoEnd: try VideoFrameTimes(path: video).end,
                                                                       log: input, video: video)
            return offset
        }
        guard holdsToPicture, footage.fusion != nil else { return footage }
        // The picture read through the camera and mount the die will be drawn with: the calibration's where it determines
        // them, else drawing's defaults (the pinhole of `fieldOfViewDegrees`, else 60°; the identity mount).
        let rig = try calibration.map { try Rig.read(path: $0) }
        let camera = { (width: Int, height: Int) -> LensCamera in
            if let rig, rig.determines(Undetermined.cameraKey) { return rig.camera }
            return LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: fieldOfViewDegrees ?? 60, width: width, height: height), lens: .pinhole)
        }
        let mount = rig.flatMap { $0.determines(Undetermined.mountKey) ? $0.deviceFromIMU : nil } ?? .identity
        let samples = footage.log.samples
        let held = try FootagePicture.hold(times: samples.map(\.t), attitudes: samples.map(\.worldFromDevice), video: video,
                                           offset: footage.timeOffset, camera: camera, deviceFromIMU: mount) { logger.info("\($0)") }
        // Samples given on the log's own clock, so that the log keeps its start time.
        let start = footage.log.startTime
        footage.log = try AttitudeLog(samples: zip(samples, held.attitudes).map { AttitudeSample(t: $0.t + start, worldFromDevice: $1) },
                                      frame: footage.log.frame, path: input)
        return footage
    }

    /// Writes the footage's attitude to `output`, its comments saying what it is for, the calibration and the offset;
    /// returns the samples written.
    @discardableResult
    public func run(writingTo output: OutputFiles.Staged, logger: Logger) throws -> [AttitudeSample] {
        let footage = try footage(logger: logger)
        var comments = ["attitude for drawing \(input) over \(video), by steady-dice: \(footage.fusion?.summary(atSample: 0) ?? "an attitude log")"]
        if let calibration { comments.append("calibration: \(calibration)") }
        comments.append(String(format: "time offset %+.6f s (log time = video time + offset)", footage.timeOffset))
        try AttitudeLog.write(samples: footage.log.samples, frame: footage.log.frame, comments: comments, to: output)
        return footage.log.samples
    }
}

extension FuseJob {
    /// The gyroscope bias a `steady-dice calibrate` file writes (rad/s in S), nil when it writes none, whatever the file
    /// determined of the camera and the mount.
    public static func gyroBias(calibration: String) throws -> SIMD3<Double>? {
        try Rig.readTiming(path: calibration).gyroBias
    }
}
