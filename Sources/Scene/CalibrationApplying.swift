import CalibrationFiles
import Footage
import Foundation
import Rig

extension DrawingSettings {
    /// Applies `--calibration`'s rig (read from `path`, `Rig.read`), or none, and what the user `given` beside it, to an
    /// attitude source timed by `clock`, by the one rule (`Rig.apply(_:given:clock:)`): the camera (the file's as
    /// `--intrinsics path`, else the one `camera.given` holds, which is `given`'s), the mount, the time offset of the source's
    /// clock and the gyroscope bias. Returns what to say; refuses an option given for what the file determines and a
    /// file whose time offset is undetermined.
    /// Where that leaves no camera and `video`, the video drawn over, names a camera with a bundled lens profile, the
    /// camera is the profile's (`LensProfileCamera`), said in the notes.
    public mutating func apply(calibration: (rig: Rig, path: String)?, given: RigOverrides,
                               clock: TimeOffset.Clock, video: String? = nil) throws -> [RigNote] {
        let applied = try Rig.apply(calibration, given: given, clock: clock)
        let drawn = try LensProfileCamera.drawnCamera(applied.camera, overVideo: video)
        camera.given = drawn.given
        deviceFromIMU = applied.deviceFromIMU
        timeOffset = applied.timeOffset
        gyroBiasRadiansPerSecond = applied.gyroBiasRadiansPerSecond
        return drawn.profile?.notes(replacing: applied.notes) ?? applied.notes
    }

    /// `--calibration FILE` for a library user: the file read whole (`Rig.read`; a missing or bad key throws one line
    /// naming the file and the key) and applied beside these settings' camera and mount to a source timed by `clock`
    /// (`apply(calibration:given:clock:video:)`), over `video` where one is drawn over. Returns what to say (each note's
    /// `description` says it).
    public mutating func applyCalibration(path: String, clock: TimeOffset.Clock = .clip, video: String? = nil) throws -> [RigNote] {
        let given = RigOverrides(camera: camera.given, mount: deviceFromIMU.map { .rotation($0) } ?? .none)
        return try apply(calibration: (Rig.read(path: path), path), given: given, clock: clock, video: video)
    }
}
