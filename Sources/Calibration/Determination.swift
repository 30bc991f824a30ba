import AttitudeMath
import Camera
import Foundation
import Pixels
import Rig

/// Which of a calibration's numbers its clip determines, each judged on its own standard error against a
/// threshold derived from what drawing a die over the picture needs (docs/calibration.md, "Which numbers are
/// written"). One rule for every path: a clip and a log, a record folder, a known camera, a lens model to fit.
public enum Determination {
    /// The offset is determined when its standard error is under this share of the frame period: an error of a
    /// tenth of a frame moves the die against the scene by a tenth of the picture's motion between frames.
    public static let offsetErrorLimitFramePeriods = 0.1
    /// The field of view, relative: a die at the picture's edge lands this share of its distance from the
    /// centre away from where it belongs.
    public static let fieldOfViewErrorLimitFraction = 0.02
    /// A lens coefficient moves a ray at the picture's corner by k·s^(2i+1) (s the corner's angle for a fisheye,
    /// its tangent for a radial lens): determined when its standard error moves the corner by under this share
    /// of its distance from the centre, as the field of view's.
    public static let lensCornerErrorLimitFraction = 0.02
    /// The readout, in frame periods: the top and bottom rows move by half its error, as much as the offset's
    /// threshold allows.
    public static let readoutErrorLimitFramePeriods = 0.2
    /// Pixels: the least median image motion per frame pair for the camera's numbers (field of view, lens,
    /// readout). Below it a tracker's sub-pixel bias (flow locks towards whole pixels) scales the measured motion
    /// by several per cent, which no standard error sees: a synthetic clip moving 0.36 px a frame gave a field of
    /// view 5 % off at ± 0.4 %. The offset (when the motion changes) and the mount (which way it turns) do not
    /// rest on the motion's size.
    public static let cameraPixelsPerPair = 0.5
    /// Degrees, about each of the camera's axes: the die's faces tilt by the mount's error, and two degrees are
    /// about what the eye notices on a die.
    public static let mountErrorLimitDegrees = 2.0
    /// Rad/s (0.1 °/s), each axis: the data, not the prior (`CameraIMUCalibration.gyroBiasPriorRadiansPerSecond`),
    /// holds the bias when it narrows it to a fifth of the prior.
    public static let gyroBiasErrorLimitRadiansPerSecond = Angle.radians(fromDegrees: 0.1)

    static let axisNames = ["x (tilt)", "y (pan)", "z (roll)"]

