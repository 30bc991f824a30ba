import AttitudeMath
import Camera
import Foundation

/// What ties a camera to an IMU: the camera and its lens, the mount D←S, the time offset, the rolling shutter's
/// readout and the gyroscope's bias, each with its standard error and whether the clip that measured it
/// determines it. `steady-dice calibrate` (RigCalibration) returns one, the calibration file (CalibrationFiles'
/// `Rig.read`, `Rig.encoded`) reads and writes it, and drawing takes its camera, mount and offset.
public struct Rig: Sendable {
    /// The camera: its pinhole (the picture's size, focal lengths and principal point) and its lens. Nil when the rig
    /// has none: only the time offset is known (`onlyTimeOffset`: the rates alone), or a calibration file leaves it
    /// undetermined (and out), so that nothing draws through a camera the rig does not have (`Rig.apply` chooses what
    /// draws instead). A fit keeps the camera it found where undetermined, as the value its notes give.
    public var camera: LensCamera?
    /// The mount R (v_D = R·v_S); nil when the rig has none, as for `camera`.
    public var deviceFromIMU: Quaternion?
    /// Log time = video time + offset, with the clock it pairs and the instant of the frame it refers to.
    public var timeOffset: TimeOffset
    /// Seconds from the first row's time to one row past the last (a rolling shutter; 0 for a global one), when
    /// fitted: row y of the frame at video time t is seen at log time t + offset + readout · (y / height - 1/2).
    public var readoutSeconds: Double?
    /// The gyroscope's constant bias about the IMU's x, y, z, rad/s (what it reads at rest), when fitted.
    public var gyroBiasRadiansPerSecond: SIMD3<Double>?
    /// One-sigma standard errors of the numbers above, when the fit gave them.
    public var standardErrors: RigStandardErrors?
    /// The numbers the clip does not determine (`Determination.judge`): not written, or
    /// marked where written (`undetermined`, `not_determined`).
    public var undetermined: [Undetermined] = []
    /// How the fit went, when this rig was fitted.
    public var fit: RigFitSummary?

    /// A rig with its camera and mount (a fit's), or with what a calibration file holds of them (nil: left out, undetermined).
    public init(camera: LensCamera?, deviceFromIMU: Quaternion?, timeOffset: TimeOffset,
                readoutSeconds: Double? = nil, gyroBiasRadiansPerSecond: SIMD3<Double>? = nil,
                standardErrors: RigStandardErrors? = nil, undetermined: [Undetermined] = [], fit: RigFitSummary? = nil) {
        self.camera = camera; self.deviceFromIMU = deviceFromIMU; self.timeOffset = timeOffset
        self.readoutSeconds = readoutSeconds; self.gyroBiasRadiansPerSecond = gyroBiasRadiansPerSecond
        self.standardErrors = standardErrors; self.undetermined = undetermined; self.fit = fit
    }

    /// A rig with no camera and no mount.
    private init(timeOffset: TimeOffset) { self.timeOffset = timeOffset }

    /// A rig of which only the time offset is known, with its standard error when the fit gave one, and why the camera
    /// and the mount are not (`reason`): it has no camera and no mount, and lists both as undetermined, their standard
    /// errors infinite (nothing narrows them). The file holds `time_offset_s`, its clock, its standard error,
    /// `undetermined: [camera_matrix, imu_to_camera]` and why in `warning`.
    public static func onlyTimeOffset(_ timeOffset: TimeOffset, standardErrorSeconds: Double? = nil, reason: String) -> Rig {
        var rig = Rig(timeOffset: timeOffset)
        rig.standardErrors = standardErrorSeconds.map {
            RigStandardErrors(timeOffsetSeconds: $0, verticalFieldOfViewFraction: .infinity, mountDegrees: SIMD3(repeating: .infinity))
        }
        rig.fit = RigFitSummary(warning: reason)
        rig.undetermined = [Undetermined(.camera, standardError: nil, why: reason), Undetermined(.mount, standardError: nil, why: reason)]
        return rig
    }

