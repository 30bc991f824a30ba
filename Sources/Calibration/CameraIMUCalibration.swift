import AttitudeMath
import Camera
import Foundation

/// Corners tracked from frame `index` to frame `index + 1` of a clip.
public struct FramePairTracks: Sendable {
    public var index: Int
    /// Point pairs in OpenCV pixel coordinates.
    public var from: [SIMD2<Double>]
    public var to: [SIMD2<Double>]

    public init(index: Int, from: [SIMD2<Double>], to: [SIMD2<Double>]) {
        self.index = index; self.from = from; self.to = to
    }
}

/// Why a clip and a log cannot be calibrated.
public enum CalibrationError: Error, CustomStringConvertible, Equatable {
    case clipTooShort(frames: Int, seconds: Double)
    case noTexture(textured: Int, pairs: Int)
    case noTimeOverlap(videoSeconds: Double, logSeconds: Double)
    case noFit(reason: String)

    public var description: String {
        switch self {
        case .clipTooShort(let frames, let seconds):
            return String(format: "the clip is too short: %d frames (%.2f s); record at least %.0f s, turning about every axis",
                          frames, seconds, CameraIMUCalibration.minimumSeconds)
        case .noTexture(let textured, let pairs):
            return "no texture to track: only \(textured) of \(pairs) frame pairs had at least "
                + "\(CameraIMUCalibration.minimumTracks) corners tracked; point the camera at a textured scene"
        case .noTimeOverlap(let video, let log):
            return String(format: "the log (%.2f s) and the clip (%.2f s) do not overlap in time for any offset within ±%.1f s; "
                          + "give the raw log recorded with this clip", log, video, CameraIMUCalibration.searchRange)
        case .noFit(let reason):
            return "no fit: \(reason)"
        }
    }
}

/// What the calibration found.
public struct CameraIMUCalibrationResult: Sendable {
    public var camera: PinholeCamera
    /// The mount, D (the camera's device frame) from S (the IMU's): v_D = R·v_S.
    public var deviceFromIMU: Quaternion
    /// Log time = video time + offset, seconds.
    public var timeOffset: Double
    public var residualDegreesPerSecond: Double
    public var framesUsed: Int
    public var framesTotal: Int
    /// Frame pairs refused, by reason.
    public var untextured: Int, translated: Int, outsideLog: Int
    /// The gyroscope's bias found along the way, in S, rad/s.
    public var gyroBias: SIMD3<Double>
    /// Empty, or why the mount is uncertain.
    public var warning: String

    public var verticalFieldOfViewDegrees: Double { 2 * atan(Double(camera.height) / 2 / camera.fy) * 180 / .pi }
}

/// Finds a camera's time offset, focal length and mount relative to an IMU from corners tracked over a
/// clip and the IMU's gyroscope: the camera's rotation between frames (a pure rotation moves image
/// points by K·R·K⁻¹) must equal the gyroscope's rotation over the same interval, turned by the mount.
///
/// Steps: per frame pair, the camera's rotation for a focal length (Wahba's problem over the tracked
/// rays); a coarse offset search over ±`searchRange` correlating the rotation angles (which no mount
/// changes); the mount from those rotation vectors (Wahba again); then a damped Gauss-Newton fit of
/// offset, focal length and mount, dropping pairs that a rotation does not explain (translation,
/// bad tracks) and refitting. The principal point stays at the picture's centre: a rotation-only fit
/// barely constrains it (it trades against the mount), and webcams put it within a few pixels of it.
public struct CameraIMUCalibration {
    public static let minimumSeconds = 2.0
    public static let minimumTracks = 20
    public static let searchRange = 1.0
    /// A pair whose rotation-only reprojection misses by more than this (pixels, RMS) moved otherwise.
    public static let maximumReprojectionPixels = 1.5

    public var width: Int, height: Int
    public var framesPerSecond: Double
    public var frameCount: Int
    public var gyro: GyroIntegral
    public var fieldOfViewGuessDegrees: Double
    public var progress: (String) -> Void

    public init(width: Int, height: Int, framesPerSecond: Double, frameCount: Int, gyro: GyroIntegral,
                fieldOfViewGuessDegrees: Double = 60, progress: @escaping (String) -> Void = { _ in }) {
        self.width = width; self.height = height; self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount; self.gyro = gyro
        self.fieldOfViewGuessDegrees = fieldOfViewGuessDegrees; self.progress = progress
    }