    /// Judges `result` in place: lists in `result.undetermined` each number its standard error leaves undetermined,
    /// and takes the mount about each undetermined axis as no turn about it (the rotation about that axis nearest
    /// to identity: the IMU's axes as the camera's, as a camera's own motion track has them). `framePeriod` in
    /// seconds; `fitsCamera` false when the camera was given (`--intrinsics`).
    public static func judge(_ result: inout Rig, framePeriod: Double, fitsCamera: Bool) {
        var out: [Undetermined] = []
        let turned = result.fit?.turnedDegrees ?? .zero
        let medianPixelsPerPair = result.fit?.medianPixelsPerPair ?? 0
        let turnedText = String(format: "the clip turned %.0f°, %.0f° and %.0f° about the camera's x, y and z", turned.x, turned.y, turned.z)
        guard let errors = result.standardErrors else {
            let why = "the fit gave no standard errors"
            out.append(Undetermined(.timeOffset, standardError: nil, why: why))
            result.undetermined = out
            return
        }
        if let offset = judgeOffset(sigma: errors.timeOffsetSeconds, framePeriod: framePeriod, why: turnedText) { out.append(offset) }
        let subPixel = medianPixelsPerPair < cameraPixelsPerPair
        let subPixelWhy = String(format: "the picture moved a median %.2f px a frame, under the %.1f px below which tracking's sub-pixel bias "
                                 + "scales the motion unseen", medianPixelsPerPair, cameraPixelsPerPair)
        if fitsCamera, let found = result.cameraAndMount {
            let fov = found.verticalFieldOfViewDegrees
            if subPixel {
                out.append(Undetermined(.camera, standardError: String(format: "± %.1f%%", errors.verticalFieldOfViewFraction * 100),
                                        why: subPixelWhy))
            } else if !CameraIMUCalibration.fittedFieldOfViewRange.contains(fov) {
                out.append(Undetermined(.camera, standardError: String(format: "± %.1f%%", errors.verticalFieldOfViewFraction * 100),
                                        why: String(format: "the fit gives %.1f°, outside any camera's %.0f° to %.0f°", fov,
                                                    CameraIMUCalibration.fittedFieldOfViewRange.lowerBound, CameraIMUCalibration.fittedFieldOfViewRange.upperBound)))
            } else if !(errors.verticalFieldOfViewFraction <= fieldOfViewErrorLimitFraction) {
                out.append(Undetermined(.camera, standardError: String(format: "± %.1f%%", errors.verticalFieldOfViewFraction * 100),
                                        why: String(format: "more than %.0f%% of the field of view; turn about the picture's horizontal and "
                                                    + "vertical axes, or give the camera's intrinsics", fieldOfViewErrorLimitFraction * 100)))
            }
            out += lensCoefficients(found.camera, errors: errors.lensCoefficients ?? [])
        }
        // A readout is a duration: the fit, unconstrained, can come out a little below 0 for a global shutter. Within
        // twice its standard error of 0 it is 0 (the calibration file's readers take [0, 1] s); further below, the
        // bound that follows says it is no shutter's.
        if let readout = result.readoutSeconds, readout < 0, let sigma = errors.readoutSeconds, -readout <= 2 * sigma {
            result.readoutSeconds = 0
        }
        if let readout = result.readoutSeconds, !(readout >= 0 && readout <= framePeriod) {
            // A sensor reads its rows once a frame, top to bottom: a readout outside that is what the fit made of
            // something else (translation, a lens it does not model), whatever its standard error.
            out.append(Undetermined(.readout, standardError: errors.readoutSeconds.map { String(format: "± %.2f ms", $0 * 1000) },
                                    why: String(format: "the fit's %.2f ms is outside 0 to the frame period (%.2f ms), which no rolling shutter "
                                                + "reads in", readout * 1000, framePeriod * 1000)))
        } else if let readout = errors.readoutSeconds, result.readoutSeconds != nil, subPixel {
            out.append(Undetermined(.readout, standardError: String(format: "± %.2f ms", readout * 1000), why: subPixelWhy))
        } else if let readout = errors.readoutSeconds, result.readoutSeconds != nil, !(readout <= readoutErrorLimitFramePeriods * framePeriod) {
            out.append(Undetermined(.readout, standardError: String(format: "± %.2f ms", readout * 1000),
                                    why: String(format: "more than a fifth of the frame period (%.2f ms)", readoutErrorLimitFramePeriods * framePeriod * 1000)))
        }
        let mountAxes = CameraAxis.allCases.filter { !(errors.mountDegrees[$0.index] <= mountErrorLimitDegrees) }
        for axis in mountAxes {
            let others = CameraAxis.allCases.filter { $0 != axis }.map { turned[$0.index] }
            let error = errors.mountDegrees[axis.index]
            out.append(Undetermined(.mountAxis(axis),
                                    standardError: error > 90 ? "± more than 90°" : String(format: "± %.1f°", error),
                                    why: String(format: "the clip turned %.0f° and %.0f° about the camera's other two axes, the turns that "
                                                + "fix the mount about this one", others[0], others[1])
                                        + (mountAxes.count < 3 ? "; taken as no turn about it" : "")))
        }
        if mountAxes.count == 3 {
            // Nothing to hold the rest to: the mount is not written at all, rather than as identity.
            out.append(Undetermined(.mount, standardError: nil,
                                    why: "no axis of the mount is determined; " + turnedText + ": turn about every axis, or give the mount when drawing"))
        } else if let deviceFromIMU = result.deviceFromIMU {
            result.cameraAndMount?.deviceFromIMU = nearestIdentity(deviceFromIMU, aboutCameraAxes: mountAxes.map(\.index))
        }
        if let error = errors.gyroBiasRadiansPerSecond, !(error.max() <= gyroBiasErrorLimitRadiansPerSecond) {
            let bias = Angle.degrees(fromRadians: error)
            out.append(Undetermined(.gyroBias, standardError: String(format: "± %.2f, %.2f, %.2f °/s", bias.x, bias.y, bias.z),
                                    why: String(format: "the clip narrows it to no better than %.2f °/s; the prior (± %.1f °/s) holds it", bias.max(),
                                                Angle.degrees(fromRadians: CameraIMUCalibration.gyroBiasPriorRadiansPerSecond))))
        }
        result.undetermined = out
    }