    /// The camera and the mount together, nil unless the rig has both (a fit's rig has both, or neither).
    public var cameraAndMount: CameraAndMount? {
        get { camera.flatMap { camera in deviceFromIMU.map { CameraAndMount(camera: camera, deviceFromIMU: $0) } } }
        set { camera = newValue?.camera; deviceFromIMU = newValue?.deviceFromIMU }
    }
    /// True when only the time offset is known: the rig has no camera and no mount (the rates alone, or a file that
    /// determines neither).
    public var knowsOnlyTimeOffset: Bool { camera == nil && deviceFromIMU == nil }

    /// Seconds: the largest time offset taken anywhere (an hour). Both clocks count from their own starts,
    /// so a larger one pairs a clip with a different recording, and at 1e308 the video time overflows.
    public static let largestTimeOffsetSeconds = 3600.0

    /// Degrees per second: a gyroscope bias beyond this on any axis is no MEMS gyroscope's, and refused.
    public static let largestGyroBiasDegreesPerSecond = 90.0

    /// Seconds: a rolling shutter reads a frame out within one frame's time, far under this.
    public static let readoutRange = 0.0...1.0

    /// Takes the quantities `which` picks off `undetermined`: something other than the clip's fit determines them now.
    public mutating func markDetermined(_ which: (Undetermined.Quantity) -> Bool) {
        undetermined.removeAll { which($0.quantity) }
    }

    /// Whether the clip determines `quantity`.
    public func determines(_ quantity: Undetermined.Quantity) -> Bool { !undetermined.contains { $0.quantity == quantity } }

    /// Why the clip does not determine `quantity` (its standard error and why), or nil when it does.
    public func whyUndetermined(_ quantity: Undetermined.Quantity) -> String? { undetermined.first { $0.quantity == quantity }?.text }

    /// The fit's value for `quantity` that the file does not otherwise hold when it is undetermined, as the file's
    /// `not_determined` line begins: the camera's field of view and focal length, the readout, the whole mount, the
    /// bias, the offset. Nil for a quantity whose value is written anyway (a mount's axis, a lens coefficient) or unknown.
    public func fitValue(_ quantity: Undetermined.Quantity) -> String? {
        switch quantity {
        case .camera:
            return cameraAndMount.map { $0.fieldOfViewText + " vertical, fx = fy = " + $0.focalLengthText }
        case .readout:
            return readoutSeconds.map(Self.readoutText)
        case .mount:
            return cameraAndMount.map { $0.mountText + " (w, x, y, z)" }
        case .gyroBias:
            return gyroBiasRadiansPerSecond.map(Self.gyroBiasText)
        case .timeOffset:
            return timeOffsetText
        case .lensCoefficient, .mountAxis, .unrecognised:
            return nil
        }
    }

    // MARK: - The numbers as the file's notes and `calibrate`'s report print them

    /// The time offset: `0.2500 s`.
    public var timeOffsetText: String { String(format: "%.4f s", timeOffset.seconds) }
    /// A rolling shutter's readout given in seconds: `12.30 ms`.
    public static func readoutText(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
    /// A mount R (v_D = R·v_S) as w, x, y, z with w ≥ 0 (q and -q are one rotation): `0.707107,0.000000,0.000000,0.707107`.
    public static func mountText(_ deviceFromIMU: Quaternion) -> String {
        let q = deviceFromIMU.canonical
        return String(format: "%.6f,%.6f,%.6f,%.6f", q.w, q.x, q.y, q.z)
    }
    /// A gyroscope bias given in rad/s, about the IMU's x, y, z: `0.573,-1.146,0.286 °/s`.
    public static func gyroBiasText(_ radiansPerSecond: SIMD3<Double>) -> String {
        let d = Angle.degrees(fromRadians: radiansPerSecond)
        return String(format: "%.3f,%.3f,%.3f °/s", d.x, d.y, d.z)
    }

    /// What the file writes under `not_determined` for `item`: the fit's value (`fitValue`), its standard error and why.
    public func notDeterminedText(_ item: Undetermined) -> String {
        (fitValue(item.quantity).map { "the fit's \($0); " } ?? "") + item.text
    }

}

/// What a rig knows beside the time offset: the camera and the mount.
public struct CameraAndMount: Sendable {
    /// The camera: its pinhole (the picture's size, focal lengths and principal point) and its lens, estimated
    /// (`calibrate --lens`), given (`--intrinsics`), or the pinhole.
    public var camera: LensCamera
    /// The mount R, D (the camera's device frame) from S (the IMU's): v_D = R·v_S, so worldFromD = worldFromS · R⁻¹.
    public var deviceFromIMU: Quaternion

