import AttitudeMath
import Camera
import CVShim
import Rig
import FileAccess
import Foundation

/// The calibration file: a `Rig` as an OpenCV FileStorage file (`steady-dice calibrate` writes it, `--calibration`
/// reads it), with the camera's intrinsics and lens (`distortion_model: fisheye` for OpenCV's fisheye model; none for
/// its radial-tangential one), the mount and the time offset with its clock, and how well the fit went. What the rig's
/// clip does not determine is left out or marked (`undetermined`, `not_determined`): this is the one place that decides.
extension Rig {
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
        let k = camera.matrixRows
        var raw = cvs_camera_imu_calibration()
        _ = withUnsafeMutableBytes(of: &raw.camera_matrix) { $0.bindMemory(to: Double.self).update(fromContentsOf: k) }
        let q = [deviceFromIMU.w, deviceFromIMU.x, deviceFromIMU.y, deviceFromIMU.z]
        _ = withUnsafeMutableBytes(of: &raw.imu_to_camera) { $0.bindMemory(to: Double.self).update(fromContentsOf: q) }
        raw.image_width = Int32(camera.width)
        raw.image_height = Int32(camera.height)
        raw.time_offset_s = timeOffset.seconds
        let fit = self.fit ?? RigFitSummary()
        raw.residual_deg_per_s = fit.residualDegreesPerSecond
        raw.frames_used = Int32(fit.framesUsed)
        raw.frames_total = Int32(fit.framesTotal)
        raw.offset_only = knowsOnlyTimeOffset ? 1 : 0
        raw.omit_camera = determines(Undetermined.cameraKey) ? 0 : 1
        raw.omit_mount = determines(Undetermined.mountKey) ? 0 : 1
        // The bias is written when the clip determines it and the fit gave its standard errors.
        if let bias = gyroBiasRadiansPerSecond, determines("gyro_bias"), let biasErrors = standardErrors?.gyroBiasDegreesPerSecond {
            let degrees = bias * 180 / .pi
            raw.has_gyro_bias = 1
            raw.gyro_bias_deg_per_s = (degrees.x, degrees.y, degrees.z)
            raw.gyro_bias_se_deg_per_s = (biasErrors.x, biasErrors.y, biasErrors.z)
        }
        raw.live_offset = timeOffset.clock == .live ? 1 : 0
        let coefficients = lens == .pinhole ? [] : lens.coefficients
        withUnsafeMutableBytes(of: &raw.distortion) { _ = $0.bindMemory(to: Double.self).update(fromContentsOf: coefficients) }
        raw.distortion_count = Int32(coefficients.count)
        if let turnedDegrees = fit.turnedDegrees {
            raw.has_turned = 1
            raw.turned_deg = (turnedDegrees.x, turnedDegrees.y, turnedDegrees.z)
        }
        if let readoutSeconds, determines("rolling_shutter_readout_s") {
            raw.has_readout = 1
            raw.readout_s = readoutSeconds
        }
        if let standardErrors {
            raw.readout_se_ms = (standardErrors.readoutSeconds ?? .nan) * 1000
            raw.has_standard_errors = 1
            raw.time_offset_se_ms = standardErrors.timeOffsetSeconds * 1000
            raw.vertical_fov_se_percent = standardErrors.verticalFieldOfViewFraction * 100
            raw.mount_se_deg = (standardErrors.mountDegrees.x, standardErrors.mountDegrees.y, standardErrors.mountDegrees.z)
            let lensErrors = Array((standardErrors.lensCoefficients ?? []).prefix(12))
            withUnsafeMutableBytes(of: &raw.distortion_se) { _ = $0.bindMemory(to: Double.self).update(fromContentsOf: lensErrors) }
            raw.distortion_se_count = Int32(lensErrors.count)
        }
        let undetermined = knowsOnlyTimeOffset ? [] : self.undetermined
        let warning = fit.warning
        let type = "." + (path as NSString).pathExtension.lowercased()
        var text: UnsafeMutablePointer<CChar>?
        var count = 0
        let model: String? = { if case .fisheye = lens { return "fisheye" } else { return nil } }()
        let names = undetermined.map { strdup($0.key) }, whys = undetermined.map { strdup(notDeterminedText($0)) }
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

