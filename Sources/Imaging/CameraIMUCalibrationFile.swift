import AttitudeMath
import Camera
import CVShim
import FileAccess
import Foundation

/// A camera-IMU calibration as `steady-dice calibrate` writes it: an OpenCV FileStorage file with the
/// camera's intrinsics and lens (`distortion_model: fisheye` for OpenCV's fisheye model; none for its
/// radial-tangential one), the mount and the time offset, and how well the fit went.
public struct CameraIMUCalibrationFile: Sendable {
    public var camera: PinholeCamera
    /// The lens: a pinhole unless the camera was given with one (`calibrate --intrinsics`).
    public var lens: Lens = .pinhole
    /// The mount R with v_D = R·v_S (S the IMU's frame, D the camera's device frame); the file's `imu_to_camera`.
    public var deviceFromIMU: Quaternion
    /// Seconds: the video frame at video time t shows the attitude at log time t + offset.
    public var timeOffset: Double
    /// Root-mean-square difference of the camera's and the gyroscope's angular rates, degrees per second.
    public var residualDegreesPerSecond: Double
    public var framesUsed: Int
    public var framesTotal: Int
    /// Empty when the fit has nothing to warn about.
    public var warning: String
    /// Degrees turned about the camera's x, y and z axes over the frames used (`turned_deg`), when known.
    public var turnedDegrees: SIMD3<Double>?
    /// Standard errors (`standard_errors`), when the fit gave them.
    public var uncertainty: Uncertainty?
    /// Seconds from the first row's time to one past the last row's (a rolling shutter), when fitted:
    /// written as `rolling_shutter_readout_s`, with `time_offset_refers_to: middle_row` (row y is seen at
    /// log time = video time + offset + readout · (y / height - 1/2)).
    public var readout: Double?
    /// True when the offset pairs a live rig's clocks (`calibrate` on a `record` folder: a frame's time and
    /// imud's arrival times, CLOCK_MONOTONIC), written `time_offset_clock: live`; false for a clip and a log
    /// (`clip`), whose clocks start at their own moments.
    public var liveOffset = false
    /// True when only the time offset is known: the file then holds `time_offset_s`, `undetermined` and
    /// the reason in `warning`, and no camera or mount.
    public var offsetOnly = false
    /// What the clip does not determine, by the key the file lists it under (`undetermined`), with its standard
    /// error and why (`not_determined`). `camera_matrix` here leaves the camera out of the file, `imu_to_camera`
    /// the mount; each of `imu_to_camera_x`, `_y`, `_z` alone says the mount written takes no turn about that
    /// camera axis.
    public var undetermined: [(key: String, why: String)] = []
    /// The gyroscope's bias about the IMU's x, y, z in degrees per second (`gyro_bias_deg_per_s`), with its
    /// standard errors, when written.
    public var gyroBias: (value: SIMD3<Double>, standardError: SIMD3<Double>)?

    /// A file that records the time offset alone, and why the camera and mount are not determined.
    public static func offsetOnly(timeOffset: Double, reason: String) -> CameraIMUCalibrationFile {
        var file = CameraIMUCalibrationFile(camera: PinholeCamera(verticalFieldOfViewDegrees: 60, width: 2, height: 2), deviceFromIMU: .identity,
                                            timeOffset: timeOffset, residualDegreesPerSecond: 0, framesUsed: 0, framesTotal: 0,
                                            warning: reason)
        file.offsetOnly = true
        return file
    }

    /// One-sigma standard errors: the time offset in seconds (written in ms), the vertical field of view
    /// as a fraction (written in %), the mount about the camera's x, y and z axes in degrees.
    public struct Uncertainty: Sendable, Equatable {
        public var timeOffsetSeconds: Double
        public var verticalFieldOfViewFraction: Double
        public var mountDegrees: SIMD3<Double>
        /// The readout's, seconds (written in ms), when it was fitted.
        public var readoutSeconds: Double?

        public init(timeOffsetSeconds: Double, verticalFieldOfViewFraction: Double, mountDegrees: SIMD3<Double>,
                    readoutSeconds: Double? = nil) {
            self.timeOffsetSeconds = timeOffsetSeconds
            self.verticalFieldOfViewFraction = verticalFieldOfViewFraction
            self.mountDegrees = mountDegrees
            self.readoutSeconds = readoutSeconds
        }
    }

