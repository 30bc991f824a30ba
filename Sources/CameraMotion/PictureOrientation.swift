import AttitudeMath
import Foundation

// MARK: - CORI's and IORI's axes

/// How a GoPro CORI or IORI quaternion, stored `[w, x, y, z]`, reads as a rotation in the device frame D. GoPro
/// does not say in which axes (gpmf-parser's README: "Quaterions for the camera orientation since capture start",
/// "... for the image orientation relative to the camera body"), so `CameraMotion.orientationAxesFit()` decides
/// it from the data: a proper signed permutation of the stored vector part, and whether the stored rotation is
/// the inverse one.
public struct OrientationAxes: Sendable, Equatable, CustomStringConvertible {
    /// For each of D's axes x, y, z: the stored axis (0, 1, 2) it reads.
    public var storedAxis: SIMD3<Int>
    /// For each of D's axes: +1 or -1.
    public var sign: SIMD3<Double>
    /// True when the stored quaternion is the inverse of the rotation (from the reference into the body).
    public var inverse: Bool

    public init(storedAxis: SIMD3<Int>, sign: SIMD3<Double>, inverse: Bool) {
        self.storedAxis = storedAxis
        self.sign = sign
        self.inverse = inverse
    }

    /// The 24 proper signed permutations (determinant +1: a rotation of axes, not a mirror), each read as stored
    /// and as the inverse: 48 in all. An improper permutation is not needed: P·R·Pᵀ = (−P)·R·(−P)ᵀ.
    public static let all: [OrientationAxes] = {
        var out: [OrientationAxes] = []
        let permutations: [SIMD3<Int>] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for p in permutations {
            let parity: Double = [[0, 1, 2], [1, 2, 0], [2, 0, 1]].contains(p) ? 1 : -1
            for bits in 0..<8 {
                let sign = SIMD3<Double>(bits & 1 == 0 ? 1 : -1, bits & 2 == 0 ? 1 : -1, bits & 4 == 0 ? 1 : -1)
                guard sign.x * sign.y * sign.z * parity > 0 else { continue }
                for inverse in [false, true] { out.append(OrientationAxes(storedAxis: p, sign: sign, inverse: inverse)) }
            }
        }
        return out
    }()

    /// The stored `[w, x, y, z]` as a unit rotation in D; nil when it is not finite or has no length.
    public func quaternion(_ stored: SIMD4<Double>) -> Quaternion? {
        let v = SIMD3(stored.y, stored.z, stored.w)
        let d = SIMD3(v[storedAxis.x], v[storedAxis.y], v[storedAxis.z]) * sign * (inverse ? -1 : 1)
        return Quaternion(w: stored.x, x: d.x, y: d.y, z: d.z).normalized()
    }

    /// The `[w, x, y, z]` a camera writing in these axes stores for the rotation `q` in D (the inverse of `quaternion`).
    public func stored(_ q: Quaternion) -> SIMD4<Double> {
        let d = SIMD3(q.x, q.y, q.z) * sign * (inverse ? -1 : 1)
        var v = SIMD3<Double>.zero
        for k in 0..<3 { v[storedAxis[k]] = d[k] }
        return SIMD4(q.w, v.x, v.y, v.z)
    }

    /// "x_D = X, y_D = Z, z_D = −Y" (the stored axes by their letters), with ", inverse" when so.
    public var description: String {
        let letters = ["X", "Y", "Z"]
        let rows = (0..<3).map { k in "\(["x", "y", "z"][k])_D = \(sign[k] < 0 ? "−" : "")\(letters[storedAxis[k]])" }
        return rows.joined(separator: ", ") + (inverse ? ", inverse" : "")
    }
}

/// How well CORI's rotations follow the gyroscope's in each `OrientationAxes`, and the decision.
public struct OrientationAxesFit: Sendable {
    /// The axes in which CORI agrees best with the gyroscope.
    public var best: OrientationAxes
    /// RMS angle of the disagreement between CORI's and the gyroscope's rotation over `lagSeconds`, as a
    /// fraction of the RMS rotation itself: 0 for perfect agreement.
    public var bestDisagreement: Double
    /// The next best axes (not `best`'s) and its disagreement.
    public var runnerUp: OrientationAxes
    public var runnerUpDisagreement: Double
    /// RMS rotation over `lagSeconds` by the gyroscope, degrees.
    public var motionDegrees: Double
    /// How many pairs of CORI samples `lagSeconds` apart were compared.
    public var pairs: Int
    /// Nil when `best` is accepted; else why not, one clause.
    public var refusal: String?

