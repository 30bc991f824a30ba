import AttitudeMath
import Camera
import Foundation

// MARK: - What is given beside a calibration

/// The camera given to draw with: none (the seed's 60° pinhole), a field of view, or a camera and lens read from a file.
/// One at most: the command line refuses `--fov` with `--intrinsics` before this is built.
public enum GivenCamera: Sendable, Equatable {
    case none
    /// `--fov`, the vertical field of view in degrees.
    case fieldOfView(degrees: Double)
    /// `--intrinsics FILE` (`LensCamera.read`), or a calibration's camera, with the file it came from as messages name it.
    case intrinsics(LensCamera, path: String)
}

/// What a user gives beside (or instead of) a calibration file: a camera (`--fov`, `--intrinsics`), a mount
/// (`--mount`) and a time offset (`--time-offset`).
public struct RigOverrides: Sendable, Equatable {
    public var camera: GivenCamera
    /// A mount given in any form (imud's presets and Euler angles too).
    public var mountGiven: Bool
    /// The mount given as the rotation R, v_D = R·v_S; nil when none is given or it is given in imud's own form.
    public var deviceFromIMU: Quaternion?
    /// A time offset given, seconds, on the attitude source's clock.
    public var timeOffsetSeconds: Double?

    public init(camera: GivenCamera = .none, mountGiven: Bool = false, deviceFromIMU: Quaternion? = nil, timeOffsetSeconds: Double? = nil) {
        self.camera = camera; self.mountGiven = mountGiven || deviceFromIMU != nil
        self.deviceFromIMU = deviceFromIMU; self.timeOffsetSeconds = timeOffsetSeconds
    }

    /// The option given beside `rig` that the file already determines (`--mount`, `--time-offset`, `--intrinsics`,
    /// `--fov`), nil when none: nothing is applied twice. What the file leaves undetermined may be given; a source on the
    /// `live` clock takes `--time-offset` as its own offset in place of the file's.
    public func givenTwice(with rig: Rig, clock: TimeOffset.Clock) -> String? {
        let cameraOption: String? = switch camera {
        case .none: nil
        case .fieldOfView: "--fov"
        case .intrinsics: "--intrinsics"
        }
        let given: [(option: String?, quantity: Undetermined.Quantity)] = [(mountGiven ? "--mount" : nil, .mount),
                                                       (timeOffsetSeconds != nil && clock != .live ? "--time-offset" : nil, .timeOffset),
                                                       (cameraOption, .camera)]
        return given.first { $0.option != nil && rig.determines($0.quantity) }?.option
    }
}

// MARK: - What to draw with

/// A line applying a calibration says, for the caller to print at its level.
public struct RigNote: Equatable, Sendable {
    public enum Level: Sendable { case info, warning }
    /// What the line is about: a job that draws no camera says only the offset's.
    public enum Subject: Sendable { case camera, mount, timeOffset }
    public var level: Level
    public var about: Subject
    public var text: String

    public init(level: Level, about: Subject, text: String) { self.level = level; self.about = about; self.text = text }
}

/// What an attitude source is drawn (or fused) with once a calibration file, or none, and what is given beside it
/// are applied (`Rig.apply(_:given:clock:)`).
public struct AppliedRig: Sendable, Equatable {
    /// Which camera draws.
    public enum DrawingCamera: Sendable, Equatable {
        /// The file's camera and lens.
        case theFiles
        /// The camera given beside the file (`RigOverrides.camera`), else the default 60° pinhole.
        case given
    }

    public var camera: DrawingCamera
    /// The mount R (v_D = R·v_S): the file's when it determines it, else the rotation given; nil when neither is (the
    /// IMU's axes are the camera's, or the mount is given in imud's own form).
    public var deviceFromIMU: Quaternion?
    /// True when `deviceFromIMU` is the file's.
    public var mountIsTheFiles: Bool
    /// The offset the source applies, on its own clock: the file's when it pairs that clock, else the one given; nil
    /// when neither.
    public var timeOffset: TimeOffset?
    /// The gyroscope's bias (rad/s, in S) the file writes, whatever else it leaves undetermined.
    public var gyroBias: SIMD3<Double>?
    /// What to say: how what the file leaves undetermined is drawn, and a file's offset that pairs the other clock.
    public var notes: [RigNote]
}

