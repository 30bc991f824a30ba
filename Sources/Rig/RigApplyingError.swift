import Foundation

/// A calibration file that cannot be applied as it is with what is given beside it, or read as a camera (`--intrinsics`,
/// CalibrationFiles' `LensCamera.read`). `description` says it without the command line's options, which its
/// `CommandLineWorded` conformance in `CommandLineSupport` names.
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
