import AttitudeMath
import Camera
import Foundation

/// An attitude drawn over the footage its camera filmed, held to what the picture shows: the gyroscope leads, and the
/// picture corrects what it leaves to drift (a bias left over, a bias that wanders, an accelerometer's tilt).
///
/// 1. Each frame pair's camera rotation is read from the picture: the tracked corners' rays (through `camera`), the
///    rotation taking the near frame's to the far frame's (Wahba's problem), fitted again without the rays more than three
///    times the median miss off it (a mistrack, a near object's parallax). A pair with fewer than `minimumRays` rays,
///    or whose rotation differs from the gyroscope's by more than `gateFactor` times the pairs' median difference (a
///    cut, a tracking failure), is taken from the gyroscope.
/// 2. Chained from the first frame's attitude, the pairs' rotations give the picture's attitude at every frame; its turn
///    from the gyroscope's, in W, is what the gyroscope has drifted, plus the picture's own noise from pair to pair.
/// 3. That turn, smoothed over `smoothingSeconds` (a local line under a Gaussian window, so neither end lags), is the
///    correction: applied to every attitude, in W, interpolated between frames and held beyond them. What changes
///    faster than the window (a gust, a vibration) stays the gyroscope's; what changes slower follows the picture.
///
/// The picture's rotation depends on the camera as the drawing's does: drawn through the same camera, the die follows
/// the picture near the anchor even where that camera is not exact. Frames: W the attitudes' world, S the IMU's,
/// C the camera's (CONVENTIONS.md); `cameraFromIMU` is the mount, v_C = R·v_S.
public struct PictureCorrection: Sendable {
    public struct Parameters: Equatable, Sendable {
        /// Seconds: the Gaussian window's sigma over which the picture's turn from the gyroscope is smoothed.
        public var smoothingSeconds = 1.0
        /// Rays a pair needs, after the trim, for its rotation to be read from the picture.
        public var minimumRays = 8
        /// A pair whose picture rotation differs from the gyroscope's by more than this many times the median is
        /// taken from the gyroscope (never below `gateFloorDegrees`).
        public var gateFactor = 8.0
        public var gateFloorDegrees = 0.05

        public init() {}
    }

    /// Each frame's time on the log's clock (video time + offset).
    public let frameLogTimes: [Double]
    /// Each frame's correction, a rotation vector in W (radians): corrected worldFromS = exp(c) · worldFromS.
    public let corrections: [SIMD3<Double>]
    /// Frame pairs whose rotation the picture gave, of all pairs.
    public let pictureUsedPairs: Int
    /// Frame pairs in the video (frames less one).
    public let pairs: Int
    /// Degrees: the picture's attitude's turn from the gyroscope's at the last frame, before smoothing.
    public let endTurnDegrees: Double

    /// `times` (log clock, rising) and `attitudes` (worldFromS) are the gyroscope-led attitude; `frameTimes` each frame's
    /// time on the video's clock and `offset` the log's (log time = video time + offset); `tracks` the corners tracked
    /// from frame `index` to `index + 1` (OpenCV pixels), seen through `camera`.
    public init(times: [Double], attitudes: [Quaternion], frameTimes: [Double], offset: Double, tracks: [FramePairTracks],
                camera: LensCamera, cameraFromIMU: Quaternion, parameters: Parameters = Parameters()) {
        frameLogTimes = frameTimes.map { $0 + offset }
        let frameAttitudes = frameLogTimes.map { Self.attitude(at: $0, times: times, attitudes: attitudes) }
        let mount = cameraFromIMU, unmount = cameraFromIMU.conjugate
        // Each pair's rotation Q taking the near frame's rays (in C) to the far frame's, read from the picture, and its angle
        // (radians) from the gyroscope's, M · worldFromS(b)⁻¹ · worldFromS(a) · M⁻¹ with M = cameraFromIMU (v_C = M·v_S).
        var picture = [(rotation: Quaternion, difference: Double)?](repeating: nil, count: max(frameTimes.count - 1, 0))
        for pair in tracks where picture.indices.contains(pair.index) {
            guard let a = frameAttitudes[pair.index], let b = frameAttitudes[pair.index + 1],
                  let seen = Self.rotation(from: pair, camera: camera, minimumRays: parameters.minimumRays) else { continue }
            picture[pair.index] = (seen, seen.angle(to: mount * b.conjugate * a * unmount))
        }
        let differences = picture.compactMap { $0?.difference }.sorted()
        let gate = max(parameters.gateFactor * (differences.isEmpty ? 0 : differences[differences.count / 2]),
                       parameters.gateFloorDegrees * .pi / 180)
        // The picture's attitude, chained from the first frame's: worldFromS(k+1) = worldFromS(k) · (M⁻¹ Q M)⁻¹.
        // A frame the log does not cover breaks the chain; it starts again at the next covered frame, turned as the last.
        var turns: [SIMD3<Double>?] = frameAttitudes.map { _ in nil }
        var chained: Quaternion?
        var lastTurn = SIMD3<Double>.zero
        var used = 0
        for k in frameAttitudes.indices {
            guard let gyro = frameAttitudes[k] else { chained = nil; continue }
            let current = chained ?? Quaternion(rotationVector: lastTurn) * gyro
            let turn = current * gyro.conjugate
            lastTurn = turn.rotationVector
            turns[k] = lastTurn
            guard k + 1 < frameAttitudes.count, let next = frameAttitudes[k + 1] else { chained = nil; continue }
            if let seen = picture[k], seen.difference <= gate {
                used += 1
                chained = (current * (unmount * seen.rotation * mount).conjugate).renormalized()
            } else {
                chained = (current * gyro.conjugate * next).renormalized()
            }
        }
        pictureUsedPairs = used
        pairs = picture.count
        endTurnDegrees = Self.norm(lastTurn) * 180 / .pi
        corrections = Self.smoothed(turns, times: frameLogTimes, sigma: parameters.smoothingSeconds)
    }

