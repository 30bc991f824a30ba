import AttitudeMath
import Foundation

// Stateless helpers for the estimator: low-pass filters and small angle steps. Its quaternions are
// AttitudeMath's `Quaternion`.
// Kept free of estimator state so they can be tested and reasoned about alone.

/// Coefficients of a second-order Butterworth low-pass, discretised with the bilinear transform.
struct LowPassCoefficients: Equatable, Sendable {
    var b0 = 0.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0

    /// A filter whose time constant is `tau` seconds (cut-off √2 / (2π·tau) Hz) at period `dt` seconds.
    init(tau: Double, dt: Double) {
        let cutoff = 2.0.squareRoot() / (2 * Double.pi * tau)
        let c = tan(Double.pi * min(cutoff * dt, 0.49))
        let d = c * c + 2.0.squareRoot() * c + 1
        b0 = c * c / d
        b1 = 2 * b0
        b2 = b0
        a1 = 2 * (c * c - 1) / d
        a2 = (1 - 2.0.squareRoot() * c + c * c) / d
    }

    init() {}
}

/// The state of a second-order low-pass over `N` channels (direct form II, transposed),
/// with the start-up rule: for the first `tau` seconds the output is the running mean of the
/// input, then the filter starts from that mean as its steady state.
struct LowPass<Vector: SIMD & Sendable>: Equatable, Sendable where Vector.Scalar == Double {
    var s0 = Vector()
    var s1 = Vector()
    /// Seconds of input averaged so far; negative once the filter runs.
    var warmUpTime = 0.0
    var warmUpSum = Vector()
    var warmUpCount = 0.0
    var output = Vector()

    var isRunning: Bool { warmUpTime < 0 }

    @inline(__always)
    mutating func step(_ x: Vector, dt: Double, tau: Double, _ k: LowPassCoefficients) -> Vector {
        if warmUpTime >= 0 {
            warmUpSum += x
            warmUpCount += 1
            warmUpTime += dt
            output = warmUpSum / Vector(repeating: warmUpCount)
            if warmUpTime >= tau {
                start(at: output, k)
            }
            return output
        }
        let y = k.b0 * x + s0
        s0 = k.b1 * x - k.a1 * y + s1
        s1 = k.b2 * x - k.a2 * y
        output = y
        return y
    }

    /// Puts the filter into the steady state for a constant input `x`.
    mutating func start(at x: Vector, _ k: LowPassCoefficients) {
        warmUpTime = -1
        output = x
        s0 = x - k.b0 * x
        s1 = (k.b2 - k.a2) * x
    }
}

/// The share of the way a first-order low pass moves from its output towards a constant input over `dt` seconds, for a
/// time constant of `timeConstantSeconds`: 1 − e^(−dt/τ), the exact step of an RC filter, so samples at irregular
/// times are weighed by how long each held. 0 for `dt` 0.
@inline(__always) func firstOrderShare(dt: Double, timeConstantSeconds: Double) -> Double {
    1 - exp(-dt / timeConstantSeconds)
}

/// A first-order low pass over samples at irregular times (`firstOrderShare`). It starts at its first input.
struct FirstOrderLowPass<Vector: SIMD & Sendable>: Equatable, Sendable where Vector.Scalar == Double {
    /// Seconds.
    let timeConstantSeconds: Double
    /// The last output; nil before the first input.
    private(set) var output: Vector?

    init(timeConstantSeconds: Double) {
        self.timeConstantSeconds = timeConstantSeconds
    }

    /// Moves the output towards `x`, held for the `dt` seconds since the last input, and returns it.
    @inline(__always)
    mutating func step(_ x: Vector, dt: Double) -> Vector {
        guard let previous = output else {
            output = x
            return x
        }
        let y = previous + (x - previous) * firstOrderShare(dt: dt, timeConstantSeconds: timeConstantSeconds)
        output = y
        return y
    }
}

typealias Vector3 = SIMD3<Double>


/// Sine and cosine; a Taylor series for the small angles of one sample's rotation
/// (error below 1e-16 for |x| < 0.01), the library functions beyond.
@inline(__always) func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 0.01 else { return (sin(x), cos(x)) }
    let x2 = x * x
    let s = x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42)))
    let c = 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30 * (1 - x2 / 56)))
    return (s, c)
}

/// Wraps an angle in radians into (-π, π].
@inline(__always) func wrapToPi(_ a: Double) -> Double {
    var x = a
    if x > .pi { x -= 2 * .pi } else if x <= -.pi { x += 2 * .pi }
    if x > .pi || x <= -.pi { x = atan2(sin(a), cos(a)) }
    return x
}
