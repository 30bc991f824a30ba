import AttitudeLog
import AttitudeMath
import Calibration
import CalibrationFiles
import Camera
import Footage
import Foundation
import LensProfiles
import Pixels
import RawLog
import RecordFolder
import Recording
import Rig

/// Calibrates a camera against an IMU: a clip and the IMU's log (raw, an attitude log, or the video's own motion
/// track), or a folder `steady-dice record` wrote. It chooses the log, integrates the gyroscope, tracks the clip,
/// centres the offset search where the clocks say, fits (`CameraIMUCalibration`) and returns the `Rig`, with the
/// offset on the clock it pairs (`TimeOffset.Clock.live` for a record folder). It prints nothing: progress goes to
/// `progress`, a raw log's reader notes to `rawLogRead`, and failures are thrown (`RigCalibrationError`,
/// `CalibrationError`, the readers' errors).
///
///     let rig = try RigCalibrator().calibrate(clip: "clip.mp4", log: "raw.csv").rig
///     try rig.write(path: "cal.yaml")
public struct RigCalibrator {
    /// Seconds: offsets this far either side of the clocks' own guess (or of 0) are searched. Nil: where the clocks
    /// give a guess, `CameraIMUCalibration.defaultSearchRange` either side of it; else every offset at which the
    /// clip lies inside the log.
    public var searchRangeSeconds: Double?

    /// The search ranges a calibration takes (`searchRangeSeconds`), seconds.
    public static let searchRangeLimits = 0.01...Rig.largestTimeOffsetSeconds

    /// The first guesses of the vertical field of view a calibration takes (`verticalFieldOfViewGuessDegrees`): those
    /// the fit accepts, degrees.
    public static let fieldOfViewGuessLimits = CameraIMUCalibration.fittedFieldOfViewRange

    /// Refuses settings no calibration can start from: a field-of-view guess or a search range outside its limits.
    func checkSettings() throws(RigCalibrationError) {
        guard Self.fieldOfViewGuessLimits.contains(verticalFieldOfViewGuessDegrees) else {
            throw .setting(name: "the field of view's first guess", value: verticalFieldOfViewGuessDegrees, unit: "°",
                           limits: Self.fieldOfViewGuessLimits)
        }
        if let searchRangeSeconds, !Self.searchRangeLimits.contains(searchRangeSeconds) {
            throw .setting(name: "the offsets' search range", value: searchRangeSeconds, unit: " s", limits: Self.searchRangeLimits)
        }
    }

    /// The seconds searched either side of a guess the clocks give.
    private var rangeAroundAGuess: Double { searchRangeSeconds ?? CameraIMUCalibration.defaultSearchRange }
    /// A starting vertical field of view, degrees.
    public var verticalFieldOfViewGuessDegrees = PinholeCamera.defaultFieldOfViewDegrees
    /// A camera known beforehand (an OpenCV calibration file): only the offset, the mount and the bias are fitted.
    public var intrinsicsPath: String?
    /// The lens to estimate when no camera is known.
    /// Nil: as the camera says, a fisheye for a GoPro (its own GPMF track is the log: every HERO's wide modes are
    /// fisheye lenses), else the pinhole.
    public var lensModel: LensModel?
    /// Whether a video whose file names its camera starts from its bundled lens profile (`LensProfiles`) where neither
    /// `lensModel` nor `intrinsicsPath` is given: the profile's fisheye, its coefficients the lens's start and its focal
    /// length the first guess, all refined by the frame pairs' fit; over spans, its lens with the focal length fitted.
    /// Off by default: on the real GoPro clip it left the camera undetermined and the die drifted further
    /// (docs/calibration.md, "Starting from a lens profile"); drawing without a calibration takes the profile anyway.
    public var startsFromLensProfile = false
    /// Whether the rolling shutter's readout is fitted.
    public var fitsReadout = true
    /// The platform a raw or attitude log was recorded on, where its format leaves the axes open.
    public var platform: SensorLoggerPlatform?
    /// The clip's tracks when the caller has them already (`ClipTracks.read` of the same clip or folder): a clip
    /// calibrated several ways (with and without a known camera, with another lens) is tracked once. Nil: the clip is
    /// tracked here.
    public var tracks: ClipTracks?
    /// Hears each step, one line each.
    public var progress: (String) -> Void = { _ in }
    /// Hears each raw log read (its notes and gaps are worth a warning).
    public var rawLogRead: (RawIMULog) -> Void = { _ in }