    /// OpenCV's camera frame C from D: a half turn about X.
    static let cameraFromDevice = Quaternion(w: 0, x: 1, y: 0, z: 0)

    public func fit(_ tracks: [FramePairTracks]) throws -> CameraIMUCalibrationResult {
        let seconds = Double(frameCount) / framesPerSecond
        guard seconds >= Self.minimumSeconds else { throw CalibrationError.clipTooShort(frames: frameCount, seconds: seconds) }
        let pairCount = max(frameCount - 1, 1)
        let textured = tracks.filter { $0.from.count >= Self.minimumTracks }
        guard textured.count >= max(Int(framesPerSecond * Self.minimumSeconds / 2), pairCount / 4) else {
            throw CalibrationError.noTexture(textured: textured.count, pairs: pairCount)
        }
        let f0 = Double(height) / 2 / tan(fieldOfViewGuessDegrees * .pi / 360)

        // Coarse offset: correlate the angles, which no mount changes.
        let coarse = try searchOffset(textured, focal: f0, from: -Self.searchRange, to: Self.searchRange, step: 0.005)
        let offset0 = try searchOffset(textured, focal: f0, from: coarse - 0.01, to: coarse + 0.01, step: 0.0005)
        progress(String(format: "coarse time offset %.4f s", offset0))

        var used = inside(textured, offset: offset0)
        let outsideLog = textured.count - used.count
        guard let initialCameraFromIMU = initialMount(used, focal: f0, offset: offset0) else {
            throw CalibrationError.noFit(reason: "no rotation seen")
        }
        var parameters = Parameters(offset: offset0, logFocal: log(f0), cameraFromIMU: initialCameraFromIMU)
        parameters = refine(parameters, used, stage: "fit on \(used.count) frame pairs")

        // Refuse pairs a rotation does not explain, then fit again.
        let before = used.count
        used = used.filter { reprojectionRMS($0, focal: exp(parameters.logFocal)) <= Self.maximumReprojectionPixels }
        let translated = before - used.count
        let norms = used.map { length(residual($0, parameters)) }.sorted()
        if let median = norms.isEmpty ? nil : norms[norms.count / 2] {
            let limit = max(5 * median, 1e-4)
            used = used.filter { length(residual($0, parameters)) <= limit }
        }
        guard used.count >= Self.minimumTracks else {
            throw CalibrationError.noFit(reason: "only \(used.count) frame pairs move as a rotation; turn the camera rather than moving it")
        }
        parameters = refine(parameters, used, stage: "refit on the \(used.count) pairs a rotation explains")

        let squares = used.map { r -> Double in let e = residual(r, parameters); return (e * e).sum() }
        let rms = (squares.reduce(0, +) / Double(used.count)).squareRoot() * framesPerSecond * 180 / .pi
        let focal = exp(parameters.logFocal)
        let camera = PinholeCamera(fx: focal, fy: focal, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2, width: width, height: height)
        let deviceFromIMU = Self.cameraFromDevice.conjugate * parameters.cameraFromIMU
        return CameraIMUCalibrationResult(camera: camera, deviceFromIMU: deviceFromIMU.normalized() ?? deviceFromIMU,
                                          timeOffset: parameters.offset, residualDegreesPerSecond: rms,
                                          framesUsed: used.count, framesTotal: frameCount,
                                          untextured: pairCount - textured.count, translated: translated, outsideLog: outsideLog,
                                          gyroBias: parameters.gyroBias,
                                          warning: excitationWarning(used, offset: parameters.offset))
    }

    // MARK: - Model

    struct Parameters {
        /// Seconds: log time = video time + offset.
        var offset: Double
        /// Natural logarithm of the focal length in pixels (fx = fy).
        var logFocal: Double
        /// C from S: v_C = M·v_S.
        var cameraFromIMU: Quaternion
        /// The gyroscope's constant bias in S, rad/s: what it reads at rest.
        var gyroBias = SIMD3<Double>.zero
    }

    func time(ofFrame k: Int) -> Double { Double(k) / framesPerSecond }

    /// The pairs whose interval, moved by `offset`, lies inside the log.
    func inside(_ tracks: [FramePairTracks], offset: Double) -> [FramePairTracks] {
        tracks.filter { time(ofFrame: $0.index) + offset >= 0 && time(ofFrame: $0.index + 1) + offset <= gyro.duration }
    }