    /// Seconds between the two samples of each rotation compared.
    public static let lagSeconds = 0.5
    /// `best` is accepted when its disagreement is at most this fraction of the motion ...
    public static let agreement = 0.2
    /// ... the runner-up's at least this (twice as far off as the worst accepted) ...
    public static let runnerUpAtLeast = 0.4
    /// ... and the camera turned by at least this RMS angle over `lagSeconds`, degrees.
    public static let minimumMotionDegrees = 1.0

    public var accepted: Bool { refusal == nil }

    /// One line: the axes, the disagreements and the motion.
    public var summary: String {
        String(format: "%@, disagreeing by %.1f %% of its motion over %g s (%.1f° RMS, %d pairs); the next best (%@) by %.0f %%",
               best.description, bestDisagreement * 100, Self.lagSeconds, motionDegrees, pairs, runnerUp.description,
               runnerUpDisagreement * 100)
    }
}

// MARK: - The picture's motion

extension CameraMotion {
    /// Degrees: an IORI sample further than this from the identity means the picture was stabilised (a stored
    /// int16 quaternion with SCAL 32767 resolves about 0.003°).
    public static let stabilisedAngleDegrees = 0.01

    /// True when IORI holds a sample further than `stabilisedAngleDegrees` from the identity.
    public var isStabilisedInCamera: Bool {
        imageOrientation.values.contains { q in
            let n = q.length
            return n > 0 && Angle.degrees(fromRadians: 2 * acos(min(1, abs(q.x) / n))) > Self.stabilisedAngleDegrees
        }
    }

    /// The motion the picture shows, with the note also appended to its `notes` for stderr (nil when there is
    /// nothing to say). Every reader of a video as a log asks this, through `RawLogReader`. A file whose IORI
    /// says the camera stabilised the picture (`isStabilisedInCamera`) has its gyroscope, accelerometer and
    /// magnetometer turned into the picture's frame P, when CORI tells IORI's axes (`orientationAxesFit`):
    /// the picture's orientation is q_S←P = CORI ⊗ IORI = q_S←D ⊗ q_D←P (S the camera body at the capture's start),
    /// so its angular rate in P is ω_P = R(q_D←P)ᵀ·ω_D + ω_IORI, the gyroscope's rate seen from the picture plus
    /// IORI's own (dq_D←P/dt = ½·q_D←P ⊗ (0, ω_IORI)), and the accelerometer and magnetometer read
    /// R(q_D←P)ᵀ·v_D. The gyroscope keeps its own rate and timing; IORI, per frame, is interpolated between
    /// frames (slerp) and its rate is the central difference at each frame, linear between frames. Otherwise the
    /// motion is the camera's, unchanged (docs/attitude-logs.md).
    public func pictureMotion() -> (motion: CameraMotion, note: String?) {
        guard isStabilisedInCamera else { return (self, nil) }
        func refused(_ why: String) -> (motion: CameraMotion, note: String?) {
            let note = "\(path): the file says the picture was stabilised in the camera (IORI), but \(why): IORI not used, "
                + "the log is the camera's own motion"
            var camera = self
            camera.notes.append(note)
            return (camera, note)
        }
        guard !cameraOrientation.isEmpty else { return refused("it holds no CORI (the camera's orientation) to tell IORI's axes by") }
        guard let fit = orientationAxesFit() else { return refused("CORI has under two samples within the gyroscope's span to compare with it") }
        if let refusal = fit.refusal { return refused(refusal) }
        let imageInDevice = imageOrientation.values.compactMap { fit.best.quaternion($0) }
        guard imageInDevice.count == imageOrientation.count else { return refused("an IORI sample is not a rotation (zero or not finite)") }
        let image = OrientationTrack(time: imageOrientation.time, orientation: imageInDevice)
        var picture = self
        picture.gyro.values = zip(gyro.time, gyro.values).map { t, rate in
            image.orientation(at: t).conjugate.rotate(rate) + image.rate(at: t)
        }
        for keyPath in [\CameraMotion.accelerometer, \CameraMotion.magnetometer] {
            let samples = self[keyPath: keyPath]
            picture[keyPath: keyPath].values = zip(samples.time, samples.values).map { t, v in image.orientation(at: t).conjugate.rotate(v) }
        }
        let note = "\(path): the picture was stabilised in the camera (IORI): using the picture's orientation, CORI ⊗ IORI "
            + "(CORI follows the gyroscope in \(fit.summary))"
        picture.notes.append(note)
        picture.inStabilisedPictureFrame = true
        return (picture, note)
    }