    public init() {}

    /// What a calibration found: the rig, and what the clocks said beside it.
    public struct Outcome {
        public var rig: Rig
        /// The camera given with `intrinsicsPath`.
        public var knownCamera: LensCamera?
        /// When only the offset is determined: the rates' correlation at it and its standard error, seconds.
        public var offsetAlone: (correlation: Double, standardErrorSeconds: Double)?
        /// Seconds: offset 0 on the video's own timeline (its motion track and its frames share it), when they do.
        public var videoTimelineOffsetSeconds: Double?
        /// Seconds: the offset the frames' own stamps and the log's give (they share the phone's clock), when they do.
        public var stampOffsetSeconds: Double?
    }

    // MARK: - A clip and a log

    /// Calibrates the clip at `clip` (a video file, a folder of pictures with a times file, or an OpenCamera Sensors
    /// folder) against `log` (a raw log in any format `attitude fuse` reads, or an attitude log). Without a log, the
    /// clip must carry its own: an OpenCamera Sensors folder, or a video with a gpmd or camm track.
    public func calibrate(clip: String, log: String? = nil) throws -> Outcome {
        try checkSettings()
        let sameClock = RecordingFolder.open(clip)?.producer == .openCameraSensors
        // A video file may carry its camera's own motion (a GoPro's gpmd track, a camm track): it is its own log.
        let ownTrack = log == nil && !sameClock && RawLogReader.isRawLog(path: clip)
        guard let log = log ?? (sameClock || ownTrack ? clip : nil) else {
            throw RigCalibrationError.logNeeded(reason: nil)
        }
        let gyro: GyroIntegral
        var logClockStart: Double?
        var videoTimelineStart: Double?
        var lens = lensModel ?? .pinhole
        let profile = try lensProfile(clip: clip)
        if let profile {
            lens = .fisheye
            progress("\(clip): \(profile): starting from it (its fisheye coefficients, its focal length the first guess); the fit refines them")
        }
        if RawLogReader.isRawLog(path: log) {
            let raw: RawIMULog
            do {
                raw = try RawLogReader.read(path: log, platform: platform)
            } catch let error as RawLogError where ownTrack {
                throw RigCalibrationError.logNeeded(reason: "\(error)")
            }
            guard raw.count >= 2 else { throw RigCalibrationError.tooFewSamples(path: log) }
            gyro = GyroIntegral(time: raw.time, rate: raw.gyro)
            logClockStart = raw.clockStart
            if raw.format == .gpmf || raw.format == .camm {
                rawLogRead(raw)
                videoTimelineStart = raw.time[0]
            }
            if raw.format == .gpmf, log == clip, lensModel == nil, intrinsicsPath == nil, profile == nil {
                lens = .fisheye
                progress("\(clip): a GoPro's own track (GPMF): estimating a fisheye lens, as its wide modes have (give a pinhole lens for a linear mode)")
            }
        } else {
            // No gyroscope: the attitude's own differences over its time stamps.
            let attitude = try AttitudeLog.load(path: log, platform: platform)
            guard attitude.samples.count >= 2 else { throw RigCalibrationError.tooFewSamples(path: log) }
            gyro = GyroIntegral(time: attitude.samples.map(\.t), attitude: attitude.samples.map(\.worldFromDevice))
            progress("\(log): an attitude log, no gyroscope: the angular rate comes from its attitude, differenced over its own "
                     + "time stamps (\(attitude.samples.count) samples)")
        }
        var stampOffset: Double?
        var timelineOffset: Double?
        // A video's own motion track is in the camera's axes by its format: drawing takes the identity mount where the
        // fit leaves it undetermined, and so do the spans.
        let trackInCameraAxes = videoTimelineStart != nil && log == clip
        var outcome = try fit(clipPath: clip, gyro: gyro, lens: lens, trackInCameraAxes: trackInCameraAxes, describe: "\(clip) with \(log)",
                              profile: profile) { tracks in
            // A video's own motion track is timed on the video's timeline, as its frames are: offset 0 there is
            // the first frame's time less the track's first sample's.
            if let trackStart = videoTimelineStart, log == clip, let firstFrame = tracks.frameTimes.first {
                timelineOffset = firstFrame - trackStart
                progress(String(format: "the frames and the motion track share the video's timeline: searching ±%g s around it", rangeAroundAGuess))
                return timelineOffset
            }
            // Frames and gyroscope stamped on one clock: the stamps say where to look.
            guard let frameStart = tracks.stampClockStart, let logStart = logClockStart, log == clip else { return nil }
            progress(String(format: "the frames and the gyroscope share the phone's clock: by their stamps the offset is %.4f s; "
                            + "searching ±%g s around it", frameStart - logStart, rangeAroundAGuess))
            stampOffset = frameStart - logStart
            return stampOffset
        }
        outcome.videoTimelineOffsetSeconds = timelineOffset
        outcome.stampOffsetSeconds = stampOffset
        return outcome
    }

