import AttitudeMath
import Camera
import CVFileStorage
import Rig
import FileAccess
import Foundation
import Pixels
import SafeText

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
        var raw = cvs_camera_imu_calibration()
        // With the time offset alone (no camera, no mount) the file holds the offset, its clock and why.
        raw.offset_only = knowsOnlyTimeOffset ? 1 : 0
        if let camera {
            let k = camera.pinhole.matrixRows
            _ = withUnsafeMutableBytes(of: &raw.camera_matrix) { $0.bindMemory(to: Double.self).update(fromContentsOf: k) }
            raw.image_width = Int32(camera.pinhole.width)
            raw.image_height = Int32(camera.pinhole.height)
        }
        if let deviceFromIMU {
            let q = [deviceFromIMU.w, deviceFromIMU.x, deviceFromIMU.y, deviceFromIMU.z]
            _ = withUnsafeMutableBytes(of: &raw.imu_to_camera) { $0.bindMemory(to: Double.self).update(fromContentsOf: q) }
        }
        raw.time_offset_s = timeOffset.seconds
        let fit = self.fit ?? RigFitSummary()
        raw.residual_deg_per_s = fit.residualDegreesPerSecond
        raw.frames_used = Int32(fit.framesUsed)
        raw.frames_total = Int32(fit.framesTotal)
        raw.omit_camera = camera != nil && determines(.camera) ? 0 : 1
        raw.omit_mount = deviceFromIMU != nil && determines(.mount) ? 0 : 1
        // The bias is written when the clip determines it and the fit gave its standard errors.
        if let bias = gyroBiasRadiansPerSecond, determines(.gyroBias), let biasErrors = standardErrors?.gyroBiasRadiansPerSecond {
            let degrees = Angle.degrees(fromRadians: bias), errorDegrees = Angle.degrees(fromRadians: biasErrors)
            raw.has_gyro_bias = 1
            raw.gyro_bias_deg_per_s = (degrees.x, degrees.y, degrees.z)
            raw.gyro_bias_se_deg_per_s = (errorDegrees.x, errorDegrees.y, errorDegrees.z)
        }
        raw.live_offset = timeOffset.clock == .live ? 1 : 0
        let coefficients = camera.map { $0.lens == .pinhole ? [] : $0.lens.coefficients } ?? []
        withUnsafeMutableBytes(of: &raw.distortion) { _ = $0.bindMemory(to: Double.self).update(fromContentsOf: coefficients) }
        raw.distortion_count = Int32(coefficients.count)
        if let turnedDegrees = fit.turnedDegrees {
            raw.has_turned = 1
            raw.turned_deg = (turnedDegrees.x, turnedDegrees.y, turnedDegrees.z)
        }
        if let readoutSeconds, determines(.readout) {
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
        let model: String? = { if case .fisheye = camera?.lens { return "fisheye" } else { return nil } }()
        let names = undetermined.map { strdup($0.quantity.fileKey) }, whys = undetermined.map { strdup(notDeterminedText($0)) }
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
                            describe: { CalibrationFileError(path: path, reason: "cannot write the calibration: \($0)") }
                    }
                }
            }
        }
        guard let text else { throw CalibrationFileError(path: path, reason: "cannot write the calibration: nothing encoded") }
        defer { cvs_storage_free(text) }
        return Data(bytes: text, count: count)
    }

    /// Reads a calibration file whole (YAML or XML, through OpenCV's FileStorage reader): the camera and its lens (as
    /// `LensCamera.read` reads them), the mount, the time offset with its clock and instant, the readout, the
    /// gyroscope's bias, what the file lists under `undetermined` with its `not_determined` line, and the fit's
    /// `warning`, `residual_deg_per_s`, `frames_used`, `frames_total` and `turned_deg` (its standard errors are not read
    /// back). Errors name the file, the line and the key; a file is read whole or refused.
    ///
    /// What the file leaves undetermined is not refused here, and not stood in for: a camera it does not determine
    /// reads as none (`camera` nil), and so does a mount it does not write, each listed in `undetermined`; a file
    /// holding the time offset alone (what `calibrate` writes when the rates gave it alone) reads as one with neither,
    /// as `Rig.onlyTimeOffset` makes it. `Rig.apply(_:given:clock:)` decides, in one place,
    /// what such a rig is drawn with, and `refusal(toServeAs:)` says why it cannot serve as a camera, a mount or an
    /// offset. Files of older versions, which may leave out `camera_matrix` or `imu_to_camera` when undetermined, or
    /// write them anyway, read the same way (a mount written is read, undetermined or not).
    public static func read(path: String) throws -> Rig {
        try FileStorageText.locatingErrors(in: path) { try readUnlocated(path: path) }
    }

    /// The whole file, its errors not yet given their lines.
    static func readUnlocated(path: String) throws -> Rig {
        let sizes = try FileStorageText.check(path: path, integers: ["image_width", "image_height"], range: PictureSize.sides)
        let notes = try readNotes(path: path)
        let timing = try readTimeAndMount(path: path)
        let quantities = Set(notes.undetermined.map(\.quantity))
        let camera = quantities.contains(.camera) ? nil : try LensCamera.readUnlocated(path: path, sizes: sizes)
        guard timing.deviceFromIMU != nil || quantities.contains(.mount) else {
            throw CalibrationFileError(path: path, reason: "imu_to_camera: missing")
        }
        return Rig(camera: camera, deviceFromIMU: timing.deviceFromIMU, timeOffset: timing.timeOffset,
                   readoutSeconds: timing.readout, gyroBiasRadiansPerSecond: timing.gyroBias,
                   undetermined: notes.undetermined, fit: notes.fit)
    }

    /// `undetermined` with each one's `not_determined` line (its standard error and why split off the fit's value, as
    /// `notDeterminedText` joined them; the `warning` when the file gives no line), and the fit's summary when the file
    /// has any of it.
    static func readNotes(path: String) throws -> (undetermined: [Undetermined], fit: RigFitSummary?) {
        var lines: UnsafeMutablePointer<CChar>?, warningText: UnsafeMutablePointer<CChar>?
        var fit = [Double](repeating: 0, count: 3), turned = [Double](repeating: 0, count: 3)
        var hasFit: Int32 = 0, hasTurned: Int32 = 0
        defer { cvs_storage_free(lines); cvs_storage_free(warningText) }
        _ = try withErrorBuffer { err, len in
            cvs_calibration_read_notes(path, &lines, &warningText, &fit, &hasFit, &turned, &hasTurned, err, len)
        } describe: { CalibrationFileError(path: path, reason: $0) }
        let warning = warningText.map { String(cString: $0) } ?? ""
        let undetermined = (lines.map { String(cString: $0) } ?? "").split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            var why = parts.count > 1 ? String(parts[1]) : ""
            if why.hasPrefix("the fit's "), let end = why.range(of: "; ") { why = String(why[end.upperBound...]) }
            var standardError: String?
            if why.hasPrefix("± "), let end = why.range(of: ": ") {
                standardError = String(why[..<end.lowerBound])
                why = String(why[end.upperBound...])
            }
            return Undetermined(Undetermined.Quantity(fileKey: String(parts[0])), standardError: standardError, why: why.isEmpty ? warning : why)
        }
        guard hasFit != 0 || hasTurned != 0 || !warning.isEmpty else { return (undetermined, nil) }
        for (value, key) in zip(fit, ["residual_deg_per_s", "frames_used", "frames_total"])
        where !value.isFinite || value < 0 || value > Double(Int32.max) {
            throw CalibrationFileError(path: path, reason: "\(key): \(value) is not a number from 0 to \(Int32.max)")
        }
        return (undetermined, RigFitSummary(residualDegreesPerSecond: fit[0], framesUsed: Int(fit[1]), framesTotal: Int(fit[2]),
                                            warning: warning, turnedDegrees: hasTurned != 0 ? SIMD3(turned[0], turned[1], turned[2]) : nil))
    }

    /// The mount's and the time's keys, checked; the mount nil when the file has none.
    private static func readTimeAndMount(path: String) throws
        -> (deviceFromIMU: Quaternion?, timeOffset: TimeOffset, gyroBias: SIMD3<Double>?, readout: Double?) {
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
        } describe: { CalibrationFileError(path: path, reason: $0) }
        guard offset.isFinite, abs(offset) <= largestTimeOffsetSeconds else {
            throw CalibrationFileError(path: path, reason: "time_offset_s: \(offset) is not a number of seconds from "
                                          + "-\(Int(largestTimeOffsetSeconds)) to \(Int(largestTimeOffsetSeconds))")
        }
        if hasReadout != 0, !(readout.isFinite && readoutRange.contains(readout)) {
            throw CalibrationFileError(path: path, reason: "rolling_shutter_readout_s: \(readout) is not a number of seconds from "
                                          + "\(readoutRange.lowerBound) to \(readoutRange.upperBound)")
        }
        if hasBias != 0, let bad = bias.first(where: { !$0.isFinite || abs($0) > largestGyroBiasDegreesPerSecond }) {
            throw CalibrationFileError(path: path, reason: "gyro_bias_deg_per_s: \(bad) is not a number of degrees per second from "
                                          + "-\(Int(largestGyroBiasDegreesPerSecond)) to \(Int(largestGyroBiasDegreesPerSecond))")
        }
        let timeOffset = TimeOffset(seconds: offset, clock: live != 0 ? .live : .clip, refersTo: middleRow != 0 ? .middleRow : .frame)
        let gyroBias = hasBias != 0 ? Angle.radians(fromDegrees: SIMD3(bias[0], bias[1], bias[2])) : nil
        let readoutSeconds = hasReadout != 0 ? readout : nil
        guard hasMount != 0 else { return (nil, timeOffset, gyroBias, readoutSeconds) }
        do {
            return (try Quaternion.validated(w: q[0], x: q[1], y: q[2], z: q[3]), timeOffset, gyroBias, readoutSeconds)
        } catch {
            throw CalibrationFileError(path: path, reason: "imu_to_camera: \(error)")
        }
    }
}
