/// The articles' one-dimensional Kalman filter: a random walk observed with noise. Parameters, state and
/// the update are kept apart, so a run can be saved and replayed exactly.
public struct ScalarKalmanFilter: Sendable {
    /// Noise variances in the measurement's unit squared (degrees² for a tilt in degrees).
    public struct Parameters: Equatable, Sendable {
        /// Process noise Q: how much the true value may wander between two measurements.
        public var processNoise: Double
        /// Measurement noise R.
        public var measurementNoise: Double
        /// The variance P the estimate starts with, at the first measurement.
        public var initialVariance: Double

        public init(processNoise: Double, measurementNoise: Double, initialVariance: Double) {
            self.processNoise = processNoise
            self.measurementNoise = measurementNoise
            self.initialVariance = initialVariance
        }

        /// The articles' values: Q = R = P = 0.1.
        public static let articles = Parameters(processNoise: 0.1, measurementNoise: 0.1, initialVariance: 0.1)

        /// The gain the filter settles to for constant Q and R. The prior variance p⁻ then repeats:
        /// p⁻ = (1 − k)·p⁻ + Q with k = p⁻/(p⁻ + R), so p⁻² − Q·p⁻ − Q·R = 0 and
        /// p⁻ = (Q + √(Q² + 4QR)) / 2.
        public var steadyStateGain: Double {
            let q = processNoise, r = measurementNoise
            let prior = (q + (q * q + 4 * q * r).squareRoot()) / 2
            return prior / (prior + r)
        }
    }

    /// The estimate x and its variance p; nil until the first measurement.
    public struct State: Equatable, Sendable {
        public var estimate: Double
        public var variance: Double
        /// The gain of the last update.
        public var gain: Double
    }

    public let parameters: Parameters
    public var state: State?

    public init(parameters: Parameters = .articles) {
        self.parameters = parameters
    }

    /// Takes one measurement and returns the new estimate. The first measurement sets x, with p = P,
    /// and is then filtered like every other one: p += Q, k = p/(p + R), x += k·(z − x), p = (1 − k)·p.
    public mutating func update(_ measurement: Double) -> Double {
        var s = state ?? State(estimate: measurement, variance: parameters.initialVariance, gain: 0)
        s.variance += parameters.processNoise
        s.gain = s.variance / (s.variance + parameters.measurementNoise)
        s.estimate += s.gain * (measurement - s.estimate)
        s.variance *= 1 - s.gain
        state = s
        return s.estimate
    }

    public mutating func reset() { state = nil }
}