    /// Seconds: the largest time offset taken anywhere (an hour). Both clocks count from their own starts,
    /// so a larger one pairs a clip with a different recording, and at 1e308 the video time overflows.
    public static let largestTimeOffset = 3600.0

    public init(camera: PinholeCamera, deviceFromIMU: Quaternion, timeOffset: Double, residualDegreesPerSecond: Double,
                framesUsed: Int, framesTotal: Int, warning: String, turnedDegrees: SIMD3<Double>? = nil,
                uncertainty: Uncertainty? = nil) {
        self.camera = camera; self.deviceFromIMU = deviceFromIMU; self.timeOffset = timeOffset
        self.residualDegreesPerSecond = residualDegreesPerSecond
        self.framesUsed = framesUsed; self.framesTotal = framesTotal; self.warning = warning
        self.turnedDegrees = turnedDegrees; self.uncertainty = uncertainty
    }

    /// Writes it to `path` alone, through the output policy (`OutputFiles`).
    public func write(path: String) throws {
        let outputs = OutputFiles()
        try write(to: outputs.stage(path, option: "the calibration"))
        try outputs.commit()
    }

    /// Writes it as the staged output's file (YAML for .yaml/.yml, XML for .xml).
    public func write(to output: OutputFiles.Staged) throws {
        try output.write(encoded(path: output.path))
    }

    /// The file's bytes through OpenCV's FileStorage, in the format `path`'s extension names.
    public func encoded(path: String) throws -> Data {
        let k = [camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0, 1]
        var raw = cvs_camera_imu_calibration()
        _ = withUnsafeMutableBytes(of: &raw.camera_matrix) { $0.bindMemory(to: Double.self).update(fromContentsOf: k) }
        let q = [deviceFromIMU.w, deviceFromIMU.x, deviceFromIMU.y, deviceFromIMU.z]
        _ = withUnsafeMutableBytes(of: &raw.imu_to_camera) { $0.bindMemory(to: Double.self).update(fromContentsOf: q) }
        raw.image_width = Int32(camera.width)
        raw.image_height = Int32(camera.height)
        raw.time_offset_s = timeOffset
        raw.residual_deg_per_s = residualDegreesPerSecond
        raw.frames_used = Int32(framesUsed)
        raw.frames_total = Int32(framesTotal)
        raw.offset_only = offsetOnly ? 1 : 0
        raw.omit_camera = undetermined.contains { $0.key == "camera_matrix" } ? 1 : 0
        raw.omit_mount = undetermined.contains { $0.key == "imu_to_camera" } ? 1 : 0
        if let gyroBias {
            raw.has_gyro_bias = 1
            raw.gyro_bias_deg_per_s = (gyroBias.value.x, gyroBias.value.y, gyroBias.value.z)
            raw.gyro_bias_se_deg_per_s = (gyroBias.standardError.x, gyroBias.standardError.y, gyroBias.standardError.z)
        }
        raw.live_offset = liveOffset ? 1 : 0
        let coefficients = lens == .pinhole ? [] : lens.coefficients
        withUnsafeMutableBytes(of: &raw.distortion) { _ = $0.bindMemory(to: Double.self).update(fromContentsOf: coefficients) }
        raw.distortion_count = Int32(coefficients.count)
        if let turnedDegrees {
            raw.has_turned = 1
            raw.turned_deg = (turnedDegrees.x, turnedDegrees.y, turnedDegrees.z)
        }
        if let readout {
            raw.has_readout = 1
            raw.readout_s = readout
        }
        if let uncertainty {
            raw.readout_se_ms = (uncertainty.readoutSeconds ?? .nan) * 1000
            raw.has_standard_errors = 1
            raw.time_offset_se_ms = uncertainty.timeOffsetSeconds * 1000
            raw.vertical_fov_se_percent = uncertainty.verticalFieldOfViewFraction * 100
            raw.mount_se_deg = (uncertainty.mountDegrees.x, uncertainty.mountDegrees.y, uncertainty.mountDegrees.z)
        }
        let type = "." + (path as NSString).pathExtension.lowercased()
        var text: UnsafeMutablePointer<CChar>?
        var count = 0
        let model: String? = { if case .fisheye = lens { return "fisheye" } else { return nil } }()
        let names = undetermined.map { strdup($0.key) }, whys = undetermined.map { strdup($0.why) }
        defer { (names + whys).forEach { free($0) } }
        try warning.withCString { warning in
            raw.warning = warning
            try (model ?? "").withCString { model in
                raw.distortion_model = model
                try names.map { UnsafePointer($0) }.withUnsafeBufferPointer { names in
                    try whys.map { UnsafePointer($0) }.withUnsafeBufferPointer { whys in
                        raw.undetermined_count = Int32(undetermined.count)
                        raw.undetermined_names = names.baseAddress
                        raw.undetermined_why = whys.baseAddress
                        _ = try withErrorBuffer { err, len in cvs_calibration_encode(type, &raw, &text, &count, err, len) }
                            describe: { ImagingError.intrinsics(path: path, reason: "cannot write the calibration: \($0)") }
                    }
                }
            }
        }
        guard let text else { throw ImagingError.intrinsics(path: path, reason: "cannot write the calibration: nothing encoded") }
        defer { cvs_free(text) }
        return Data(bytes: text, count: count)
    }

