import AttitudeMath
import Calibration
import Camera
import Foundation

/// An attitude drawn over a video held to that video's picture (`PictureCorrection`): the video's corners tracked pair
/// by pair (`ClipTracks`), each pair's rotation read through the camera the die is drawn with, and the gyroscope-led
/// attitude's slow drift from the picture taken out.
public enum FootagePicture {
    /// `attitudes` (worldFromS) at `times` (the log's clock) held to the picture of `video`, whose frame at video time v
    /// shows log time v + `offset`; rays through `camera(width, height)` (the drawing's camera at the video's size) and
    /// the mount `deviceFromIMU` (v_D = R·v_S). Progress and a summary go to `progress`.
    public static func hold(times: [Double], attitudes: [Quaternion], video: String, offset: Double,
                            camera: (_ width: Int, _ height: Int) -> LensCamera, deviceFromIMU: Quaternion,
                            progress: (String) -> Void) throws -> (attitudes: [Quaternion], correction: PictureCorrection) {
        let clip = try ClipTracks.read(path: video) { progress("\(video): \($0)") }
        let correction = PictureCorrection(times: times, attitudes: attitudes, frameTimes: clip.frameTimes, offset: offset,
                                           tracks: clip.tracks, camera: camera(clip.width, clip.height),
                                           cameraFromIMU: CameraFrame.cameraFromDevice * deviceFromIMU)
        progress(String(format: "%@: held to the picture: %d of %d frame pairs' rotations read from it; it turned the gyroscope's attitude by "
                        + "%.2f° by the last frame (%.3f °/s on average), smoothed over %.1f s", video, correction.pictureUsedPairs,
                        correction.pairs, correction.endTurnDegrees, correction.driftDegreesPerSecond,
                        PictureCorrection.Parameters().smoothingSeconds))
        return (zip(times, attitudes).map { correction.corrected($1, atLogTime: $0) }, correction)
    }
}