/// A calibration file that cannot be applied as it is with what is given beside it.
public enum RigApplyingError: Error, Equatable, CustomStringConvertible {
    /// An option (`--mount`, `--time-offset`, `--intrinsics`, `--fov`) given for what the file at `path` determines.
    case givenTwice(path: String, option: String)
    /// The file at `path` cannot serve as `quantity` (`Rig.refusal(toServeAs:)` says why, `reason`).
    case undetermined(path: String, quantity: Undetermined.Quantity, reason: String)

    public var description: String {
        switch self {
        case .givenTwice(_, let option):
            return "--calibration and \(option): give one of them (the calibration file has the camera matrix, the mount and "
                + "the time offset; only what it leaves undetermined may be given)"
        case .undetermined(let path, _, let reason):
            return "\(path): \(reason)"
        }
    }
}

extension Rig {
    /// Applies a calibration's rig read from `path` (`Rig.read`), or none, and what the user `given` beside it, to an
    /// attitude source timed by `clock` (a clip or a log; live imud): the one rule for what is drawn with.
    ///
    /// An option given for what the file determines is refused (`RigOverrides.givenTwice`), and so is a file whose
    /// time offset is undetermined. What the file leaves undetermined is drawn with what is given beside it, else the
    /// default 60° pinhole or the identity mount, and said in one line each; a mount undetermined about some axes is
    /// said too. A bias written is applied whatever else is undetermined. The file's offset applies to a source on its
    /// own clock (`TimeOffset.seconds(pairing:)`); on the other it is said and not applied; a live source's given
    /// offset replaces the file's.
    public static func apply(_ calibration: (rig: Rig, path: String)?, given: RigOverrides,
                             clock: TimeOffset.Clock) throws(RigApplyingError) -> AppliedRig {
        guard let (rig, path) = calibration else {
            return AppliedRig(camera: .given, deviceFromIMU: given.deviceFromIMU, mountIsTheFiles: false,
                              timeOffset: given.timeOffsetSeconds.map { TimeOffset(seconds: $0, clock: clock) }, gyroBias: nil, notes: [])
        }
        if let option = given.givenTwice(with: rig, clock: clock) { throw .givenTwice(path: path, option: option) }
        if let reason = rig.refusal(toServeAs: .timeOffset) {
            throw .undetermined(path: path, quantity: .timeOffset, reason: reason)
        }
        let mountIsTheFiles = rig.determines(.mount)
        var applied = AppliedRig(camera: rig.determines(.camera) ? .theFiles : .given,
                                 deviceFromIMU: mountIsTheFiles ? rig.deviceFromIMU : given.deviceFromIMU, mountIsTheFiles: mountIsTheFiles,
                                 timeOffset: nil, gyroBias: rig.gyroBiasRadiansPerSecond, notes: [])
        applied.notes = undeterminedNotes(rig, path: path, given: given)
        if clock == .live, let seconds = given.timeOffsetSeconds {
            applied.timeOffset = TimeOffset(seconds: seconds, clock: .live)
        } else if rig.timeOffset.seconds(pairing: clock) != nil {
            applied.timeOffset = rig.timeOffset
            if clock == .live { applied.notes.append(liveOffsetNote(rig.timeOffset.seconds, path: path)) }
        } else if let note = otherClocksOffsetNote(rig.timeOffset, path: path, sourceClock: clock) {
            applied.notes.append(note)
        }
        return applied
    }

