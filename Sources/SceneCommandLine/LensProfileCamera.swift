import CommandLineSupport
import FileAccess
import LensProfiles
import Rig

/// The camera drawing takes where nothing else gives one (no `--fov`, no `--intrinsics`, no camera a calibration
/// determines) over a video whose file names a camera with a bundled lens profile (`LensProfiles.choice(forVideo:)`),
/// in place of the default pinhole; and the one line that says so.
struct LensProfileCamera {
    var choice: LensProfileChoice

    /// The profile for the video at `path`, nil where it names no camera with a profile (or is no regular file: a FIFO
    /// or a device is not opened here, and the background's reader names what is wrong with it).
    static func choice(forVideo path: String) throws -> LensProfileCamera? {
        guard FileKind.of(path) == .regular else { return nil }
        return try LensProfiles.choice(forVideo: path).map { LensProfileCamera(choice: $0) }
    }

    /// The camera as drawing takes it: the profile's, scaled to the video, named by its profile.
    var given: GivenCamera { .intrinsics(choice.camera, path: "lens profile \(choice.profile.name)") }

    /// The line said where no calibration's note says how the camera is drawn.
    var line: String { "camera: \(choice); give --fov or --intrinsics for another" }

    /// The line said in place of a calibration's note that it leaves the camera undetermined; nil for any other note.
    func line(replacing note: RigNote) -> String? {
        guard case .cameraUndetermined(let path, .none) = note.fact else { return nil }
        return RigNote.drawnLine(path: path, undetermined: "camera", drawn: "through \(choice); give --fov or --intrinsics for another")
    }
}
