import AttitudeMath
import Camera
import Foundation

// MARK: - What is given beside a calibration

/// The camera given to draw with: none (the seed's pinhole, `PinholeCamera.defaultFieldOfViewDegrees`), a field of view,
/// or a camera and lens read from a file. One at most: the command line refuses `--fov` with `--intrinsics` before this is built.
public enum GivenCamera: Sendable, Equatable {
    case none
    /// `--fov`, the vertical field of view.
    case fieldOfView(FieldOfView)
    /// `--intrinsics FILE` (`LensCamera.read`), or a calibration's camera, with the file it came from as messages name it.
    case intrinsics(LensCamera, path: String)

    /// The pinhole of `degrees`, refused (`FieldOfViewError`) outside `PinholeCamera.fieldOfViewRange`.
    public static func fieldOfView(degrees: Double) throws(FieldOfViewError) -> GivenCamera {
        .fieldOfView(try FieldOfView(degrees: degrees))
    }

    /// What `none` draws through, as notes name it: `the default 60° pinhole`.
    public static let defaultPinholeText = String(format: "the default %g° pinhole", PinholeCamera.defaultFieldOfViewDegrees)
}

/// The mount given to draw with (`--mount`): none (the IMU's axes as the camera's), a rotation, or imud's own form.
public enum GivenMount: Sendable, Equatable {
    case none
    /// The rotation R, v_D = R·v_S.
    case rotation(Quaternion)
    /// A preset or Euler angles in imud's body frame, which imud applies itself: no rotation for the drawing.
    case imudsOwnForm

    /// The rotation given, nil when none is given or it is given in imud's own form.
    public var deviceFromIMU: Quaternion? {
        if case .rotation(let deviceFromIMU) = self { return deviceFromIMU }
        return nil
    }
}

/// What a user gives beside (or instead of) a calibration file: a camera (`--fov`, `--intrinsics`), a mount
/// (`--mount`) and a time offset (`--time-offset`).
public struct RigOverrides: Sendable, Equatable {
    /// One of the things given, as a field of these overrides.
    public enum Field: Sendable, Equatable {
        /// `camera`.
        case camera
        /// `mount`.
        case mount
        /// `timeOffsetSeconds`.
        case timeOffset
    }

    public var camera: GivenCamera
    public var mount: GivenMount
    /// A time offset given, seconds, on the attitude source's clock.
    public var timeOffsetSeconds: Double?

    public init(camera: GivenCamera = .none, mount: GivenMount = .none, timeOffsetSeconds: Double? = nil) {
        self.camera = camera; self.mount = mount; self.timeOffsetSeconds = timeOffsetSeconds
    }

    /// The field given beside `rig` that the file already determines (the mount, the time offset, the camera), nil
    /// when none: nothing is applied twice. What the file leaves undetermined may be given; a source on the `live` clock
    /// takes the offset given as its own in place of the file's.
    public func givenTwice(with rig: Rig, clock: TimeOffset.Clock) -> Field? {
        let given: [(field: Field, isGiven: Bool, quantity: Undetermined.Quantity)] = [
            (.mount, mount != .none, .mount), (.timeOffset, timeOffsetSeconds != nil && clock != .live, .timeOffset), (.camera, camera != .none, .camera),
        ]
        return given.first { $0.isGiven && rig.determines($0.quantity) }?.field
    }
}