    /// How what the file leaves undetermined is drawn: the camera and the whole mount (info), a mount about some axes
    /// (warning).
    private static func undeterminedNotes(_ rig: Rig, path: String, given: RigOverrides) -> [RigNote] {
        var notes: [RigNote] = []
        if !rig.determines(.camera) {
            let drawn = switch given.camera {
            case .intrinsics(_, let path): "through --intrinsics \(path)"
            case .fieldOfView(let degrees): String(format: "through a %g° pinhole (--fov)", degrees)
            case .none: "through the default 60° pinhole; give --fov or --intrinsics for another"
            }
            notes.append(RigNote(level: .info, about: .camera, text: "\(path): calibrate did not determine the camera (see its not_determined): drawn \(drawn)"))
        }
        if !rig.determines(.mount) {
            let drawn = given.deviceFromIMU.map { q in String(format: "with --mount %g,%g,%g,%g", q.w, q.x, q.y, q.z) }
                ?? (given.mountGiven ? "with the --mount given"
                    : "with the IMU's axes as the camera's (identity, as a video's own motion track has them); give --mount for another")
            notes.append(RigNote(level: .info, about: .mount, text: "\(path): calibrate did not determine the mount (see its not_determined): drawn \(drawn)"))
        } else {
            // A mount undetermined about every axis is not written at all, and the line above says how it is drawn.
            let loose = (0..<3).filter { !rig.determines(.mountAxis($0)) }.map { ["x", "y", "z"][$0] }
            if !loose.isEmpty {
                let axes = loose.joined(separator: " and "), pronoun = loose.count > 1 ? "them" : "it"
                notes.append(RigNote(level: .warning, about: .mount, text: "\(path): calibrate did not determine the mount about the camera's \(axes) "
                                     + "(see its not_determined): drawn with no turn about \(pronoun)"))
            }
        }
        return notes
    }

    /// A live rig's offset applied to a live source.
    private static func liveOffsetNote(_ seconds: Double, path: String) -> RigNote {
        RigNote(level: .info, about: .timeOffset, text: String(format: "time offset %+.1f ms from %@ (this rig's live clocks): the frame timed t "
                                           + "shows the attitude imud delivered at t %+.1f ms; [ and ] adjust it", seconds * 1000, path, seconds * 1000))
    }

    /// A file's offset that pairs the other clock than the source's, not applied; nil for a clip's zero on a live source.
    private static func otherClocksOffsetNote(_ offset: TimeOffset, path: String, sourceClock: TimeOffset.Clock) -> RigNote? {
        switch sourceClock {
        case .clip:
            return RigNote(level: .warning, about: .timeOffset, text: String(format: "%@'s time offset of %.1f ms is a live rig's (time_offset_clock: live): it pairs "
                                                         + "imud's arrival times with the camera's, not a clip with a log, so it is not applied here",
                                                         path, offset.seconds * 1000))
        case .live:
            guard offset.seconds != 0 else { return nil }
            return RigNote(level: .warning, about: .timeOffset, text: String(format: "%@'s time offset of %.1f ms pairs its clip with its log, not live imud with this "
                                                         + "camera: not applied (give the live one with --time-offset, calibrate a `record` folder, "
                                                         + "or find it with [ and ])", path, offset.seconds * 1000))
        }
    }

    /// Why this rig, read from `path`, cannot serve as a camera (`camera_matrix` undetermined), a mount (`imu_to_camera`
    /// undetermined, or the file holding the time offset alone) or a time offset (`time_offset_s` undetermined), or nil
    /// when it can: what `apply` and `--intrinsics` (`LensCamera.read`) refuse it with, advising what to give.
    public func refusal(toServeAs quantity: Undetermined.Quantity) -> String? {
        guard !determines(quantity) else { return nil }
        if quantity == .timeOffset {
            return "calibrate did not determine the time offset here (see its not_determined): give --intrinsics and --mount "
                + "from this file's values with --time-offset instead of --calibration"
        }
        let offset = "\(timeOffset.seconds)"
        if !determines(.mount) && !determines(.camera) {
            return "calibrate determined only the time offset (\(offset) s) here, not the camera or the mount (see its warning or not_determined); "
                + "give --time-offset \(offset) with --fov or --intrinsics and --mount instead"
        }
        if quantity == .mount {
            return "calibrate did not determine the mount here (see its not_determined): give --intrinsics with this file, "
                + "--time-offset \(offset) and --mount instead of --calibration"
        }
        return "calibrate did not determine the field of view here (see its not_determined); give --intrinsics or --fov with "
            + "--time-offset \(offset) and --mount instead"
    }
}