    /// The camera's rotation from frame k to k + 1 as a rotation vector in C: rays of frame k turned into rays of frame k + 1.
    func cameraRotation(_ pair: FramePairTracks, focal: Double) -> SIMD3<Double> {
        let cx = Double(width - 1) / 2, cy = Double(height - 1) / 2
        func ray(_ p: SIMD2<Double>) -> SIMD3<Double> {
            let r = SIMD3((p.x - cx) / focal, (p.y - cy) / focal, 1)
            return r / (r * r).sum().squareRoot()
        }
        guard let q = RotationFit.wahba(from: pair.from.map(ray), to: pair.to.map(ray)) else { return .zero }
        return RotationFit.rotationVector(q)
    }

    /// The gyroscope's rotation over pair k's interval, moved by `offset`, in S.
    func imuRotation(_ pair: FramePairTracks, offset: Double) -> SIMD3<Double> {
        gyro.rotation(from: time(ofFrame: pair.index) + offset, to: time(ofFrame: pair.index + 1) + offset)
    }

    /// Points turn opposite to the camera: rays rotate by M·exp(-θ_S)·M⁻¹, so θ_C = -M·θ_S, with θ_S the
    /// gyroscope's rotation less its bias over the interval.
    func residual(_ pair: FramePairTracks, _ p: Parameters) -> SIMD3<Double> {
        residual(camera: cameraRotation(pair, focal: exp(p.logFocal)), pair, p)
    }

    func residual(camera: SIMD3<Double>, _ pair: FramePairTracks, _ p: Parameters) -> SIMD3<Double> {
        camera + p.cameraFromIMU.rotate(imuRotation(pair, offset: p.offset) - p.gyroBias / framesPerSecond)
    }

    /// RMS pixels by which the best rotation for this focal length misses the tracked points.
    func reprojectionRMS(_ pair: FramePairTracks, focal: Double) -> Double {
        let cx = Double(width - 1) / 2, cy = Double(height - 1) / 2
        let q = RotationFit.quaternion(rotationVector: cameraRotation(pair, focal: focal))
        var sum = 0.0
        for (a, b) in zip(pair.from, pair.to) {
            let r = q.rotate(SIMD3((a.x - cx) / focal, (a.y - cy) / focal, 1))
            guard r.z > 0 else { return .infinity }
            let u = focal * r.x / r.z + cx - b.x, v = focal * r.y / r.z + cy - b.y
            sum += u * u + v * v
        }
        return (sum / Double(max(pair.from.count, 1))).squareRoot()
    }

    // MARK: - Steps

    /// The offset in [from, to] whose gyroscope angles correlate best with the camera's.
    func searchOffset(_ tracks: [FramePairTracks], focal: Double, from: Double, to: Double, step: Double) throws -> Double {
        let angles = Dictionary(uniqueKeysWithValues: tracks.map { ($0.index, length(cameraRotation($0, focal: focal))) })
        let needed = max(Self.minimumTracks, tracks.count / 2)
        var best: (offset: Double, score: Double)?
        var offset = from
        while offset <= to + 1e-9 {
            let overlapping = inside(tracks, offset: offset)
            if overlapping.count >= needed {
                let a = overlapping.map { angles[$0.index]! }
                let b = overlapping.map { length(imuRotation($0, offset: offset)) }
                let score = correlation(a, b)
                if best == nil || score > best!.score { best = (offset, score) }
            }
            offset += step
        }
        guard let best else {
            throw CalibrationError.noTimeOverlap(videoSeconds: Double(frameCount) / framesPerSecond, logSeconds: gyro.duration)
        }
        return best.offset
    }

    /// A first C-from-S rotation (v_C = M·v_S) from the pairs' rotation vectors; `focal` in pixels, `offset` in seconds.
    func initialMount(_ tracks: [FramePairTracks], focal: Double, offset: Double) -> Quaternion? {
        let imu = tracks.map { -imuRotation($0, offset: offset) }
        let camera = tracks.map { cameraRotation($0, focal: focal) }
        return RotationFit.wahba(from: imu, to: camera)
    }