    /// The lens profile the clip at `clip` starts from: where `startsFromLensProfile` and no lens model and no camera are given,
    /// and the clip is a video file that names a camera with a bundled profile (`LensProfileCamera.profile(forVideo:)`; a folder
    /// of pictures or a recording names none).
    func lensProfile(clip: String) throws -> LensProfileChoice? {
        guard startsFromLensProfile, lensModel == nil, intrinsicsPath == nil else { return nil }
        return try LensProfileCamera.profile(forVideo: clip)
    }

    // MARK: - A record folder

    /// Calibrates a folder `steady-dice record` wrote: the frames and the packets were timed on this machine's
    /// CLOCK_MONOTONIC as they came, so the offset found is the rig's live one (`TimeOffset.Clock.live`). The angular
    /// rate is the packets' gyroscope when all carry one, else the attitude's differences over their arrival times.
    public func calibrate(recordFolder folder: String) throws -> Outcome {
        try checkSettings()
        let recording = try RigRecording(folder: folder)
        if !recording.finished {
            progress("\(folder): the recording was interrupted (rig.yaml has no end): using the \(recording.frameCount) frames and "
                     + "\(recording.arrival.count) imud packets it wrote")
        }
        if recording.unsettledPackets > 0 {
            progress("\(recording.unsettledPackets) imud packets left out: fusion had not settled, or imud was stopping")
        }
        let gyro: GyroIntegral
        if let rate = recording.rate {
            gyro = GyroIntegral(time: recording.arrival, rate: rate)
            progress("\(recording.arrival.count) imud packets with their angular rate (the gyroscope)")
        } else {
            gyro = GyroIntegral(time: recording.arrival, attitude: recording.attitude)
            progress("\(recording.arrival.count) imud packets without an angular rate: it comes from the attitude, differenced over "
                     + "the packets' arrival times")
        }
        progress("frames timed by \(recording.fields["frame_times_note"] ?? recording.fields["frame_times"] ?? "an unnamed clock")")
        // Video time counts from the first frame and log time from the first packet; both are CLOCK_MONOTONIC, so
        // a live offset of 0 is this shift, and the live offset is the offset found minus it.
        let shift = recording.firstFrameTime - recording.arrival[0]
        var outcome = try fit(clipPath: recording.framesFolder, gyro: gyro, lens: lensModel ?? .pinhole, trackInCameraAxes: false,
                              describe: folder, profile: nil) { _ in
            progress(String(format: "one clock: searching live offsets within ±%g s", rangeAroundAGuess))
            return shift
        }
        outcome.rig.timeOffset.seconds -= shift
        outcome.rig.timeOffset.clock = .live
        return outcome
    }