// MARK: - What to draw with

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
        case .cameraUndetermined, .mountUndetermined, .liveOffsetApplied: .info
        case .mountAxesUndetermined, .liveOffsetNotForAClip, .clipOffsetNotForLive: .warning
        }
    }

    public var about: Subject {
        switch fact {
        case .cameraUndetermined: .camera
        case .mountUndetermined, .mountAxesUndetermined: .mount
        case .liveOffsetApplied, .liveOffsetNotForAClip, .clipOffsetNotForLive: .timeOffset
        }
    }

    /// How a note says how what the file at `path` leaves undetermined (`what`) is drawn (`drawn`).
    public static func drawnLine(path: String, undetermined what: String, drawn: String) -> String {
        "\(path): calibrate did not determine the \(what) (see its not_determined): drawn \(drawn)"
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

/// What an attitude source is drawn (or fused) with once a calibration file, or none, and what is given beside it
/// are applied (`Rig.apply(_:given:clock:)`).
public struct AppliedRig: Sendable, Equatable {
    /// Which camera draws.
    public enum DrawingCamera: Sendable, Equatable {
        /// The file's camera and lens, with the file's path as messages name it.
        case theFiles(LensCamera, path: String)
        /// The camera given beside the file (`RigOverrides.camera`; `none`: the default pinhole).
        case given(GivenCamera)

        /// The camera as drawing takes it: the file's as `--intrinsics` would give it, else the one given.
        public var asGiven: GivenCamera {
            switch self {
            case .theFiles(let camera, let path): .intrinsics(camera, path: path)
            case .given(let camera): camera
            }
        }

        /// The file's camera, nil when the one given draws.
        public var filesCamera: LensCamera? {
            if case .theFiles(let camera, _) = self { return camera }
            return nil
        }
    }

    /// Which mount draws.
    public enum DrawingMount: Sendable, Equatable {
        /// The file's mount R (v_D = R·v_S).
        case theFiles(Quaternion)
        /// The rotation R given beside the file (`GivenMount.rotation`).
        case given(Quaternion)
        /// No rotation: the IMU's axes are the camera's, or imud applies the mount given in its own form.
        case none

        /// The mount R (v_D = R·v_S), nil for `none`.
        public var deviceFromIMU: Quaternion? {
            switch self {
            case .theFiles(let deviceFromIMU), .given(let deviceFromIMU): deviceFromIMU
            case .none: nil
            }
        }
    }

    public var camera: DrawingCamera
    public var mount: DrawingMount
    /// The offset the source applies, on its own clock: the file's when it pairs that clock, else the one given; nil
    /// when neither.
    public var timeOffset: TimeOffset?
    /// The gyroscope's bias (rad/s, in S) the file writes, whatever else it leaves undetermined.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>?
    /// What to say: how what the file leaves undetermined is drawn, and a file's offset that pairs the other clock.
    public var notes: [RigNote]

    /// The mount R (v_D = R·v_S) drawn with, nil when none (`DrawingMount.none`).
    public var deviceFromIMU: Quaternion? { mount.deviceFromIMU }
}

/// A calibration file that cannot be applied as it is with what is given beside it, or read as a camera (`--intrinsics`,
/// Imaging's `LensCamera.read`). `description` says it without the command line's options, which `CommandLineSupport`'s
/// `commandLineMessage(for:)` names.
public enum RigApplyingError: Error, Equatable, CustomStringConvertible {
    /// `field` of `given` is given for what the file at `path` determines.
    case givenTwice(path: String, given: RigOverrides, field: RigOverrides.Field)
    /// The file at `path` cannot serve as `quantity`, for the reason `refusal` (`Rig.refusal(toServeAs:)`).
    case undetermined(path: String, quantity: Undetermined.Quantity, refusal: RigRefusal)

    public var description: String {
        switch self {
        case .givenTwice(let path, _, let field):
            let what = switch field {
            case .camera: "camera"
            case .mount: "mount"
            case .timeOffset: "time offset"
            }
            return "\(path) determines the \(what), which is given beside it too: give one of them (only what the file leaves "
                + "undetermined may be given)"
        case .undetermined(let path, _, let refusal):
            return "\(path): \(refusal)"
        }
    }
}

/// Why a calibration file cannot serve as a camera, a mount or a time offset (`Rig.refusal(toServeAs:)`). `description`
/// says what calibrate did not determine; the command line adds what to give instead.
public enum RigRefusal: Equatable, Sendable, CustomStringConvertible {
    /// The time offset is undetermined.
    case timeOffsetUndetermined
    /// Only the time offset (`seconds`) is determined: neither the camera nor the mount.
    case onlyTimeOffset(seconds: Double)
    /// The mount is undetermined; the file's time offset is `timeOffsetSeconds`.
    case mountUndetermined(timeOffsetSeconds: Double)
    /// The field of view is undetermined; the file's time offset is `timeOffsetSeconds`.
    case fieldOfViewUndetermined(timeOffsetSeconds: Double)

    public var description: String {
        switch self {
        case .timeOffsetUndetermined:
            return "calibrate did not determine the time offset here (see its not_determined)"
        case .onlyTimeOffset(let seconds):
            return "calibrate determined only the time offset (\(seconds) s) here, not the camera or the mount (see its warning or not_determined)"
        case .mountUndetermined:
            return "calibrate did not determine the mount here (see its not_determined)"
        case .fieldOfViewUndetermined:
            return "calibrate did not determine the field of view here (see its not_determined)"
        }
    }
}

extension Rig {
    /// Applies a calibration's rig read from `path` (`Rig.read`), or none, and what the user `given` beside it, to an
    /// attitude source timed by `clock` (a clip or a log; live imud): the one rule for what is drawn with.
    ///
    /// An option given for what the file determines is refused (`RigOverrides.givenTwice`), and so is a file whose
    /// time offset is undetermined. What the file leaves undetermined (and a file read has not: `Rig.read`) is drawn with
    /// what is given beside it, else the default pinhole or the identity mount, and said in one line each; a mount undetermined about some axes is
    /// said too. A bias written is applied whatever else is undetermined. The file's offset applies to a source on its
    /// own clock (`TimeOffset.seconds(pairing:)`); on the other it is said and not applied; a live source's given
    /// offset replaces the file's.
    public static func apply(_ calibration: (rig: Rig, path: String)?, given: RigOverrides,
                             clock: TimeOffset.Clock) throws(RigApplyingError) -> AppliedRig {
        guard let (rig, path) = calibration else {
            return AppliedRig(camera: .given(given.camera), mount: Self.drawingMount(given.mount),
                              timeOffset: given.timeOffsetSeconds.map { TimeOffset(seconds: $0, clock: clock) }, gyroBiasRadiansPerSecond: nil,
                              notes: [])
        }
        if let field = given.givenTwice(with: rig, clock: clock) { throw .givenTwice(path: path, given: given, field: field) }
        if let refusal = rig.refusal(toServeAs: .timeOffset) {
            throw .undetermined(path: path, quantity: .timeOffset, refusal: refusal)
        }
        // Drawing's one choice of camera: the file's where it determines one, else the one given (`none`: the default pinhole).
        let camera: AppliedRig.DrawingCamera = if rig.determines(.camera), let filesCamera = rig.camera {
            .theFiles(filesCamera, path: path)
        } else {
            .given(given.camera)
        }
        let mount: AppliedRig.DrawingMount = if rig.determines(.mount), let filesMount = rig.deviceFromIMU {
            .theFiles(filesMount)
        } else {
            drawingMount(given.mount)
        }
        var applied = AppliedRig(camera: camera, mount: mount, timeOffset: nil, gyroBiasRadiansPerSecond: rig.gyroBiasRadiansPerSecond, notes: [])
        applied.notes = undeterminedNotes(rig, path: path, given: given)
        if clock == .live, let seconds = given.timeOffsetSeconds {
            applied.timeOffset = TimeOffset(seconds: seconds, clock: .live)
        } else if rig.timeOffset.seconds(pairing: clock) != nil {
            applied.timeOffset = rig.timeOffset
            if clock == .live { applied.notes.append(RigNote(.liveOffsetApplied(path: path, seconds: rig.timeOffset.seconds))) }
        } else if let note = otherClocksOffsetNote(rig.timeOffset, path: path, sourceClock: clock) {
            applied.notes.append(note)
        }
        return applied
    }

    /// The mount drawn with when the one `given` draws.
    private static func drawingMount(_ given: GivenMount) -> AppliedRig.DrawingMount {
        given.deviceFromIMU.map { .given($0) } ?? .none
    }

    /// How what the file leaves undetermined is drawn: the camera and the whole mount (info), a mount about some axes
    /// (warning).
    private static func undeterminedNotes(_ rig: Rig, path: String, given: RigOverrides) -> [RigNote] {
        var notes: [RigNote] = []
        if !rig.determines(.camera) { notes.append(RigNote(.cameraUndetermined(path: path, drawnWith: given.camera))) }
        if !rig.determines(.mount) {
            notes.append(RigNote(.mountUndetermined(path: path, drawnWith: given.mount)))
        } else {
            // A mount undetermined about every axis is not written at all, and the line above says how it is drawn.
            let loose = CameraAxis.allCases.filter { !rig.determines(.mountAxis($0)) }
            if !loose.isEmpty { notes.append(RigNote(.mountAxesUndetermined(path: path, axes: loose))) }
        }
        return notes
    }

    /// A file's offset that pairs the other clock than the source's, not applied; nil for a clip's zero on a live source.
    private static func otherClocksOffsetNote(_ offset: TimeOffset, path: String, sourceClock: TimeOffset.Clock) -> RigNote? {
        switch sourceClock {
        case .clip:
            return RigNote(.liveOffsetNotForAClip(path: path, seconds: offset.seconds))
        case .live:
            guard offset.seconds != 0 else { return nil }
            return RigNote(.clipOffsetNotForLive(path: path, seconds: offset.seconds))
        }
    }

    /// Why this rig cannot serve as a camera (`camera_matrix` undetermined), a mount (`imu_to_camera` undetermined, or
    /// the file holding the time offset alone) or a time offset (`time_offset_s` undetermined), or nil when it can: what
    /// `apply` and `--intrinsics` (`LensCamera.read`) refuse it with; the command line advises what to give instead.
    public func refusal(toServeAs quantity: Undetermined.Quantity) -> RigRefusal? {
        guard !determines(quantity) else { return nil }
        if quantity == .timeOffset { return .timeOffsetUndetermined }
        if !determines(.mount) && !determines(.camera) { return .onlyTimeOffset(seconds: timeOffset.seconds) }
        if quantity == .mount { return .mountUndetermined(timeOffsetSeconds: timeOffset.seconds) }
        return .fieldOfViewUndetermined(timeOffsetSeconds: timeOffset.seconds)
    }
}
