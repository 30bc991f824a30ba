import AttitudeMath
import Camera
import Foundation

/// The camera given to draw with: none (the articles' pinhole, `PinholeCamera.defaultFieldOfViewDegrees`), a field of view,
/// or a camera and lens read from a file. One at most: the command line refuses `--fov` with `--intrinsics` before this is built.
public enum GivenCamera: Sendable, Equatable {
    case none
    /// `--fov`, the vertical field of view.
    case fieldOfView(FieldOfView)
    /// `--intrinsics FILE` (`LensCamera.read`), a calibration's camera or a lens profile's, with where it came from as
    /// messages name it (the file's path, or `lens profile NAME`).
    case intrinsics(LensCamera, source: String)

    /// The pinhole of `degrees`, refused (`FieldOfViewError`) outside `PinholeCamera.fieldOfViewBounds`.
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
