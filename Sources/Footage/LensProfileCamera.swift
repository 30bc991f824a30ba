import FileAccess
import Imaging
import LensProfiles
import Pixels
import Rig

/// The camera drawing takes where nothing else gives one (no `--fov`, no `--intrinsics`, no camera a calibration
/// determines) over a video whose file names a camera with a bundled lens profile (`profile(forVideo:)`),
/// in place of the default pinhole: the one rule that drawing (`DrawingSettings.apply`) and the footage's attitude held to
/// its picture (`attitude fuse --hold-to-picture`) both ask.
public struct LensProfileCamera: Equatable, Sendable, CustomStringConvertible {
    public var choice: LensProfileChoice

    public init(choice: LensProfileChoice) {
        self.choice = choice
    }

    /// The profile for the video at `path`, nil where it names no camera with a profile (or is no regular file: a FIFO
    /// or a device is not opened here, and the background's reader names what is wrong with it).
    public static func choice(forVideo path: String) throws -> LensProfileCamera? {
        guard FileKind.of(path) == .regular else { return nil }
        return try profile(forVideo: path).map { LensProfileCamera(choice: $0) }
    }

    /// The bundled profile for the video at `path` (`LensProfiles.choice(forVideo:container:)`), its container read
    /// through `VideoFile`; nil where the file is no video FFmpeg opens, states no picture size, or names no camera with
    /// a profile. A bundled profile that cannot be read is an error of the install, thrown naming it.
    public static func profile(forVideo path: String) throws(LensProfileError) -> LensProfileChoice? {
        guard let video = try? VideoFile(path: path), let size = try? PictureSize(width: video.info.width, height: video.info.height)
        else { return nil }
        return try LensProfiles.choice(forVideo: path, container: VideoContainerTags(firmware: video.info.firmware, size: size,
                                                                                    rotation: video.info.rotation))
    }

    /// The profile that stands in for `given` over `video`: where no camera is given (`.none`) and the video names a
    /// camera with a profile; nil otherwise.
    public static func standIn(for given: GivenCamera, overVideo video: String?) throws -> LensProfileCamera? {
        guard given == .none, let video else { return nil }
        return try choice(forVideo: video)
    }

    /// The camera drawing takes over `video` once a calibration, or none, and what is given beside it are applied
    /// (`Rig.apply`): the file's where it determines one, else the one given, else (where that is none) the lens
    /// profile of the camera the video names, returned too for the notes. Drawing and `attitude fuse --video
    /// --hold-to-picture` read the picture through this one choice.
    public static func drawnCamera(_ applied: AppliedRig.DrawingCamera, overVideo video: String?) throws
        -> (given: GivenCamera, profile: LensProfileCamera?) {
        let given = applied.asGiven
        guard let profile = try standIn(for: given, overVideo: video) else { return (given, nil) }
        return (profile.given, profile)
    }

    /// The camera as drawing takes it: the profile's, scaled to the video, named by its profile.
    public var given: GivenCamera { .intrinsics(choice.camera, source: "lens profile \(choice.profile.name)") }

    /// Which lens, from which profile, at which size, and what of it is a guess.
    public var description: String { choice.description }

    /// `notes` with this camera said: in place of a calibration's note that it left the camera undetermined and drew it
    /// through the default pinhole, else after them.
    public func notes(replacing notes: [RigNote]) -> [RigNote] {
        var said = false
        var out = notes.map { note -> RigNote in
            guard case .cameraUndetermined(let path, .none) = note.fact else { return note }
            said = true
            return RigNote(.cameraFromLensProfile(path: path, profile: description))
        }
        if !said { out.append(RigNote(.cameraFromLensProfile(path: nil, profile: description))) }
        return out
    }
}