    /// The axes in which CORI's rotations agree with the gyroscope's (D) over pairs of CORI samples
    /// `OrientationAxesFit.lagSeconds` apart, with every candidate's disagreement measured; nil without CORI,
    /// or when no pair lies within the gyroscope's span.
    public func orientationAxesFit() -> OrientationAxesFit? {
        guard gyro.count >= 2, let start = gyro.time.first, let end = gyro.time.last, let rate = cameraOrientation.rate else { return nil }
        // The gyroscope integrated as every reader here integrates it (docs/conventions.md, "Time"): D at t into D at
        // the first sample, t counted from that sample.
        let integral = GyroIntegral(time: gyro.time, rate: gyro.values)
        let gyroOrientation = { (t: Double) in integral.orientation(at: t - start) }
        let lag = max(1, Int((OrientationAxesFit.lagSeconds * rate).rounded()))
        let t = cameraOrientation.time, stored = cameraOrientation.values
        var gyroTurns: [(Int, Quaternion)] = []
        for k in 0..<max(0, t.count - lag) where t[k] >= start && t[k + lag] <= end {
            gyroTurns.append((k, gyroOrientation(t[k]).conjugate * gyroOrientation(t[k + lag])))
        }
        guard !gyroTurns.isEmpty else { return nil }
        let motion = (gyroTurns.reduce(0) { $0 + pow(Quaternion.identity.angle(to: $1.1), 2) } / Double(gyroTurns.count)).squareRoot()
        var scores: [(OrientationAxes, Double)] = OrientationAxes.all.map { axes in
            var sum = 0.0
            for (k, gyroTurn) in gyroTurns {
                guard let a = axes.quaternion(stored[k]), let b = axes.quaternion(stored[k + lag]) else { return (axes, .infinity) }
                sum += pow((a.conjugate * b).angle(to: gyroTurn), 2)
            }
            return (axes, motion > 0 ? (sum / Double(gyroTurns.count)).squareRoot() / motion : .infinity)
        }
        scores.sort { $0.1 < $1.1 }
        var fit = OrientationAxesFit(best: scores[0].0, bestDisagreement: scores[0].1, runnerUp: scores[1].0,
                                     runnerUpDisagreement: scores[1].1, motionDegrees: Angle.degrees(fromRadians: motion), pairs: gyroTurns.count)
        if fit.motionDegrees < OrientationAxesFit.minimumMotionDegrees {
            fit.refusal = String(format: "the camera turned too little to tell CORI's axes (%.2f° RMS over %g s, under %g°)",
                                 fit.motionDegrees, OrientationAxesFit.lagSeconds, OrientationAxesFit.minimumMotionDegrees)
        } else if fit.bestDisagreement > OrientationAxesFit.agreement {
            fit.refusal = String(format: "CORI does not follow the gyroscope in any axes (the best, %@, disagrees by %.0f %% of the motion, "
                                 + "over %.0f %% allowed)", fit.best.description, fit.bestDisagreement * 100, OrientationAxesFit.agreement * 100)
        } else if fit.runnerUpDisagreement < OrientationAxesFit.runnerUpAtLeast {
            fit.refusal = String(format: "CORI's axes are not told apart by this motion (%@ and %@ disagree by %.0f %% and %.0f %%; "
                                 + "the camera turned about too few axes)", fit.best.description, fit.runnerUp.description,
                                 fit.bestDisagreement * 100, fit.runnerUpDisagreement * 100)
        }
        return fit
    }
}

// MARK: - Orientation over time

/// An orientation sampled over time, read between samples by slerp, with its body rate.
struct OrientationTrack {
    var time: [Double]
    var orientation: [Quaternion]

    /// Slerp between the samples either side of `t`; the first or last sample outside them (`TimeSeries`).
    func orientation(at t: Double) -> Quaternion {
        guard !time.isEmpty else { return .identity }
        return TimeSeries.attitude(at: t, in: time.indices, time: { time[$0] }, attitude: { orientation[$0] })
    }

    /// The body rate at sample k, rad/s in the orientation's own frame: the central difference of its neighbours
    /// (one-sided at the ends).
    private func rate(atSample k: Int) -> SIMD3<Double> {
        let a = max(0, k - 1), b = min(time.count - 1, k + 1)
        return Quaternion.bodyRate(from: orientation[a], to: orientation[b], over: time[b] - time[a])
    }

    /// The body rate at `t`: linear between the samples' rates; 0 outside them (the orientation held).
    func rate(at t: Double) -> SIMD3<Double> {
        guard let first = time.first, let last = time.last, time.count > 1, t >= first, t <= last else { return .zero }
        let i = TimeSeries.index(atOrBefore: t, in: time.indices) { time[$0] }
        guard i + 1 < time.count else { return rate(atSample: i) }
        let span = time[i + 1] - time[i]
        let w = span > 0 ? (t - time[i]) / span : 0
        return rate(atSample: i) * (1 - w) + rate(atSample: i + 1) * w
    }
}