    /// `q` (worldFromS at log time `t`) corrected: the frames' corrections interpolated at `t`, held beyond them.
    public func corrected(_ q: Quaternion, atLogTime t: Double) -> Quaternion {
        guard let first = frameLogTimes.first, let last = frameLogTimes.last, !corrections.isEmpty else { return q }
        let c: SIMD3<Double>
        if t <= first { c = corrections[0] } else if t >= last { c = corrections[corrections.count - 1] } else {
            let (low, high) = TimeSeries.bracket(t, in: frameLogTimes.indices) { frameLogTimes[$0] }
            let span = frameLogTimes[high] - frameLogTimes[low]
            c = corrections[low] + (corrections[high] - corrections[low]) * (span > 0 ? (t - frameLogTimes[low]) / span : 0)
        }
        return (Quaternion(rotationVector: c) * q).renormalized()
    }

    /// Degrees per second: the correction's mean rate over the frames, what a constant bias left over would drift.
    public var driftDegreesPerSecond: Double {
        guard let first = frameLogTimes.first, let last = frameLogTimes.last, last > first else { return 0 }
        return Self.norm(corrections[corrections.count - 1] - corrections[0]) / (last - first) * 180 / .pi
    }

    /// The rotation taking a pair's near rays to its far rays, fitted again without the rays more than three times the
    /// median miss off the first fit; nil with fewer than `minimumRays`.
    static func rotation(from pair: FramePairTracks, camera: LensCamera, minimumRays: Int) -> Quaternion? {
        var from: [SIMD3<Double>] = [], to: [SIMD3<Double>] = []
        for (a, b) in zip(pair.from, pair.to) {
            guard let ra = camera.ray(pixel: a), let rb = camera.ray(pixel: b) else { continue }
            from.append(ra / norm(ra))
            to.append(rb / norm(rb))
        }
        guard from.count >= minimumRays, let first = RotationFit.wahba(from: from, to: to) else { return nil }
        let misses = zip(from, to).map { norm($1 - first.rotate($0)) }
        let limit = max(3 * misses.sorted()[misses.count / 2], 1e-7)
        let kept = misses.indices.filter { misses[$0] <= limit }
        guard kept.count >= minimumRays else { return nil }
        return RotationFit.wahba(from: kept.map { from[$0] }, to: kept.map { to[$0] })
    }

    /// Each frame's value of a local line fitted to the known `values` under a Gaussian window of `sigma` seconds; frames
    /// with none known near take the nearest known value; all zero when none is known.
    static func smoothed(_ values: [SIMD3<Double>?], times: [Double], sigma: Double) -> [SIMD3<Double>] {
        let known = values.indices.filter { values[$0] != nil }
        guard !known.isEmpty else { return values.map { _ in .zero } }
        return times.indices.map { k in
            var s0 = 0.0, s1 = 0.0, s2 = 0.0
            var v0 = SIMD3<Double>.zero, v1 = SIMD3<Double>.zero
            for j in known {
                let d = times[j] - times[k]
                guard abs(d) <= 4 * sigma else { continue }
                let w = exp(-0.5 * d * d / (sigma * sigma))
                s0 += w; s1 += w * d; s2 += w * d * d
                v0 += values[j]! * w; v1 += values[j]! * (w * d)
            }
            let determinant = s0 * s2 - s1 * s1
            if s0 > 0, determinant > 1e-12 * s0 * s0 { return (v0 * s2 - v1 * s1) / determinant }
            if s0 > 0 { return v0 / s0 }
            let nearest = known.min { abs(times[$0] - times[k]) < abs(times[$1] - times[k]) }!
            return values[nearest]!
        }
    }

    /// worldFromS at `t`, slerped between the samples around it (`TimeSeries`); nil outside them.
    static func attitude(at t: Double, times: [Double], attitudes: [Quaternion]) -> Quaternion? {
        guard let first = times.first, let last = times.last, t >= first, t <= last else { return nil }
        return TimeSeries.attitude(at: t, in: times.indices, time: { times[$0] }, attitude: { attitudes[$0] })
    }

    private static func norm(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}
