import AttitudeMath
import Calibration
import Camera
import Foundation
import Rig

/// What `calibrate` prints of a fit: the offset, field of view and mount with their standard errors, how
/// far the clip turned about each axis, the gyroscope bias and the residual, a line each; with the time
/// offset alone, it and why the rest is not determined; and what the clocks said beside it.
public struct CalibrationReport {
    public let outcome: RigCalibrator.Outcome
    /// The file the known camera came from (`RigCalibrator.intrinsicsPath`).
    public let intrinsicsPath: String?

    public init(_ outcome: RigCalibrator.Outcome, intrinsicsPath: String? = nil) {
        self.outcome = outcome
        self.intrinsicsPath = intrinsicsPath
    }

    var result: Rig { outcome.rig }
    var live: Bool { result.timeOffset.clock == .live }
    var clockNote: String {
        live ? "live: the frame timed t shows the attitude imud delivered at t + offset" : "log time = video time + offset"
    }

    /// The lines that say the rig: all of them but `clockLines`.
    public var lines: [String] {
        guard !result.knowsOnlyTimeOffset else {
            let standardError = outcome.offsetAlone.map { String(format: " ± %.3f ms", $0.standardErrorSeconds * 1000) } ?? ""
            let correlation = outcome.offsetAlone.map { String(format: " (correlation %.2f)", $0.correlation) } ?? ""
            return ["time offset \(result.timeOffsetText)\(standardError) (\(clockNote)), from the rotation rates alone\(correlation)",
                    "field of view and mount: not determined: \(result.fit?.warning ?? "")"]
        }
        var lines: [String] = []
        let errors = result.standardErrors
        lines.append(String(format: "time offset %@%@ (%@)", result.timeOffsetText,
                     errors.map { String(format: " ± %.3f ms", $0.timeOffsetSeconds * 1000) } ?? "", clockNote)
                     + (outcome.offsetAlone.map { String(format: ", from the rotation rates alone (correlation %.2f)", $0.correlation) } ?? ""))
        // The camera's texts (no camera where the rates gave the offset alone and the spans no field of view).
        let found = result.camera.map { CameraAndMount(camera: $0, deviceFromIMU: .identity) }
        if let known = outcome.knownCamera, let found {
            let pinhole = known.pinhole
            lines.append(String(format: "vertical field of view %@ (given: %@, fx %.2f, fy %.2f px, %@ lens)", found.fieldOfViewText,
                                intrinsicsPath ?? "", pinhole.fx, pinhole.fy, known.lens.modelName))
        } else if let why = undetermined(.camera) {
            lines.append("vertical field of view: not determined (" + (found.map { "the fit's \($0.fieldOfViewText) " } ?? "") + "\(why)), not written")
        } else if let found {
            lines.append("vertical field of view \(found.fieldOfViewText)"
                         + (errors.map { String(format: " ± %.3f%%", $0.verticalFieldOfViewFraction * 100) } ?? "")
                         + " (fx = fy = \(found.focalLengthText), principal point at the centre, \(lensDescription(found.camera.lens)))")
        }
        for k in 1...4 { if let why = undetermined(.lensCoefficient(k)) { lines.append("lens k\(k): not determined (\(why))") } }
        if let readout = result.readoutSeconds, let why = undetermined(.readout) {
            lines.append("rolling shutter readout: not determined (the fit's \(Rig.readoutText(readout)) \(why)), not written")
        } else if let readout = result.readoutSeconds {
            lines.append("rolling shutter readout \(Rig.readoutText(readout))"
                         + (errors?.readoutSeconds.map { " ± " + Rig.readoutText($0) } ?? "")
                         + " (row y is seen at log time = video time + offset + readout × (y / height - 1/2): the offset is the middle row's)")
        }
        if let why = undetermined(.mount) { lines.append("mount: not determined (\(why)), not written") }
        if let mount = result.deviceFromIMU {
            lines.append("mount\(undetermined(.mount) == nil ? "" : " (the fit's, not written)") imu_to_camera "
                         + Rig.mountText(mount) + " (v_D = R·v_S)"
              + (errors.map { String(format: " ± %.3f°, %.3f°, %.3f° about the camera's x, y, z", $0.mountDegrees.x,
                                     $0.mountDegrees.y, $0.mountDegrees.z) } ?? ""))
        }
        for (axis, name) in zip(CameraAxis.allCases, ["x (tilt)", "y (pan)", "z (roll)"]) {
            if let why = undetermined(.mountAxis(axis)) {
                lines.append("mount about the camera's \(name): not determined (\(why))")
            }
        }
        let fit = result.fit ?? RigFitSummary()
        if let turned = fit.turnedDegrees {
            lines.append(String(format: "turned %.0f° about the camera's x (tilt), %.0f° about y (pan), %.0f° about z (roll), "
                         + "summed over the frame pairs used", turned.x, turned.y, turned.z))
        }
        guard let biasValue = result.gyroBiasRadiansPerSecond else {
            // The rates gave the offset alone and the spans no bias.
            lines.append("gyroscope bias: not determined (no frame-pair fit, and too few spans), not written")
            return lines
        }
        let bias = Rig.gyroBiasText(biasValue)
        let biasErrors = errors?.gyroBiasRadiansPerSecond.map { error in
            let d = Angle.degrees(fromRadians: error)
            return String(format: " ± %.3f, %.3f, %.3f", d.x, d.y, d.z)
        } ?? ""
        if let why = undetermined(.gyroBias) {
            lines.append("gyroscope bias: not determined (the fit's \(bias), \(why)), not written")
        } else {
            lines.append(String(format: "gyroscope bias %@%@ (in the IMU's frame; prior ± %.1f °/s)",
                                bias, biasErrors, Angle.degrees(fromRadians: CameraIMUCalibration.gyroBiasPriorRadiansPerSecond)))
        }
        guard fit.framesTotal > 0 else { return lines }
        lines.append(String(format: "residual %.3f °/s over %d of %d frames (%d without texture, %d translating or mistracked, "
                     + "%d outside the log)", fit.residualDegreesPerSecond, fit.framesUsed, fit.framesTotal,
                     fit.untextured, fit.translated, fit.outsideLog)
                     + (fit.reprojectionPixels.map { String(format: "; tracked points missed by %.3f px RMS", $0) } ?? ""))
        return lines
    }

    /// What the clocks said beside the offset found, to print after the file is written.
    public var clockLines: [String] {
        var lines: [String] = []
        let found = result.timeOffset.seconds
        if let timelineOffset = outcome.videoTimelineOffsetSeconds {
            lines.append(String(format: "on the video's own timeline the offset is %.2f ms: the frame presented at t shows the motion "
                                + "the track stamps at t %@ %.2f ms", (found - timelineOffset) * 1000, found - timelineOffset < 0 ? "-" : "+",
                                abs(found - timelineOffset) * 1000))
        }
        if let stampOffset = outcome.stampOffsetSeconds {
            lines.append(String(format: "the offset is %.2f ms after the frames' own stamps (they mark the first row's exposure; the "
                                + "offset is the middle row's)", (found - stampOffset) * 1000))
        }
        return lines
    }

    /// The standard error and why, when the clip does not determine `quantity`.
    func undetermined(_ quantity: Undetermined.Quantity) -> String? { result.whyUndetermined(quantity) }

    /// `lens` and, when estimated, its coefficients with their standard errors.
    func lensDescription(_ lens: Lens) -> String {
        switch lens {
        case .pinhole: return "no distortion"
        case .radial, .fisheye:
            let names = lens.modelName == "fisheye" ? ["k1", "k2", "k3", "k4"] : ["k1", "k2", "p1", "p2", "k3", "k4", "k5", "k6"]
            let errors = result.standardErrors?.lensCoefficients ?? []
            let shown = lens.modelName == "fisheye" ? 4 : min(2, lens.coefficients.count)
            return "\(lens.modelName) lens " + (0..<shown).map { i in
                String(format: "%@ %.4f", names[i], lens.coefficients[i])
                    + (i < errors.count ? String(format: " ± %.4f", errors[i]) : "")
            }.joined(separator: ", ")
        }
    }
}