    public init(camera: LensCamera, deviceFromIMU: Quaternion) { self.camera = camera; self.deviceFromIMU = deviceFromIMU }

    /// The picture's vertical field of view through the lens, degrees (the pinhole's where the lens cannot be inverted there).
    public var verticalFieldOfViewDegrees: Double {
        camera.verticalFieldOfViewDegrees ?? camera.pinhole.verticalFieldOfViewDegrees
    }

    /// The mount with w ≥ 0, as files and reports print it (q and -q are one rotation).
    public var deviceFromIMUCanonical: Quaternion { deviceFromIMU.canonical }

    /// The vertical field of view through the lens: `50.000°`.
    public var fieldOfViewText: String { String(format: "%.3f°", verticalFieldOfViewDegrees) }
    /// The focal length across the picture's width: `257.29 px`.
    public var focalLengthText: String { String(format: "%.2f px", camera.pinhole.fx) }
    /// The mount, w ≥ 0: `0.707107,0.000000,0.000000,0.707107`.
    public var mountText: String { Rig.mountText(deviceFromIMU) }
}

/// One-sigma standard errors of a rig, from the fit's final Jacobian: σ² (JᵀJ)⁻¹ with σ² the residuals' variance
/// (widened for their correlation). They assume independent residuals, so they are a floor, not a bound.
public struct RigStandardErrors: Sendable, Equatable {
    public var timeOffsetSeconds: Double
    /// Relative to the vertical field of view (0.01 is 1 %).
    public var verticalFieldOfViewFraction: Double
    /// About the x, y and z axes of OpenCV's camera frame C (right, down, forward), degrees.
    public var mountDegrees: SIMD3<Double>
    /// The rolling shutter's readout, seconds, when it was fitted.
    public var readoutSeconds: Double?
    /// The lens's estimated coefficients (`calibrate --lens`), in their order, when estimated.
    public var lensCoefficients: [Double]?
    /// The gyroscope's bias about the IMU's x, y, z, rad/s as the bias itself (the prior included).
    public var gyroBiasRadiansPerSecond: SIMD3<Double>?

    public init(timeOffsetSeconds: Double, verticalFieldOfViewFraction: Double, mountDegrees: SIMD3<Double>,
                readoutSeconds: Double? = nil, lensCoefficients: [Double]? = nil, gyroBiasRadiansPerSecond: SIMD3<Double>? = nil) {
        self.timeOffsetSeconds = timeOffsetSeconds
        self.verticalFieldOfViewFraction = verticalFieldOfViewFraction
        self.mountDegrees = mountDegrees
        self.readoutSeconds = readoutSeconds
        self.lensCoefficients = lensCoefficients
        self.gyroBiasRadiansPerSecond = gyroBiasRadiansPerSecond
    }
}

/// How a calibration's fit went: what the file writes beside the rig (`residual_deg_per_s`, `frames_used`,
/// `frames_total`, `turned_deg`, `warning`) and what `calibrate` reports.
public struct RigFitSummary: Sendable, Equatable {
    /// The first stage's RMS difference of the camera's and the gyroscope's rotation rates, degrees per second.
    public var residualDegreesPerSecond = 0.0
    public var framesUsed = 0
    public var framesTotal = 0
    /// Frame pairs refused, by reason.
    public var untextured = 0, translated = 0, outsideLog = 0
    /// Empty, or why an answer is uncertain (or, with the time offset alone, why the rest is not determined).
    public var warning = ""
    /// How far the clip turned about the x (tilt), y (pan) and z (roll) axes of OpenCV's camera frame C over the
    /// frame pairs used, degrees (sums of magnitudes): what the answer rests on; nil when not known.
    public var turnedDegrees: SIMD3<Double>?
    /// The fit's RMS miss over the tracked points, pixels, when the points were fitted.
    public var reprojectionPixels: Double?
    /// The median image motion per frame pair used, pixels: the gyroscope's angle times the focal length found.
    public var medianPixelsPerPair = 0.0

