import AttitudeLog
import AttitudeMath
import Calibration
import Camera
import Foundation
import Pixels
import Rig

/// An attitude drawn over a video held to that video's picture (`SpanHold`): the video's corners tracked for as long
/// as they live (`ClipTracks`), the picture's own turn over spans of `spanSeconds` read through the camera the die is
/// drawn with (`ClipTracks.pictureSpans`), and the attitude's drift from span to span taken out. `attitude fuse --video
/// --hold-to-picture` and drawing a raw log over its video with `--hold-to-picture` both call `hold`, so the log written
/// draws what the raw log draws.
public enum PictureHold {
    /// `log` (its attitudes worldFromS, S the IMU's frame; the mount is the drawing's) held to the picture of `video`,
    /// whose frame at video time v shows log time v + `timeOffsetSeconds`. Rays are read through `camera`, the camera the die
    /// is drawn with, at the video's size (`drawingCamera(_:size:)`): a lens model's over the whole picture, a pinhole's
    /// over its central points alone (`CentralRegion.pinholeShare`: a pinhole may stand for a wide lens's centre);
    /// and the mount `deviceFromIMU` (v_D = R·v_S). The log keeps its times, start time and frame; with too few spans
    /// it is returned as it is, and `progress` says so. Progress and a summary go to `progress`.
    public static func hold(_ log: AttitudeLog, video: String, timeOffsetSeconds offset: Double, camera: GivenCamera,
                            deviceFromIMU: Quaternion, progress: (String) -> Void) throws -> AttitudeLog {
        let clip = try ClipTracks.read(path: video) { progress("\(video): \($0)") }
        let lensCamera = drawingCamera(camera, size: clip.size)
        let centralShare = lensCamera.lens == .pinhole ? CentralRegion.pinholeShare : nil
        let spans = try clip.pictureSpans(camera: lensCamera, seconds: ClipTracks.spanSeconds, every: ClipTracks.spanStep,
                                          centralShare: centralShare)
        let samples = log.samples
        let times = samples.map(\.t), attitudes = samples.map(\.worldFromDevice)
        guard let hold = SpanHold(times: times, attitudes: attitudes, spans: spans, frameTimes: clip.frameTimes, timeOffsetSeconds: offset,
                                  cameraFromIMU: CameraFrame.cameraFromDevice * deviceFromIMU) else {
            progress(String(format: "%@: not held to the picture: %d spans of %g s read from it lie within the log, and holding needs %d "
                            + "(a clip of %.1f s or more whose corners live through each span); the attitude is the log's",
                            video, spans.count, ClipTracks.spanSeconds, SpanHold.Parameters().minimumSpans,
                            ClipTracks.clipSeconds(holding: SpanHold.Parameters().minimumSpans)))
            return log
        }
        let held = hold.held(times: times, attitudes: attitudes)
        let rates = hold.spans.map(\.driftRate)
        let mean = Angle.degrees(fromRadians: rates.reduce(SIMD3<Double>.zero, +) / Double(rates.count))
        progress(String(format: "%@: held to the picture over %d of %d spans of %g s%@: the attitude drifted %.3f, %.3f, %.3f °/s about S's x, y, z "
                        + "on average; held, it ends %.2f° from the log's, the drift smoothed over %g s", video, hold.spans.count,
                        hold.spansCompared, ClipTracks.spanSeconds,
                        centralShare == nil ? "" : " (the pinhole's central points)",
                        mean.x, mean.y, mean.z, SpanHold.turnDegrees(from: attitudes[attitudes.count - 1], to: held[held.count - 1]),
                        SpanHold.Parameters().smoothingSeconds))
        // Given on the log's own clock (the samples' times are from its first), so that the log keeps its start time.
        return try AttitudeLog(samples: zip(samples, held).map { AttitudeSample(t: $0.t + log.startTime, worldFromDevice: $1) },
                               frame: log.frame, path: log.path)
    }

    /// The camera a die is drawn with over a video of `size`, given as `camera`: a camera and lens (a calibration's
    /// or `--intrinsics`) scaled to that size, the pinhole of a vertical field of view (`--fov`), or, given none, the pinhole
    /// of drawing's default 60°.
    public static func drawingCamera(_ camera: GivenCamera, size: PictureSize) -> LensCamera {
        switch camera {
        case .intrinsics(let given, _):
            return LensCamera(pinhole: given.pinhole.fitted(to: size), lens: given.lens)
        case .fieldOfView(let fieldOfView):
            return LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: fieldOfView.degrees, size: size), lens: .pinhole)
        case .none:
            return LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: PinholeCamera.defaultFieldOfViewDegrees, size: size), lens: .pinhole)
        }
    }
}