    /// The time offset's verdict: nil when `sigma` (seconds) is under `offsetErrorLimitFramePeriods` of the frame period,
    /// else why not, ending with `why`. Every path that answers an offset asks this, the rates-alone one too.
    public static func judgeOffset(sigma: Double, framePeriod: Double, why: String) -> Undetermined? {
        let limit = offsetErrorLimitFramePeriods * framePeriod
        guard !(sigma <= limit) else { return nil }
        return Undetermined(.timeOffset, standardError: sigma.isFinite ? String(format: "± %.2f ms", sigma * 1000) : nil,
                            why: String(format: "more than a tenth of the frame period (%.2f ms); %@", limit * 1000, why))
    }

    /// The estimated lens's coefficients whose standard error moves the picture's corner by more than
    /// `lensCornerErrorLimitFraction` of its distance from the centre.
    static func lensCoefficients(_ camera: LensCamera, errors: [Double]) -> [Undetermined] {
        guard !errors.isEmpty else { return [] }
        guard let corner = camera.ray(pixel: SIMD2(-0.5, -0.5)) else {
            return errors.indices.map { Undetermined(.lensCoefficient($0 + 1), standardError: nil, why: "the lens cannot take the picture's corner") }
        }
        let angle = acos(min(max(corner.z / corner.length, -1), 1))
        let fisheye = camera.lens.modelName == "fisheye"
        let s = fisheye ? angle : tan(angle)
        return errors.indices.compactMap { i in
            let moved = errors[i] * pow(s, Double(2 * (i + 1)))
            guard !(moved <= lensCornerErrorLimitFraction) else { return nil }
            return Undetermined(.lensCoefficient(i + 1), standardError: String(format: "± %.4f", errors[i]),
                                why: String(format: "it moves the picture's corner by %.1f%% of its distance from the centre (more than %.0f%%); "
                                            + "written, as the lens needs it, and the field of view is measured through it",
                                            moved * 100, lensCornerErrorLimitFraction * 100))
        }
    }

    /// `deviceFromIMU` (v_D = R·v_S) turned about each of the camera's axes in `axes` (0, 1, 2: C's x, y, z) to
    /// the rotation nearest to identity: the turn about an axis the clip does not determine is taken as none.
    public static func nearestIdentity(_ deviceFromIMU: Quaternion, aboutCameraAxes axes: [Int]) -> Quaternion {
        guard !axes.isEmpty else { return deviceFromIMU }
        var q = deviceFromIMU
        // C's axes in D; the sign does not matter, the angle about each is chosen freely.
        let directions = [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)].map(CameraFrame.camera(fromDevice:))
        for _ in 0..<4 {
            for axis in axes {
                let a = directions[axis]
                let along = q.x * a.x + q.y * a.y + q.z * a.z
                let half = atan2(-along, q.w)
                let turn = Quaternion(w: cos(half), x: sin(half) * a.x, y: sin(half) * a.y, z: sin(half) * a.z)
                q = (turn * q).normalized() ?? q
            }
        }
        return q.canonical
    }
}

// MARK: - What the spans say (`SpanBias`), and a video's own track