    public init(residualDegreesPerSecond: Double = 0, framesUsed: Int = 0, framesTotal: Int = 0, warning: String = "",
                turnedDegrees: SIMD3<Double>? = nil) {
        self.residualDegreesPerSecond = residualDegreesPerSecond
        self.framesUsed = framesUsed; self.framesTotal = framesTotal
        self.warning = warning; self.turnedDegrees = turnedDegrees
    }
}

/// An axis of OpenCV's camera frame C (x right, y down, z forward), about which a mount can be undetermined.
public enum CameraAxis: Int, CaseIterable, Sendable, Hashable {
    case x, y, z

    /// Its index in a vector about C's x, y, z (`SIMD3`): 0, 1, 2.
    public var index: Int { rawValue }
    /// Its name as files and notes spell it: `x`, `y`, `z`.
    public var name: String {
        switch self {
        case .x: "x"
        case .y: "y"
        case .z: "z"
        }
    }
}

/// A number a calibration found that its clip does not determine: which quantity, its standard error as printed, and why.
public struct Undetermined: Sendable, Equatable {
    /// A quantity a calibration can leave undetermined. The file lists it in `undetermined` (and `not_determined`) under
    /// its `fileKey`.
    public enum Quantity: Sendable, Hashable {
        /// The time offset (`time_offset_s`), which drawing refuses to apply undetermined.
        case timeOffset
        /// The camera matrix (`camera_matrix`): left out of the file.
        case camera
        /// The lens coefficient numbered `n` from 1, as the file names it: `k1`, `k2`…
        case lensCoefficient(Int)
        /// The rolling shutter's readout (`rolling_shutter_readout_s`).
        case readout
        /// The mount about the camera's axis (`imu_to_camera_x`, `_y`, `_z`), taken as no turn.
        case mountAxis(CameraAxis)
        /// The whole mount (`imu_to_camera`): left out of the file.
        case mount
        /// The gyroscope's bias (`gyro_bias`).
        case gyroBias
        /// A name this version does not know, kept as the file spells it so that it reads and writes back unchanged.
        case unrecognised(String)

        /// The name under which the file lists it: the one place the names are spelled.
        public var fileKey: String {
            switch self {
            case .timeOffset: "time_offset_s"
            case .camera: "camera_matrix"
            case .lensCoefficient(let n): "k\(n)"
            case .readout: "rolling_shutter_readout_s"
            case .mountAxis(let axis): Self.mount.fileKey + "_" + axis.name
            case .mount: "imu_to_camera"
            case .gyroBias: "gyro_bias"
            case .unrecognised(let name): name
            }
        }

        /// The quantity the file lists under `fileKey`; a name this version does not know is `unrecognised`.
        public init(fileKey: String) {
            let named: [Quantity] = [.timeOffset, .camera, .readout, .mount, .gyroBias] + CameraAxis.allCases.map { .mountAxis($0) }
            if let known = named.first(where: { $0.fileKey == fileKey }) {
                self = known
            } else if fileKey.hasPrefix("k"), let n = Int(fileKey.dropFirst()), n >= 1, "k\(n)" == fileKey {
                self = .lensCoefficient(n)
            } else {
                self = .unrecognised(fileKey)
            }
        }
    }

    public var quantity: Quantity
    /// Its standard error with its unit ("± 3.9°"), or nil when the fit gave none.
    public var standardError: String?
    public var why: String

    public init(_ quantity: Quantity, standardError: String?, why: String) {
        self.quantity = quantity; self.standardError = standardError; self.why = why
    }

    /// One line: the standard error and why.
    public var text: String { (standardError.map { "\($0): " } ?? "") + why }
}
