import AttitudeLog
import AttitudeMath
import Calibration
import Camera
import Foundation
import Rig

/// An attitude drawn over a video held to that video's picture (`PictureCorrection`): the video's corners tracked pair
/// by pair (`ClipTracks`), each pair's rotation read through the camera the die is drawn with, and the gyroscope-led
/// attitude's slow drift from the picture taken out. `attitude fuse --video --hold-to-picture` and drawing a raw log
/// over its video with `--hold-to-picture` both call `hold`, so the log written draws what the raw log draws.
public enum FootagePicture {
    /// `log` (its attitudes worldFromS, S the IMU's frame; the mount is the drawing's) held to the picture of `video`,
    /// whose frame at video time v shows log time v + `offset`. Rays are read through `camera`, the camera the die is drawn
    /// with, at the video's size (`drawingCamera(_:width:height:)`), and the mount `deviceFromIMU` (v_D = R·v_S). The log
    /// keeps its times, start time and frame. Progress and a summary go to `progress`.
    public static func hold(_ log: AttitudeLog, video: String, offset: Double, camera: GivenCamera,
                            deviceFromIMU: Quaternion, progress: (String) -> Void) throws -> AttitudeLog {
        let clip = try ClipTracks.read(path: video) { progress("\(video): \($0)") }
        let samples = log.samples
        let correction = PictureCorrection(times: samples.map(\.t), attitudes: samples.map(\.worldFromDevice),
                                           frameTimes: clip.frameTimes, offset: offset, tracks: clip.tracks,
                                           camera: drawingCamera(camera, width: clip.width, height: clip.height),
                                           cameraFromIMU: CameraFrame.cameraFromDevice * deviceFromIMU)
        progress(String(format: "%@: held to the picture: %d of %d frame pairs' rotations read from it; it turned the gyroscope's attitude by "
                        + "%.2f° by the last frame (%.3f °/s on average), smoothed over %.1f s", video, correction.pictureUsedPairs,
                        correction.pairs, correction.endTurnDegrees, correction.driftDegreesPerSecond,
                        PictureCorrection.Parameters().smoothingSeconds))
        // Given on the log's own clock (the samples' times are from its first), so that the log keeps its start time.
        return try AttitudeLog(samples: samples.map { AttitudeSample(t: $0.t + log.startTime,
                                                                     worldFromDevice: correction.corrected($0.worldFromDevice, atLogTime: $0.t)) },
                               frame: log.frame, path: log.path)
    }

    /// The camera a die is drawn with over a `width` x `height` video, given as `camera`: a camera and lens (a calibration's
    /// or `--intrinsics`) scaled to that size, the pinhole of a vertical field of view (`--fov`), or, given none, the pinhole
    /// of drawing's default 60°.
    public static func drawingCamera(_ camera: GivenCamera, width: Int, height: Int) -> LensCamera {
        switch camera {
        case .intrinsics(let given, _):
            return LensCamera(pinhole: given.pinhole.fitted(toWidth: width, height: height), lens: given.lens)
        case .fieldOfView(let degrees):
            return LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: degrees, width: width, height: height), lens: .pinhole)
        case .none:
            return LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: PinholeCamera.defaultFieldOfViewDegrees, width: width, height: height), lens: .pinhole)
        }
    }
}