    // MARK: - The fit

    /// Tracks the clip and fits it against `gyro`, searching around `centre(tracks)` when it gives one; then judges the
    /// frame pairs' gyroscope bias against the picture's own turn over spans (`judgeOnSpans`).
    private func fit(clipPath: String, gyro: GyroIntegral, lens: LensModel, trackInCameraAxes: Bool, describe: String,
                     profile: LensProfileChoice?, centre: (ClipTracks) -> Double?) throws -> Outcome {
        let known = try intrinsicsPath.map { try LensCamera.read(path: $0) }
        let clip = try tracks ?? ClipTracks.read(path: clipPath) { progress("\(clipPath): \($0)") }
        var calibration = CameraIMUCalibration(size: clip.size, frameTimes: clip.frameTimes, gyro: gyro,
                                               verticalFieldOfViewGuessDegrees: verticalFieldOfViewGuessDegrees, progress: progress)
        if let searchCentre = centre(clip) {
            calibration.searchCentre = searchCentre
            calibration.searchRange = rangeAroundAGuess
        } else {
            calibration.searchRange = searchRangeSeconds
        }
        calibration.lensModel = lens
        if let profile, profile.camera.pinhole.size == clip.size {
            calibration.startingCamera = profile.camera
        }
        calibration.fitsReadout = fitsReadout
        if let known, let intrinsicsPath {
            calibration.knownCamera = known
            progress("the camera is \(intrinsicsPath)'s (\(known.lens.modelName) lens): fitting the offset, the mount and the bias")
        }
        do {
            var answer = try calibration.fit(clip.tracks)
            try judgeOnSpans(&answer.rig, clip: clip, gyro: gyro, trackInCameraAxes: trackInCameraAxes, profile: calibration.startingCamera.flatMap { _ in profile })
            return Outcome(rig: answer.rig, knownCamera: known, offsetAlone: answer.offsetAlone)
        } catch CalibrationError.intrinsicsSize(let size, let clipSize) where intrinsicsPath != nil {
            throw RigCalibrationError.intrinsicsSize(path: intrinsicsPath!, size: size, clip: clipPath, clipSize: clipSize)
        } catch let error as CalibrationError {
            throw RigCalibrationError.calibration(describe, error)
        }
    }
}

extension RigCalibrator {
    /// Degrees: the vertical fields of view searched for the pinhole that makes the spans' turns the gyroscope's.
    static let spanFieldOfViewRange = 20.0...120.0

    /// What the picture's own turn over spans of seconds says (docs/calibration.md, "Over spans"), in three steps: the mount
    /// the spans are measured with (`spanMount`), the camera where the frame pairs left it undetermined
    /// (`spanFieldOfView`), and the gyroscope's bias against the frame pairs' (`spanBias`). Through the camera and mount
    /// the die will be drawn with: the fit's where determined, else a pinhole of the guessed field of view (its central
    /// points) and, for a video's own motion track, the identity. Where the rates gave the time offset alone, a video's
    /// own track is measured the same way, through the identity its format gives.
    func judgeOnSpans(_ rig: inout Rig, clip: ClipTracks, gyro: GyroIntegral, trackInCameraAxes: Bool, profile: LensProfileChoice? = nil) throws {
        guard rig.knowsOnlyTimeOffset else {
            guard let deviceFromIMU = spanMount(&rig, clip: clip, trackInCameraAxes: trackInCameraAxes) else { return }
            try judgeOnSpans(&rig, clip: clip, gyro: gyro, deviceFromIMU: deviceFromIMU, trackInCameraAxes: trackInCameraAxes, profile: profile)
            return
        }
        // The rates gave the offset alone. A video's own track still gives the mount by its format, and through it the
        // spans give the field of view and the bias; a camera they leave undetermined is not kept (no fit found one).
        guard trackInCameraAxes, clip.uprightTurnDegrees == 0 else {
            progress("the picture's turn over spans is not measured: only the time offset is known"
                     + (trackInCameraAxes ? " (the frames are turned \(clip.uprightTurnDegrees)° upright, so the track's axes are not the picture's)" : ""))
            return
        }
        rig.deviceFromIMU = .identity
        _ = Determination.takeTrackAxes(&rig)
        progress("mount: the identity, as the motion track's format puts it in the camera's own axes (the rates gave the time offset alone)")
        try judgeOnSpans(&rig, clip: clip, gyro: gyro, deviceFromIMU: .identity, trackInCameraAxes: true, profile: profile)
        if !rig.determines(.camera) { rig.camera = nil }
    }