    /// The names a file lists under `undetermined` (YAML `undetermined: [ a, b ]` or XML `<undetermined>a b</undetermined>`),
    /// empty for a file without them.
    public static func undeterminedKeys(path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20,
              let text = String(data: data, encoding: .utf8) else { return [] }
        let list: Substring
        if let key = text.range(of: "\nundetermined:") {
            // A flow sequence OpenCV may wrap over several lines.
            let rest = text[key.upperBound...]
            list = rest.firstIndex(of: "]").map { rest[..<$0] } ?? rest.prefix { $0 != "\n" }
        } else if let open = text.range(of: "<undetermined>"), let close = text.range(of: "</undetermined>", range: open.upperBound..<text.endIndex) {
            list = text[open.upperBound..<close.lowerBound]
        } else {
            return []
        }
        return list.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// Why a file `calibrate` wrote cannot serve as a camera (`camera_matrix` undetermined) or a mount
    /// (`imu_to_camera` undetermined, the file holding the time offset alone), or nil when it can.
    static func undetermined(path: String, key: String) -> String? {
        let keys = undeterminedKeys(path: path)
        guard keys.contains(key) else { return nil }
        let text = (FileManager.default.contents(atPath: path)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        let offset = text.split(separator: "\n").first(where: { $0.hasPrefix("time_offset_s:") })
            .map { $0.dropFirst("time_offset_s:".count).trimmingCharacters(in: .whitespaces) } ?? "its"
        if keys.contains("imu_to_camera") && keys.contains("camera_matrix") {
            return "calibrate determined only the time offset (\(offset) s) here, not the camera or the mount (see its warning or not_determined); "
                + "give --time-offset \(offset) with --fov or --intrinsics and --mount instead"
        }
        if key == "imu_to_camera" {
            return "calibrate did not determine the mount here (see its not_determined): give --intrinsics with this file, "
                + "--time-offset \(offset) and --mount instead of --calibration"
        }
        return "calibrate did not determine the field of view here (see its not_determined); give --intrinsics or --fov with "
            + "--time-offset \(offset) and --mount instead"
    }

    /// Reads the mount (`imu_to_camera`, v_D = R·v_S), the time offset (`time_offset_s`) and whether it is a
    /// live rig's (`time_offset_clock: live`; `clip` or none: false) of a calibration file; the camera comes
    /// from `CalibratedCamera.read`.
    public static func readMount(path: String) throws -> (deviceFromIMU: Quaternion, timeOffset: Double, liveOffset: Bool) {
        try FileStorageText.check(path: path, integers: [], range: 0...0)
        if let reason = undetermined(path: path, key: "imu_to_camera") { throw ImagingError.intrinsics(path: path, reason: reason) }
        var q = [Double](repeating: 0, count: 4)
        var offset = 0.0
        var live: Int32 = 0
        _ = try withErrorBuffer { err, len in cvs_calibration_read_mount(path, &q, &offset, &live, err, len) }
            describe: { ImagingError.intrinsics(path: path, reason: $0) }
        guard offset.isFinite, abs(offset) <= largestTimeOffset else {
            throw ImagingError.intrinsics(path: path, reason: "time_offset_s: \(offset) is not a number of seconds from "
                                          + "-\(Int(largestTimeOffset)) to \(Int(largestTimeOffset))")
        }
        do {
            return (try Quaternion.validated(w: q[0], x: q[1], y: q[2], z: q[3]), offset, live != 0)
        } catch {
            throw ImagingError.intrinsics(path: path, reason: "imu_to_camera: \(error)")
        }
    }
}
