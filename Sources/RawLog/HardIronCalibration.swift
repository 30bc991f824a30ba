import AttitudeMath
import Foundation

/// A hard-iron magnetometer calibration: a constant offset (from magnets and magnetised parts that
/// turn with the sensor) subtracted from every sample, in the IMU frame S.
///
/// An uncalibrated magnetometer turned through all orientations traces a sphere whose centre is
/// the offset. `fit` finds that centre by linear least squares: for each sample `m`,
/// `|m|² = 2·b·m + (r² − |b|²)` is linear in the centre `b` and one more unknown. The fit needs the
/// samples to span the sphere: a log turned about one axis only traces a circle, which leaves the
/// offset along that axis unknown, and `fit` refuses it rather than guessing.
public struct HardIronCalibration: Sendable, Equatable, CustomStringConvertible {
    /// µT, IMU frame S; subtracted from every sample.
    public var offset: SIMD3<Double>
    /// The field strength after calibration (the fitted sphere's radius), µT. Zero when not fitted.
    public var fieldStrength: Double
    /// RMS distance of the samples from the fitted sphere, µT. Zero when not fitted.
    public var residualRMS: Double
    /// The samples' standard deviation along their least-spread direction, as a fraction of the
    /// radius: about 0.58 for samples all over the sphere, near 0 for a circle. Zero when not fitted.
    public var coverage: Double
    /// Samples the final fit used: finite ones, near the sphere.
    public var sampleCount: Int

    /// A known offset, e.g. from a previous fit or the sensor's own calibration.
    public init(offset: SIMD3<Double>) {
        self.init(offset: offset, fieldStrength: 0, residualRMS: 0, coverage: 0, sampleCount: 0)
    }

    init(offset: SIMD3<Double>, fieldStrength: Double, residualRMS: Double, coverage: Double, sampleCount: Int) {
        self.offset = offset
        self.fieldStrength = fieldStrength
        self.residualRMS = residualRMS
        self.coverage = coverage
        self.sampleCount = sampleCount
    }

    /// Fewer samples than this are refused.
    public static let minimumSamples = 100
    /// Coverage below this is refused (see `coverage`): the samples must reach well off any one plane.
    /// BROAD's rotation trials reach 0.18 to 0.37; its fast translation trials, 0.04.
    public static let minimumCoverage = 0.15
    /// A fitted field strength outside this range (µT) is refused. Earth's field is 25 to 65 µT; a
    /// fit far from that comes from samples that span too few orientations (a small cluster is fitted
    /// by a small sphere) or that are not in µT.
    public static let plausibleField = 15.0...150.0

    public enum FitError: Error, Equatable, CustomStringConvertible {
        case tooFewSamples(Int)
        case notEnoughRotation(coverage: Double)
        case implausibleField(Double)
        case degenerate

        public var description: String {
            switch self {
            case .tooFewSamples(let n):
                return "\(n) finite magnetometer samples; a hard-iron fit needs at least \(HardIronCalibration.minimumSamples)"
            case .notEnoughRotation(let coverage):
                return String(format: "the magnetometer samples do not cover enough orientations for a hard-iron fit "
                              + "(coverage %.2f of the field, at least %.2f needed): turn the sensor through all "
                              + "orientations, not about one axis only, or give the offset yourself", coverage,
                              HardIronCalibration.minimumCoverage)
            case .implausibleField(let strength):
                return String(format: "the hard-iron fit gives a field of %.1f µT, outside %.0f to %.0f µT (Earth's is 25 to 65): "
                              + "the samples span too few orientations, or they are not in µT", strength,
                              HardIronCalibration.plausibleField.lowerBound, HardIronCalibration.plausibleField.upperBound)
            case .degenerate:
                return "the magnetometer samples do not determine a sphere (all equal, or on one plane)"
            }
        }
    }

