import AttitudeLog
import AttitudeMath
import CalibrationFiles
import Camera
import FileAccess
import Footage
import Foundation
import Imaging
import Logging
import LogLoading
import Rig
import SafeText

/// `attitude fuse LOG --video CLIP [--calibration cal.yaml]`: the attitude a raw log (or the video itself, when it carries
/// its own motion track) gives when drawn over the video, written as an attitude log that draws the same die as the raw log.
public struct FuseOverVideoJob {
    public var input: String
    public var video: String
    /// A `steady-dice calibrate` file: its gyroscope bias and its clip offset (`TimeOffset.seconds(pairing: .clip)`).
    public var calibration: String?
    /// The vertical field of view the die will be drawn with where the calibration leaves the camera out (nil: drawing's
    /// default: the lens profile of the camera the video names, else 60°); the picture's rotations are read through it.
    public var fieldOfView: FieldOfView?
    /// Whether the attitude is held to the video's picture (`PictureHold`, `--hold-to-picture`); false: the gyroscope's
    /// alone between the accelerometer's levellings.
    public var holdsToPicture = false

    public init(input: String, video: String, calibration: String?, fieldOfView: FieldOfView? = nil, holdsToPicture: Bool = false) {
        self.input = input
        self.video = video
        self.calibration = calibration
        self.fieldOfView = fieldOfView
        self.holdsToPicture = holdsToPicture
    }

    /// Reads the log with the calibration's gyroscope bias (when the file has one, whatever it determined of the camera
    /// and the mount), placed on the video by the time rule (`Timeline.timeOffsetSeconds`: the calibration's clip offset,
    /// else a video's own track's timeline, else 0). The file is applied to a clip by the one rule (`Rig.apply`): a live rig's
    /// offset is told to `notes`, for the command to say, and not applied. Refused when, at the offset, the log covers none
    /// of the video's frames (`LogMissesTheVideo`).
    public func footage(logger: Logger, notes: (RigNote) -> Void) throws -> AttitudeLogOverVideo {
        let applied = try self.applied(notes: notes)
        if let calibration, applied.gyroBiasRadiansPerSecond == nil {
            logger.info("\(MessageText.line(calibration)): no gyroscope bias written: the gyroscope is taken as it reads")
        }
        let calibrationOffset = applied.timeOffset?.seconds(pairing: .clip)
        let bias = applied.gyroBiasRadiansPerSecond
        var footage = try AttitudeLogOverVideo(path: input, gyroBiasRadiansPerSecond: bias, logger: logger) { log in
            let offset = Timeline.timeOffsetSeconds(given: calibrationOffset, logIsTheVideo: InputFile.sameFile(input, video),
                                                    trackStart: log.startTime)
            try Timeline(timeOffsetSeconds: offset, hasVideo: true)
                .checkCoverage(logDuration: log.duration, videoEnd: try VideoFrameTimes(path: video).end, log: input, video: video)
            return offset
        }
        guard holdsToPicture, footage.fusion != nil else { return footage }
        let reading = try pictureReading(applied)
        if let profile = reading.profile {
            logger.info("the picture read through \(profile), as drawing over \(MessageText.line(video)) draws")
        }
        footage.log = try PictureHold.hold(footage.log, video: video, timeOffsetSeconds: footage.timeOffsetSeconds, camera: reading.camera,
                                              deviceFromIMU: reading.deviceFromIMU) {
            logger.info("\($0)")
        }
        return footage
    }

    /// What the picture is read through to hold the attitude: the camera and mount the die will be drawn with over the
    /// video, by drawing's one choice (`LensProfileCamera.drawnCamera`; the identity mount where none is applied), and
    /// the lens profile where it stands in for the camera.
    func pictureReading(_ applied: AppliedRig) throws -> (camera: GivenCamera, deviceFromIMU: Quaternion, profile: LensProfileCamera?) {
        let camera = try LensProfileCamera.drawnCamera(applied.camera, overVideo: video)
        return (camera.given, applied.deviceFromIMU ?? .identity, camera.profile)
    }

    /// The calibration file, or none, read once and applied to a clip and its log with `fieldOfView` given beside it, by
    /// drawing's one rule (`Rig.apply`: a field of view given for a camera the file determines is refused); the rule's notes
    /// on the offset (a live rig's, not applied) told to `notes`. The camera and the mount it leaves undetermined are
    /// read through drawing's defaults (`holdsToPicture`), and not told here.
    func applied(notes: (RigNote) -> Void) throws -> AppliedRig {
        let rig = try calibration.map { (try Rig.read(path: $0), $0) }
        let applied = try Rig.apply(rig, given: RigOverrides(camera: fieldOfView.map { .fieldOfView($0) } ?? .none), clock: .clip)
        for note in applied.notes where note.about == .timeOffset { notes(note) }
        return applied
    }

    /// Writes the footage's attitude to `output`, its comments saying what it is for, the calibration and the offset;
    /// returns the samples written. What applying the calibration notes is told to `notes` as it is found, for the command
    /// to say in its own words (with its options).
    @discardableResult
    public func run(writingTo output: OutputFiles.Staged, logger: Logger, notes: (RigNote) -> Void) throws -> [AttitudeSample] {
        let footage = try footage(logger: logger, notes: notes)
        var comments = ["attitude for drawing \(input) over \(video), by steady-dice: \(footage.fusion?.summary(atSample: 0) ?? "an attitude log")"]
        if let calibration { comments.append("calibration: \(calibration)") }
        comments.append(String(format: "time offset %+.6f s (log time = video time + offset)", footage.timeOffsetSeconds))
        try AttitudeLog.write(samples: footage.log.samples, frame: footage.log.frame, comments: comments, to: output)
        return footage.log.samples
    }
}

extension FuseJob {
    /// The gyroscope bias a `steady-dice calibrate` file writes (rad/s in S), nil when it writes none, whatever the file
    /// determined of the camera and the mount.
    public static func gyroBiasRadiansPerSecond(calibration: String) throws -> SIMD3<Double>? {
        try Rig.apply((Rig.read(path: calibration), calibration), given: RigOverrides(), clock: .clip).gyroBiasRadiansPerSecond
    }
}
