import AttitudeMath
import Camera
import Foundation

/// What an attitude source is drawn (or fused) with once a calibration file, or none, and what is given beside it
/// are applied (`Rig.apply(_:given:clock:)`).
public struct AppliedRig: Sendable, Equatable {
    /// Which camera draws.
    public enum DrawingCamera: Sendable, Equatable {
        /// The file's camera and lens, with the file's path as messages name it.
        case theFiles(LensCamera, path: String)
        /// The camera given beside the file (`RigOverrides.camera`; `none`: the default pinhole).
        case given(GivenCamera)

        /// The camera the rule gives: the file's as `--intrinsics` would give it, else the one given; over a video a lens
        /// profile may then stand in for `none` (Footage's `LensProfileCamera.drawnCamera`).
        public var asGiven: GivenCamera {
            switch self {
            case .theFiles(let camera, let path): .intrinsics(camera, source: path)
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