    /// The hard-iron offset that best centres `samples` (µT, IMU frame S) on a sphere. Non-finite
    /// samples are left out, and so are samples much farther from the fitted sphere than most (a
    /// magnet passing by): the sphere is fitted again without them until that set settles.
    public static func fit(_ samples: [SIMD3<Double>]) throws -> HardIronCalibration {
        let finite = samples.filter(\.isFinite)
        guard finite.count >= minimumSamples else { throw FitError.tooFewSamples(finite.count) }
        guard var (centre, radius) = sphere(through: finite) else { throw FitError.degenerate }
        var inliers = finite
        for _ in 0..<outlierRounds {
            let distances = finite.map { abs(($0 - centre).length - radius) }
            let kept = zip(finite, Median.within(distances, factor: outlierFactor, floor: 0.5)).filter(\.1).map(\.0)
            guard kept.count >= minimumSamples, let refit = sphere(through: kept) else { throw FitError.degenerate }
            let settled = kept.count == inliers.count
            (inliers, centre, radius) = (kept, refit.centre, refit.radius)
            if settled { break }
        }

        let mean = inliers.reduce(SIMD3<Double>.zero, +) / Double(inliers.count)
        var squaredResidual = 0.0
        var covariance = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        for m in inliers {
            let distance = (m - centre).length - radius
            squaredResidual += distance * distance
            let d = m - mean
            for i in 0..<3 { for j in 0..<3 { covariance[i][j] += d[i] * d[j] } }
        }
        let n = Double(inliers.count)
        let leastSpread = max(0, smallestEigenvalue(covariance.map { $0.map { $0 / n } })).squareRoot()
        let coverage = leastSpread / radius
        guard plausibleField.contains(radius) else { throw FitError.implausibleField(radius) }
        guard coverage >= minimumCoverage else { throw FitError.notEnoughRotation(coverage: coverage) }
        return HardIronCalibration(offset: centre, fieldStrength: radius, residualRMS: (squaredResidual / n).squareRoot(),
                                   coverage: coverage, sampleCount: inliers.count)
    }

    /// Samples farther from the current sphere than this many times the median distance are left
    /// out, and the sphere fitted again, at most `outlierRounds` times.
    static let outlierFactor = 3.0
    static let outlierRounds = 4

    /// The least-squares sphere through `points`: `|m|² = 2·b·m + (r² − |b|²)` is linear in the centre
    /// `b` and one more unknown. Nil when the points do not determine one.
    private static func sphere(through points: [SIMD3<Double>]) -> (centre: SIMD3<Double>, radius: Double)? {
        // Centre the data first so the normal equations stay well scaled.
        let mean = points.reduce(SIMD3<Double>.zero, +) / Double(points.count)
        var normal = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
        var rhs = [Double](repeating: 0, count: 4)
        for m in points {
            let d = m - mean
            let row = [2 * d.x, 2 * d.y, 2 * d.z, 1]
            let target = (d * d).sum()
            for i in 0..<4 {
                rhs[i] += row[i] * target
                for j in 0..<4 { normal[i][j] += row[i] * row[j] }
            }
        }
        guard let solution = LinearSystem.solve(normal, rhs) else { return nil }
        let centre = SIMD3(solution[0], solution[1], solution[2])
        let radiusSquared = solution[3] + (centre * centre).sum()
        guard radiusSquared > 0 else { return nil }
        return (mean + centre, radiusSquared.squareRoot())
    }

    /// `log` with the offset subtracted from every magnetometer sample (unchanged when it has none).
    public func apply(to log: RawIMULog) -> RawIMULog {
        var calibrated = log
        calibrated.mag = log.mag?.map { $0 - offset }
        return calibrated
    }

    public var description: String {
        let o = String(format: "(%.2f, %.2f, %.2f) µT", offset.x, offset.y, offset.z)
        guard sampleCount > 0 else { return "hard-iron offset \(o), given" }
        return "hard-iron offset \(o) fitted to \(sampleCount) samples: "
            + String(format: "field %.2f µT, residual %.2f µT RMS, coverage %.2f", fieldStrength, residualRMS, coverage)
    }

    /// The smallest eigenvalue of a symmetric 3x3 matrix (the closed form for real symmetric matrices).
    private static func smallestEigenvalue(_ a: [[Double]]) -> Double {
        let p1 = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]
        let trace = a[0][0] + a[1][1] + a[2][2]
        if p1 == 0 { return min(a[0][0], a[1][1], a[2][2]) }
        let q = trace / 3
        let p2 = (a[0][0] - q) * (a[0][0] - q) + (a[1][1] - q) * (a[1][1] - q) + (a[2][2] - q) * (a[2][2] - q) + 2 * p1
        let p = (p2 / 6).squareRoot()
        var b = a
        for i in 0..<3 { for j in 0..<3 { b[i][j] = (a[i][j] - (i == j ? q : 0)) / p } }
        let determinant = b[0][0] * (b[1][1] * b[2][2] - b[1][2] * b[2][1])
            - b[0][1] * (b[1][0] * b[2][2] - b[1][2] * b[2][0])
            + b[0][2] * (b[1][0] * b[2][1] - b[1][1] * b[2][0])
        let r = min(1, max(-1, determinant / 2))
        let phi = acos(r) / 3
        // The eigenvalues are q + 2p·cos(phi + 2πk/3); k = 1 gives the smallest.
        return q + 2 * p * cos(phi + 2 * Double.pi / 3)
    }
}