    /// Damped Gauss-Newton over (offset, log focal, mount, gyroscope bias), with forward-difference derivatives.
    /// `stage` names the fit in the progress lines, whose steps count from 1 within it.
    func refine(_ start: Parameters, _ tracks: [FramePairTracks], stage: String) -> Parameters {
        let count = 8
        func apply(_ p: Parameters, _ delta: [Double]) -> Parameters {
            var q = p
            q.offset += delta[0]
            q.logFocal += delta[1]
            q.cameraFromIMU = (RotationFit.quaternion(rotationVector: SIMD3(delta[2], delta[3], delta[4])) * p.cameraFromIMU).normalized()
                ?? p.cameraFromIMU
            q.gyroBias += SIMD3(delta[5], delta[6], delta[7])
            return q
        }
        // The camera's rotations depend on the focal length alone: computed once per focal length tried.
        var cameraRotations: [Double: [SIMD3<Double>]] = [:]
        func residuals(_ p: Parameters) -> [Double] {
            let rotations = cameraRotations[p.logFocal] ?? tracks.map { cameraRotation($0, focal: exp(p.logFocal)) }
            if cameraRotations.count > 8 { cameraRotations.removeAll() }
            cameraRotations[p.logFocal] = rotations
            var out: [Double] = []
            out.reserveCapacity(3 * tracks.count)
            for (pair, camera) in zip(tracks, rotations) {
                let r = residual(camera: camera, pair, p)
                out += [r.x, r.y, r.z]
            }
            return out
        }
        func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
        let steps = [1e-4, 1e-5, 1e-6, 1e-6, 1e-6, 1e-5, 1e-5, 1e-5]
        var p = start
        var r = residuals(p)
        var damping = 1e-3
        for iteration in 0..<30 {
            let columns = (0..<count).map { k -> [Double] in
                var delta = [Double](repeating: 0, count: count)
                delta[k] = steps[k]
                return zip(residuals(apply(p, delta)), r).map { ($0 - $1) / steps[k] }
            }
            var normal = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
            var gradient = [Double](repeating: 0, count: count)
            for i in 0..<count {
                for j in 0..<count { normal[i][j] = zip(columns[i], columns[j]).reduce(0) { $0 + $1.0 * $1.1 } }
                gradient[i] = -zip(columns[i], r).reduce(0) { $0 + $1.0 * $1.1 }
            }
            var improved = false
            for _ in 0..<6 {
                var damped = normal
                for i in 0..<count { damped[i][i] *= 1 + damping }
                guard let delta = LinearSystem.solve(damped, gradient) else { break }
                let candidate = apply(p, delta)
                let candidateResiduals = residuals(candidate)
                if cost(candidateResiduals) < cost(r) {
                    let small = abs(delta[0]) < 1e-6 && abs(delta[1]) < 1e-6 && delta[2...].reduce(0) { $0 + abs($1) } < 1e-6
                    p = candidate
                    r = candidateResiduals
                    damping = max(damping / 10, 1e-9)
                    improved = !small
                    break
                }
                damping *= 10
            }
            progress(String(format: "%@, step %d: offset %.4f s, vertical fov %.2f°, gyroscope bias %.3f°/s, residual %.3f°/s", stage, iteration + 1,
                            p.offset, 2 * atan(Double(height) / 2 / exp(p.logFocal)) * 180 / .pi, length(p.gyroBias) * 180 / .pi,
                            (cost(r) / Double(max(tracks.count, 1))).squareRoot() * framesPerSecond * 180 / .pi))
            if !improved { break }
        }
        return p
    }

    /// A warning when the rotations leave an axis of S nearly unturned.
    func excitationWarning(_ tracks: [FramePairTracks], offset: Double) -> String {
        var scatter = [[Double]](repeating: [0, 0, 0], count: 3)
        for pair in tracks {
            let r = imuRotation(pair, offset: offset)
            for i in 0..<3 { for j in 0..<3 { scatter[i][j] += r[i] * r[j] } }
        }
        let (values, vectors) = RotationFit.symmetricEigen(scatter)
        guard values[0] > 0, (max(values[2], 0) / values[0]).squareRoot() < 0.1 else { return "" }
        let axis = String(format: "(%.2f, %.2f, %.2f)", vectors[0][2], vectors[1][2], vectors[2][2])
        return "the motion hardly turned about the IMU's axis \(axis): the mount's rotation about it is uncertain; "
            + "record again turning about every axis"
    }
}

func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

/// Pearson's correlation of two equally long series; -1 when either is constant.
func correlation(_ a: [Double], _ b: [Double]) -> Double {
    let n = Double(a.count)
    let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
    var sab = 0.0, saa = 0.0, sbb = 0.0
    for (x, y) in zip(a, b) {
        sab += (x - ma) * (y - mb); saa += (x - ma) * (x - ma); sbb += (y - mb) * (y - mb)
    }
    guard saa > 0, sbb > 0 else { return -1 }
    return sab / (saa * sbb).squareRoot()
}
