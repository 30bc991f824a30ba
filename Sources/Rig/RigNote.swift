import Foundation

/// What applying a calibration has to say, for the caller to word and print at its level (the command line names its
/// options: `CommandLineSupport`'s `commandLineText(for:)`; `description` says it without them).
public struct RigNote: Equatable, Sendable, CustomStringConvertible {
    public enum Level: Sendable { case info, warning }
    /// What the line is about: a job that draws no camera says only the offset's.
    public enum Subject: Sendable { case camera, mount, timeOffset }
    /// What happened.
    public enum Fact: Equatable, Sendable {
        /// The file at `path` leaves the camera undetermined: drawn with the camera given (`none`: the default pinhole).
        case cameraUndetermined(path: String, drawnWith: GivenCamera)
        /// No camera given or determined (by the file at `path`, or with no file: nil), and the video drawn over names a
        /// camera whose bundled lens profile draws it; `profile` says which lens, from which profile.
        case cameraFromLensProfile(path: String?, profile: String)
        /// The file leaves the whole mount undetermined: drawn with the mount given (`none`: the IMU's axes as the camera's).
        case mountUndetermined(path: String, drawnWith: GivenMount)
        /// The file leaves the mount undetermined about the camera's `axes`: drawn with no turn about them.
        case mountAxesUndetermined(path: String, axes: [CameraAxis])
        /// A live rig's offset of `seconds` applied to a live source.
        case liveOffsetApplied(path: String, seconds: Double)
        /// A live rig's offset of `seconds`, not applied to a source on a clip's clock.
        case liveOffsetNotForAClip(path: String, seconds: Double)
        /// A clip's offset of `seconds` (not 0), not applied to a live source.
        case clipOffsetNotForLive(path: String, seconds: Double)
    }

    public var fact: Fact

    public init(_ fact: Fact) { self.fact = fact }

    public var level: Level {
        switch fact {
        case .cameraUndetermined, .cameraFromLensProfile, .mountUndetermined, .liveOffsetApplied: .info
        case .mountAxesUndetermined, .liveOffsetNotForAClip, .clipOffsetNotForLive: .warning
        }
    }

    public var about: Subject {
        switch fact {
        case .cameraUndetermined, .cameraFromLensProfile: .camera
        case .mountUndetermined, .mountAxesUndetermined: .mount
        case .liveOffsetApplied, .liveOffsetNotForAClip, .clipOffsetNotForLive: .timeOffset
        }
    }

    /// How a note says how what the file at `path` leaves undetermined (`what`) is drawn (`drawn`).
    public static func drawnLine(path: String, undetermined what: String, drawn: String) -> String {
        "\(path): calibrate did not determine the \(what) (see its not_determined): drawn \(drawn)"
    }

    /// How a note says the camera is drawn through a lens profile (`profile`), in place of what the file at `path` left
    /// undetermined, or with no file.
    public static func lensProfileLine(path: String?, profile: String) -> String {
        path.map { drawnLine(path: $0, undetermined: "camera", drawn: "through \(profile)") } ?? "camera: \(profile)"
    }

    /// The camera's axes as a note names them: `y and z`.
    public static func axesText(_ axes: [CameraAxis]) -> String { axes.map(\.name).joined(separator: " and ") }

    /// The line without the command line's options.
    public var description: String {
        switch fact {
        case .cameraUndetermined(let path, let camera):
            let drawn = switch camera {
            case .intrinsics(_, let intrinsics): "through \(intrinsics)"
            case .fieldOfView(let fieldOfView): "through a \(fieldOfView) pinhole"
            case .none: "through " + GivenCamera.defaultPinholeText
            }
            return Self.drawnLine(path: path, undetermined: "camera", drawn: drawn)
        case .cameraFromLensProfile(let path, let profile):
            return Self.lensProfileLine(path: path, profile: profile)
        case .mountUndetermined(let path, let mount):
            let drawn = switch mount {
            case .rotation(let q): String(format: "with the mount %g,%g,%g,%g", q.w, q.x, q.y, q.z)
            case .imudsOwnForm: "with the mount given"
            case .none: "with the IMU's axes as the camera's (identity, as a video's own motion track has them)"
            }
            return Self.drawnLine(path: path, undetermined: "mount", drawn: drawn)
        case .mountAxesUndetermined(let path, let axes):
            return "\(path): calibrate did not determine the mount about the camera's \(Self.axesText(axes)) "
                + "(see its not_determined): drawn with no turn about \(axes.count > 1 ? "them" : "it")"
        case .liveOffsetApplied(let path, let seconds):
            return String(format: "time offset %+.1f ms from %@ (this rig's live clocks): the frame timed t shows the attitude imud delivered "
                          + "at t %+.1f ms; [ and ] adjust it", seconds * 1000, path, seconds * 1000)
        case .liveOffsetNotForAClip(let path, let seconds):
            return String(format: "%@'s time offset of %.1f ms is a live rig's (time_offset_clock: live): it pairs imud's arrival times with "
                          + "the camera's, not a clip with a log, so it is not applied here", path, seconds * 1000)
        case .clipOffsetNotForLive(let path, let seconds):
            return String(format: "%@'s time offset of %.1f ms pairs its clip with its log, not live imud with this camera: not applied",
                          path, seconds * 1000)
        }
    }
}
