import Foundation

/// The position filters of the article "Where am I iOS?", simplest first.
public enum LocationFilterKind: String, CaseIterable, Sendable {
    /// Every fix as it came.
    case raw
    /// Drops fixes whose horizontal accuracy is worse than the threshold, and nothing else.
    case accuracy
    /// A running mean over the last N accepted fixes.
    case mean
    /// A weighted least-squares line of position against time over the last N accepted fixes,
    /// evaluated at the newest.
    case lsq
    /// A constant-velocity Kalman filter in east-north metres, weighted by each fix's accuracy, with
    /// outliers gated; altitude on its own axis.
    case kalman
}

/// Settings of the filters, with the defaults the command line publishes.
public struct LocationFilterSettings: Sendable {
    /// Metres: the worst horizontal accuracy a fix is kept with, by default, by the filters and by a recording's
    /// declination (`TrueNorth`).
    public static let defaultMaxAccuracyMetres = 20.0

    /// Fixes with a horizontal accuracy worse than this (metres) are dropped by every filter but `raw`.
    public var maxAccuracyMetres: Double = Self.defaultMaxAccuracyMetres
    /// Window of `mean` and `lsq`, in accepted fixes.
    public var window: Int = 5
    /// Kalman: white-acceleration noise, m/s² (1 sigma), horizontal and vertical.
    public var horizontalAcceleration: Double = 2
    public var verticalAcceleration: Double = 0.5
    /// Kalman: a fix whose innovation lies beyond this many sigma (Mahalanobis) is gated out.
    public var gateSigma: Double = 4
    /// Kalman: after this many fixes gated in a row, the filter starts again at the next fix
    /// (the track has moved on, not the fixes gone wrong).
    public var maxGatedInARow: Int = 5
    /// Vertical accuracy assumed when a fix reports none, as a multiple of its horizontal accuracy.
    public var verticalFromHorizontal: Double = 1.5

    public init() {}
}

/// One filtered position, at the time of the input fix it belongs to.
public struct FilteredFix: Sendable, Equatable {
    /// Index of the input fix.
    public var source: Int
    /// Seconds since the Unix epoch.
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double
    /// The filter's own 1-sigma horizontal accuracy estimate, metres.
    public var horizontalAccuracy: Double
}

public enum LocationFilter {
    /// Runs `kind` over `fixes`, one output per fix it keeps.
    public static func run(_ kind: LocationFilterKind, _ fixes: [LocationFix],
                           settings: LocationFilterSettings = LocationFilterSettings()) -> [FilteredFix] {
        if kind == .raw { return fixes.indices.map { passThrough(fixes, $0) } }
        let kept = fixes.indices.filter { fixes[$0].isGood(maxAccuracyMetres: settings.maxAccuracyMetres) }
        switch kind {
        case .raw, .accuracy: return kept.map { passThrough(fixes, $0) }
        case .mean: return windowed(fixes, kept, settings.window, fit: WindowFit.mean)
        case .lsq: return windowed(fixes, kept, settings.window, fit: WindowFit.line)
        case .kalman: return KalmanTrack(settings: settings).run(fixes, kept)
        }
    }

    static func passThrough(_ fixes: [LocationFix], _ i: Int) -> FilteredFix {
        let f = fixes[i]
        return FilteredFix(source: i, time: f.time, latitude: f.latitude, longitude: f.longitude,
                           altitude: f.altitude, horizontalAccuracy: f.horizontalAccuracy)
    }

    /// Applies a window fit to the last `window` kept fixes at each kept fix, in local metres.
    static func windowed(_ fixes: [LocationFix], _ kept: [Int], _ window: Int,
                         fit: ([WindowFit.Sample], Double) -> WindowFit.Estimate) -> [FilteredFix] {
        guard let first = kept.first else { return [] }
        let plane = LocalPlane(latitude: fixes[first].latitude, longitude: fixes[first].longitude)
        let samples = kept.map { i -> WindowFit.Sample in
            let f = fixes[i]
            return WindowFit.Sample(time: f.time - fixes[first].time,
                                    position: SIMD3(plane.metres(latitude: f.latitude, longitude: f.longitude), f.altitude),
                                    sigma: f.horizontalAccuracy)
        }
        return kept.indices.map { k in
            let slice = Array(samples[max(0, k - window + 1)...k])
            let estimate = fit(slice, samples[k].time)
            let position = plane.degrees(SIMD2(estimate.position.x, estimate.position.y))
            return FilteredFix(source: kept[k], time: fixes[kept[k]].time, latitude: position.latitude,
                               longitude: position.longitude, altitude: estimate.position.z,
                               horizontalAccuracy: estimate.sigma)
        }
    }
}

/// Stateless fits of a short window of fixes.
enum WindowFit {
    struct Sample {
        /// Seconds from the first kept fix.
        var time: Double
        /// East, north, up metres.
        var position: SIMD3<Double>
        /// Horizontal 1-sigma, metres.
        var sigma: Double
    }

    struct Estimate {
        var position: SIMD3<Double>
        var sigma: Double
    }

    /// The plain mean of the window: each fix counts the same, as in the article.
    static func mean(_ window: [Sample], at time: Double) -> Estimate {
        let n = Double(window.count)
        let sum = window.reduce(SIMD3<Double>(repeating: 0)) { $0 + $1.position }
        let variance = window.reduce(0) { $0 + $1.sigma * $1.sigma } / (n * n)
        return Estimate(position: sum / n, sigma: variance.squareRoot())
    }

    /// Position = a + b·(t - t̄), weighted by 1/σ², evaluated at `time`; the mean when the window
    /// cannot determine a line (one fix, or all at the same time). Two fixes give the line through them.
    static func line(_ window: [Sample], at time: Double) -> Estimate {
        let weights = window.map { 1 / max($0.sigma * $0.sigma, 1e-6) }
        let totalWeight = weights.reduce(0, +)
        let meanTime = zip(window, weights).reduce(0) { $0 + $1.0.time * $1.1 } / totalWeight
        let meanPosition = zip(window, weights).reduce(SIMD3<Double>(repeating: 0)) { $0 + $1.0.position * $1.1 } / totalWeight
        let spread = zip(window, weights).reduce(0) { $0 + $1.1 * ($1.0.time - meanTime) * ($1.0.time - meanTime) }
        guard window.count >= 2, spread > 1e-9 else {
            return Estimate(position: meanPosition, sigma: (1 / totalWeight).squareRoot())
        }
        let slope = zip(window, weights).reduce(SIMD3<Double>(repeating: 0)) {
            $0 + ($1.0.position - meanPosition) * ($1.1 * ($1.0.time - meanTime))
        } / spread
        let dt = time - meanTime
        // Variance of a weighted line's value at `time`: 1/W + dt²/S.
        return Estimate(position: meanPosition + slope * dt, sigma: (1 / totalWeight + dt * dt / spread).squareRoot())
    }
}