    /// The spans through the mount `deviceFromIMU`: the field of view where the rig's camera is undetermined (through the
    /// `profile`'s lens where the clip starts from one, else a pinhole's central points), then the bias.
    private func judgeOnSpans(_ rig: inout Rig, clip: ClipTracks, gyro: GyroIntegral, deviceFromIMU: Quaternion, trackInCameraAxes: Bool,
                              profile: LensProfileChoice?) throws {
        let spans = SpanMeasure(clip: clip, gyro: gyro, timeOffsetSeconds: rig.timeOffset.seconds,
                                cameraFromIMU: CameraFrame.cameraFromDevice * deviceFromIMU)
        let guess = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: verticalFieldOfViewGuessDegrees, size: clip.size))
        var camera = (lens: guess, centralOnly: true, words: String(format: "the guessed %g° pinhole's central points", verticalFieldOfViewGuessDegrees))
        if let profile { camera = (profile.camera, false, "the lens profile's camera") }
        if let found = rig.camera, rig.determines(.camera) {
            camera = (found, false, "the fit's camera")
        } else if intrinsicsPath == nil, let through = try spanFieldOfView(&rig, spans: spans, profile: profile) {
            camera = (through, profile == nil, profile == nil ? "that pinhole's central points" : "the lens profile's fisheye at that field of view")
        }
        let through = camera.words + (trackInCameraAxes && deviceFromIMU == .identity ? " and the identity mount (the track's own axes)" : "")
        try spanBias(&rig, spans: spans, camera: camera.lens, centralOnly: camera.centralOnly, through: through)
    }

    /// The spans' clip, gyroscope, offset (log time = video time + offset) and mount, with their corners paired once
    /// (all of them, and the central ones), and their fit through a camera.
    struct SpanMeasure {
        var clip: ClipTracks
        var gyro: GyroIntegral
        var timeOffsetSeconds: Double
        /// C from S: v_C = M·v_S.
        var cameraFromIMU: Quaternion
        let all: [ClipTracks.SpanCorners], central: [ClipTracks.SpanCorners]

        init(clip: ClipTracks, gyro: GyroIntegral, timeOffsetSeconds: Double, cameraFromIMU: Quaternion) {
            self.clip = clip; self.gyro = gyro; self.timeOffsetSeconds = timeOffsetSeconds; self.cameraFromIMU = cameraFromIMU
            all = clip.spanCorners(seconds: ClipTracks.spanSeconds, every: ClipTracks.spanStep)
            central = clip.spanCorners(seconds: ClipTracks.spanSeconds, every: ClipTracks.spanStep,
                                       centralShare: CentralRegion.pinholeShare)
        }

        /// The spans' fit through `camera`, from the central corners alone when `centralOnly`.
        func fit(through camera: LensCamera, centralOnly: Bool) throws -> SpanBias? {
            let spans = try ClipTracks.pictureSpans(centralOnly ? central : all, camera: camera)
            return SpanBias.fit(spans, frameTimes: clip.frameTimes, gyro: gyro, timeOffsetSeconds: timeOffsetSeconds, cameraFromIMU: cameraFromIMU,
                                overlap: ClipTracks.spanSeconds / ClipTracks.spanStep)
        }
    }

    /// The mount the spans are measured with (D from S): the fit's where determined; for a video's own motion track whose
    /// frames are not turned upright, the identity its format gives, written into `rig` (`Determination.takeTrackAxes`);
    /// else nil, and the spans are not measured.
    func spanMount(_ rig: inout Rig, clip: ClipTracks, trackInCameraAxes: Bool) -> Quaternion? {
        if rig.determines(.mount), let deviceFromIMU = rig.deviceFromIMU { return deviceFromIMU }
        if trackInCameraAxes, clip.uprightTurnDegrees == 0 {
            _ = Determination.takeTrackAxes(&rig)
            progress("mount: the identity, as the motion track's format puts it in the camera's own axes (the frame pairs left it undetermined)")
            return .identity
        }
        progress("the picture's turn over spans is not measured: the mount is not determined"
                 + (trackInCameraAxes ? " (the frames are turned \(clip.uprightTurnDegrees)° upright, so the track's axes are not the picture's)" : "")
                 + ", and drawing takes it by hand")
        return nil
    }

    /// The pinhole whose turns over the spans are as large as the gyroscope's (`SpanBias.fieldOfView`, searched over `range`,
    /// degrees), written into `rig` where `Determination.judge(_:spanFieldOfView:…)` takes it; that pinhole, or nil. With a
    /// `profile`, its lens instead of the pinhole, at each field of view searched (its principal point and coefficients
    /// kept: given values, not estimates), through all the points.
    func spanFieldOfView(_ rig: inout Rig, spans: SpanMeasure, range: ClosedRange<Double> = spanFieldOfViewRange,
                         profile: LensProfileChoice? = nil) throws -> LensCamera? {
        let clip = spans.clip
        func pinhole(_ fov: Double) -> LensCamera {
            let pinhole = LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: fov, size: clip.size))
            guard let profile, var through = LensCamera(verticalFieldOfViewDegrees: fov, size: clip.size,
                                                        lens: profile.camera.lens) else { return pinhole }
            through.pinhole.cx = profile.camera.pinhole.cx
            through.pinhole.cy = profile.camera.pinhole.cy
            return through
        }
        guard let best = try SpanBias.fieldOfView(range: range,
                                                  spans: { try spans.fit(through: pinhole($0), centralOnly: profile == nil) }) else {
            progress(String(format: "over spans of %g s no one field of view within %.0f° to %.0f° makes the picture's turn as large as the gyroscope's",
                            ClipTracks.spanSeconds, range.lowerBound, range.upperBound))
            return nil
        }
        let judged = Determination.judge(&rig, spanFieldOfView: best.degrees, standardErrorFraction: best.standardErrorFraction,
                                         size: clip.size, camera: profile.map { _ in pinhole(best.degrees) })
        if let profile {
            progress(String(format: "over spans of %g s the picture's own turn gives a %.2f° field of view ± %.1f%% through lens profile %@'s fisheye "
                            + "(fx %.1f px): %@", ClipTracks.spanSeconds, best.degrees, best.standardErrorFraction * 100, profile.profile.name,
                            pinhole(best.degrees).pinhole.fx,
                            judged ? "written, as the frame pairs left the camera undetermined; the lens's coefficients are the profile's, given, not estimated"
                                : String(format: "not written (more than %.0f%%)", Determination.fieldOfViewErrorLimitFraction * 100)))
            return judged ? pinhole(best.degrees) : nil
        }
        progress(String(format: "over spans of %g s the picture's own turn gives a %.2f° pinhole ± %.1f%% about its centre: %@",
                        ClipTracks.spanSeconds, best.degrees, best.standardErrorFraction * 100,
                        judged ? "written, as the frame pairs left the camera undetermined (a pinhole: a wide lens's edges are not described)"
                            : String(format: "not written (more than %.0f%%)", Determination.fieldOfViewErrorLimitFraction * 100)))
        return judged ? pinhole(best.degrees) : nil
    }

    /// The spans' bias through `camera`, judged against the frame pairs' (`Determination.judge(_:spans:)`) and said on
    /// stderr with both; `through` words the camera and mount.
    func spanBias(_ rig: inout Rig, spans: SpanMeasure, camera: LensCamera, centralOnly: Bool, through: String) throws {
        guard let fit = try spans.fit(through: camera, centralOnly: centralOnly) else {
            progress(String(format: "the picture's turn over spans of %g s: fewer than %d spans with %d points tracked through (a clip under %g s, "
                            + "or corners that do not live through a span): %@", ClipTracks.spanSeconds, PictureSpan.fewestForAFit,
                            ClipTracks.minimumSpanPoints, ClipTracks.clipSeconds(holding: PictureSpan.fewestForAFit),
                            rig.gyroBiasRadiansPerSecond == nil ? "no bias is written" : "the frame pairs' bias stands"))
            return
        }
        let degrees = Angle.degrees(fromRadians: 1.0)
        let bias = fit.gyroBiasRadiansPerSecond * degrees, error = fit.standardErrorRadiansPerSecond * degrees
        let biasText = String(format: "%.3f,%.3f,%.3f °/s ± %.3f, %.3f, %.3f", bias.x, bias.y, bias.z, error.x, error.y, error.z)
        let head = String(format: "over %d of %d spans of %g s, through %@, the picture's own turn gives the gyroscope bias %@ (RMS %.2f°, %.2f°, %.2f° a span)",
                          fit.spansUsed, fit.spansGiven, ClipTracks.spanSeconds, through, biasText,
                          fit.residualRMS.x * degrees, fit.residualRMS.y * degrees, fit.residualRMS.z * degrees)
        switch Determination.judge(&rig, spans: fit) {
        case .undetermined:
            progress(head + String(format: ": no better than %.1f °/s, so the frame pairs' stands", Determination.gyroBiasErrorLimitRadiansPerSecond * degrees))
        case .agrees:
            progress(head + String(format: ": within %g standard errors of the frame pairs', which stands", Determination.spanAgreement))
        case .replaced(let previous?, let off?):
            progress(head + String(format: "; the frame pairs' %@ is %.1f standard errors off (a move taken for a turn): the spans' is written",
                                   Rig.gyroBiasText(previous), off))
        case .replaced(let previous?, nil):
            progress(head + "; the frame pairs' \(Rig.gyroBiasText(previous)) came with no standard error: the spans' is written")
        case .replaced(nil, _):
            progress(head + "; the frame pairs left it undetermined: the spans' is written")
        }
    }
}