extension Determination {
    /// What the spans' bias (`SpanBias`) did to a rig's.
    public enum SpanBiasVerdict: Equatable, Sendable {
        /// The spans narrow the bias no better than `gyroBiasErrorLimitRadiansPerSecond`: the rig's stands.
        case undetermined
        /// Within `spanAgreement` joint standard errors of the frame pairs' on every axis: the frame pairs' stands.
        case agrees
        /// The spans' is written in place of the frame pairs' (nil: they left it undetermined), which is off by
        /// `sigmasOff` joint standard errors on its worst axis (nil: it has no standard error).
        case replaced(previous: SIMD3<Double>?, sigmasOff: Double?)
    }

    /// Joint standard errors within which the frame pairs' bias and the spans' agree.
    public static let spanAgreement = 3.0

    /// Judges the spans' bias against `rig`'s and writes it where it should stand: when the spans determine it (each
    /// axis's standard error within `gyroBiasErrorLimitRadiansPerSecond`) and the frame pairs' is undetermined or off by more than
    /// `spanAgreement` joint standard errors on some axis. The frame pairs' stands where they agree: on a camera that only
    /// turns they are the more precise, and where the camera also moves they take its move for a turn, which the spans do not.
    public static func judge(_ rig: inout Rig, spans: SpanBias) -> SpanBiasVerdict {
        let spanError = spans.standardErrorRadiansPerSecond
        guard spanError.max() <= gyroBiasErrorLimitRadiansPerSecond else { return .undetermined }
        let previous = rig.determines(.gyroBias) ? rig.gyroBiasRadiansPerSecond : nil
        var worst: Double?
        if let previous, let previousError = rig.standardErrors?.gyroBiasRadiansPerSecond {
            let joint: SIMD3<Double> = spanError * spanError + previousError * previousError
            let difference = spans.gyroBiasRadiansPerSecond - previous
            let off = SIMD3(abs(difference.x), abs(difference.y), abs(difference.z))
            let sigmas = (0..<3).map { off[$0] / joint[$0].squareRoot() }.max() ?? .infinity
            if sigmas <= spanAgreement { return .agrees }
            worst = sigmas
        }
        rig.gyroBiasRadiansPerSecond = spans.gyroBiasRadiansPerSecond
        rig.standardErrors?.gyroBiasRadiansPerSecond = spanError
        rig.markDetermined { $0 == .gyroBias }
        return .replaced(previous: previous, sigmasOff: worst)
    }

    /// Writes the spans' field of view (`SpanBias.fieldOfView`) into `rig` as a pinhole of `size` (or as
    /// `camera`, the lens the spans were measured through at that field of view: a lens profile's, its coefficients given)
    /// where the frame pairs left the camera undetermined and its error is within `fieldOfViewErrorLimitFraction` (the frame
    /// pairs' rule): the camera, its lens coefficients and their errors then determined. Returns whether it was written.
    public static func judge(_ rig: inout Rig, spanFieldOfView degrees: Double, standardErrorFraction: Double, size: PictureSize,
                             camera: LensCamera? = nil) -> Bool {
        guard !rig.determines(.camera), standardErrorFraction <= fieldOfViewErrorLimitFraction else { return false }
        rig.camera = camera ?? LensCamera(pinhole: PinholeCamera(verticalFieldOfViewDegrees: degrees, size: size))
        rig.standardErrors?.verticalFieldOfViewFraction = standardErrorFraction
        rig.standardErrors?.lensCoefficients = nil
        rig.markDetermined {
            if case .lensCoefficient = $0 { return true }
            return $0 == .camera
        }
        return true
    }

    /// Writes the identity mount, given (standard error 0) rather than fitted, where the frame pairs left the mount
    /// undetermined: a video's own motion track is in the camera's axes by its format. Returns whether it was written.
    public static func takeTrackAxes(_ rig: inout Rig) -> Bool {
        guard !rig.determines(.mount) || CameraAxis.allCases.contains(where: { !rig.determines(.mountAxis($0)) }) else { return false }
        rig.deviceFromIMU = .identity
        rig.standardErrors?.mountDegrees = .zero
        rig.markDetermined {
            if case .mountAxis = $0 { return true }
            return $0 == .mount
        }
        return true
    }
}