    /// Why a file `calibrate` wrote cannot serve as a camera (`camera_matrix` undetermined), a mount
    /// (`imu_to_camera` undetermined, the file holding the time offset alone) or a time offset (`time_offset_s`
    /// undetermined), or nil when it can. The readers ask it for the camera and the mount; drawing for the offset.
    public static func undetermined(path: String, key: String) -> String? {
        let keys = undeterminedKeys(path: path)
        guard keys.contains(key) else { return nil }
        if key == Undetermined.timeOffsetKey {
            return "calibrate did not determine the time offset here (see its not_determined): give --intrinsics and --mount "
                + "from this file's values with --time-offset instead of --calibration"
        }
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

    /// Degrees per second: a gyroscope bias beyond this on any axis is no MEMS gyroscope's, and refused.
    public static let largestGyroBiasDegreesPerSecond = 90.0

    /// Reads the mount (`imu_to_camera`, v_D = R·v_S), the time offset (`time_offset_s`, with `time_offset_clock`:
    /// `live`, or `clip` or none; and `time_offset_refers_to: middle_row`, or none: the frame) and the gyroscope's bias
    /// (`gyro_bias_deg_per_s`, in S, rad/s here; nil when calibrate did not determine it) of a calibration file; the
    /// camera comes from `CalibratedCamera.read`.
    /// Errors name the file, the line and the key. `rolling_shutter_readout_s`, which drawing does not use, is checked
    /// all the same: a file is read whole or refused.
    public static func readMount(path: String) throws -> (deviceFromIMU: Quaternion, timeOffset: TimeOffset, gyroBias: SIMD3<Double>?) {
        try FileStorageText.locatingErrors(in: path) {
            if let reason = undetermined(path: path, key: Undetermined.mountKey) { throw ImagingError.intrinsics(path: path, reason: reason) }
            let read = try readUnlocated(path: path)
            guard let deviceFromIMU = read.deviceFromIMU else { throw ImagingError.intrinsics(path: path, reason: "imu_to_camera: missing") }
            return (deviceFromIMU, read.timeOffset, read.gyroBias)
        }
    }

    /// The time offset and the gyroscope's bias of a calibration file, whatever it determined of the camera and the mount:
    /// what a raw log's attitude needs before any camera draws it (`attitude fuse --calibration`). Checked as `readMount`
    /// checks them; an offset the file marks undetermined is refused.
    public static func readTiming(path: String) throws -> (timeOffset: TimeOffset, gyroBias: SIMD3<Double>?) {
        try FileStorageText.locatingErrors(in: path) {
            if let reason = undetermined(path: path, key: Undetermined.timeOffsetKey) { throw ImagingError.intrinsics(path: path, reason: reason) }
            let read = try readUnlocated(path: path)
            return (read.timeOffset, read.gyroBias)
        }
    }

    /// Seconds: a rolling shutter reads a frame out within one frame's time, far under this.
    public static let readoutRange = 0.0...1.0

    /// Every key of the mount's part of the file, checked; the mount nil when the file has none.
    private static func readUnlocated(path: String) throws -> (deviceFromIMU: Quaternion?, timeOffset: TimeOffset, gyroBias: SIMD3<Double>?) {
        try FileStorageText.check(path: path, integers: [], range: 0...0)
        var q = [Double](repeating: 0, count: 4)
        var hasMount: Int32 = 0
        var offset = 0.0
        var live: Int32 = 0, middleRow: Int32 = 0
        var bias = [Double](repeating: 0, count: 3)
        var hasBias: Int32 = 0
        var readout = 0.0
        var hasReadout: Int32 = 0
        _ = try withErrorBuffer { err, len in
            cvs_calibration_read_mount(path, &q, &hasMount, &offset, &live, &middleRow, &bias, &hasBias, &readout, &hasReadout, err, len)
        } describe: { ImagingError.intrinsics(path: path, reason: $0) }
        guard offset.isFinite, abs(offset) <= largestTimeOffsetSeconds else {
            throw ImagingError.intrinsics(path: path, reason: "time_offset_s: \(offset) is not a number of seconds from "
                                          + "-\(Int(largestTimeOffsetSeconds)) to \(Int(largestTimeOffsetSeconds))")
        }
        if hasReadout != 0, !(readout.isFinite && readoutRange.contains(readout)) {
            throw ImagingError.intrinsics(path: path, reason: "rolling_shutter_readout_s: \(readout) is not a number of seconds from "
                                          + "\(readoutRange.lowerBound) to \(readoutRange.upperBound)")
        }
        if hasBias != 0, let bad = bias.first(where: { !$0.isFinite || abs($0) > largestGyroBiasDegreesPerSecond }) {
            throw ImagingError.intrinsics(path: path, reason: "gyro_bias_deg_per_s: \(bad) is not a number of degrees per second from "
                                          + "-\(Int(largestGyroBiasDegreesPerSecond)) to \(Int(largestGyroBiasDegreesPerSecond))")
        }
        let timeOffset = TimeOffset(seconds: offset, clock: live != 0 ? .live : .clip, refersTo: middleRow != 0 ? .middleRow : .frame)
        let gyroBias = hasBias != 0 ? SIMD3(bias[0], bias[1], bias[2]) * .pi / 180 : nil
        guard hasMount != 0 else { return (nil, timeOffset, gyroBias) }
        do {
            return (try Quaternion.validated(w: q[0], x: q[1], y: q[2], z: q[3]), timeOffset, gyroBias)
        } catch {
            throw ImagingError.intrinsics(path: path, reason: "imu_to_camera: \(error)")
        }
    }
}
