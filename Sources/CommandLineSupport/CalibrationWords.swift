import Foundation
import Rig

// MARK: - How the command line says what applying a calibration found, and the timeline it sets

/// The option that gives `field` of `given`: `--mount`, `--time-offset`, or the camera's `--fov` or `--intrinsics`.
public func commandLineOption(for field: RigOverrides.Field, of given: RigOverrides) -> String {
    switch field {
    case .mount: return "--mount"
    case .timeOffset: return "--time-offset"
    case .camera:
        if case .fieldOfView = given.camera { return "--fov" }
        return "--intrinsics"
    }
}

/// A note applying a calibration says (`RigNote`), with the options that give what the file leaves undetermined.
public func commandLineText(for note: RigNote) -> String {
    switch note.fact {
    case .cameraUndetermined(let path, let camera):
        let drawn = switch camera {
        case .intrinsics(_, let intrinsics): "through --intrinsics \(intrinsics)"
        case .fieldOfView(let fieldOfView): "through a \(fieldOfView) pinhole (--fov)"
        case .none: "through \(GivenCamera.defaultPinholeText); give --fov or --intrinsics for another"
        }
        return RigNote.drawnLine(path: path, undetermined: "camera", drawn: drawn)
    case .cameraFromLensProfile(let path, let profile):
        return RigNote.lensProfileLine(path: path, profile: profile) + "; give --fov or --intrinsics for another"
    case .mountUndetermined(let path, let mount):
        let drawn = switch mount {
        case .rotation(let q): String(format: "with --mount %g,%g,%g,%g", q.w, q.x, q.y, q.z)
        case .imudsOwnForm: "with the --mount given"
        case .none: "with the IMU's axes as the camera's (identity, as a video's own motion track has them); give --mount for another"
        }
        return RigNote.drawnLine(path: path, undetermined: "mount", drawn: drawn)
    case .clipOffsetNotForLive:
        return note.description + " (give the live one with --time-offset, calibrate a `record` folder, or find it with [ and ])"
    case .mountAxesUndetermined, .liveOffsetApplied, .liveOffsetNotForAClip:
        return note.description
    }
}

/// Why a calibration file cannot serve (`RigRefusal`), and what to give instead of it.
public func commandLineText(for refusal: RigRefusal) -> String {
    switch refusal {
    case .timeOffsetUndetermined:
        return "\(refusal): give --intrinsics and --mount from this file's values with --time-offset instead of --calibration"
    case .onlyTimeOffset(let seconds):
        return "\(refusal); give --time-offset \(seconds) with --fov or --intrinsics and --mount instead"
    case .mountUndetermined(let seconds):
        return "\(refusal): give --intrinsics with this file, --time-offset \(seconds) and --mount instead of --calibration"
    case .fieldOfViewUndetermined(let seconds):
        return "\(refusal); give --intrinsics or --fov with --time-offset \(seconds) and --mount instead"
    }
}

extension RigApplyingError: CommandLineWorded {
    /// A calibration file that cannot be applied with what is given beside it, naming the options.
    public var commandLineMessage: String {
        switch self {
        case .givenTwice(_, let given, let field):
            return "--calibration and \(commandLineOption(for: field, of: given)): give one of them (the calibration file has the camera "
                + "matrix, the mount and the time offset; only what it leaves undetermined may be given)"
        case .undetermined(let path, _, let refusal):
            return "\(path): \(commandLineText(for: refusal))"
        }
    }
}

extension TimelineError: CommandLineWorded {
    /// A start before the log's first sample, with a video, names the video's start (`--video-at`) that would avoid it;
    /// any other says the library's words.
    public var commandLineMessage: String {
        if case .logStartsBeforeItsFirstSample(let offset, _, true) = self {
            return description + String(format: " (--video-at %g)", -offset)
        }
        return description
    }
}