/// Why `RigCalibrator` cannot calibrate, beside the readers' own errors.
public enum RigCalibrationError: Error, CustomStringConvertible {
    /// No log was given and the clip carries none (`reason`: why the clip's own track could not be read).
    case logNeeded(reason: String?)
    case tooFewSamples(path: String)
    /// The known camera's picture size is not the clip's.
    case intrinsicsSize(path: String, size: PictureSize, clip: String, clipSize: PictureSize)
    /// The fit of `what` (the clip and the log, or the folder) failed.
    case calibration(String, CalibrationError)
    /// A setting (`RigCalibrator.verticalFieldOfViewGuessDegrees`, `searchRangeSeconds`) outside the `limits` it may take.
    case setting(name: String, value: Double, unit: String, limits: ClosedRange<Double>)

    public var description: String {
        switch self {
        case .logNeeded(let reason?):
            return "a log is needed: \(reason)"
        case .logNeeded(nil):
            return "a log is needed: the IMU's raw log of the clip's minutes (only an OpenCamera Sensors folder or a video with its "
                + "own gpmd or camm track carries its own)"
        case .tooFewSamples(let path):
            return "\(path): fewer than two samples"
        case .intrinsicsSize(let path, let size, let clip, let clipSize):
            return "\(path): the intrinsics are for \(size) pictures, \(clip)'s are \(clipSize)"
        case .calibration(let what, let error):
            return "\(what): \(error)"
        case .setting(let name, let value, let unit, let limits):
            return String(format: "%@ of %g%@ is outside %g%@ to %g%@", name, value, unit, limits.lowerBound, unit, limits.upperBound, unit)
        }
    }
}
