import Foundation

/// Tuning of `AttitudeEstimator`. One set serves every trial and every sample rate: all
/// times are in seconds and all rates in degrees per second, independent of the sample period. Each name carries its
/// unit; `--set` takes the names without it (`ParameterTable` in AttitudeCommands).
///
/// The defaults: time constants and thresholds are the values published for VQF (Laidig &
/// Seel 2023); the two marked "tuned" were chosen on every other BROAD trial (12 of the 24
/// here) and checked on the other 12, where they beat the published values too.
public struct FusionParameters: Equatable, Sendable {
    // MARK: - Inclination and heading correction

    /// Time constant of the second-order low-pass applied to the accelerometer in the
    /// almost-inertial frame, in seconds. Longer rejects more translation, shorter follows faster.
    public var accTimeConstantSeconds: Double = 3.0
    /// Time constant of the heading correction towards the magnetometer, in seconds.
    public var magTimeConstantSeconds: Double = 9.0

    // MARK: - Gyroscope bias

    /// Estimate the bias while the sensor is at rest.
    public var restBiasEstimation = true
    /// Estimate the bias in motion from the inclination corrections.
    public var motionBiasEstimation = true
    /// Standard deviation of the bias before any estimate, in degrees per second.
    public var biasSigmaInitialDegreesPerSecond: Double = 0.5
    /// Time in which the bias variance grows from zero back to `biasSigmaInitialDegreesPerSecond`², in seconds.
    public var biasForgettingTimeSeconds: Double = 100.0
    /// Largest bias magnitude per axis the estimator will believe, in degrees per second.
    public var biasClipDegreesPerSecond: Double = 2.0
    /// Noise of the in-motion bias measurement averaged over one second, in degrees per second.
    /// Tuned (VQF's structure suggests 0.1; with this measurement model 0.5 tracks the bias
    /// without chasing the translation left in the low-passed accelerometer).
    public var biasSigmaMotionDegreesPerSecond: Double = 0.5
    /// Noise of the at-rest bias measurement averaged over one second, in degrees per second.
    public var biasSigmaRestDegreesPerSecond: Double = 0.03
    /// Weight of the pseudo-measurement that holds the bias seen along the vertical (which the
    /// accelerometer cannot observe) where it is; its noise is `biasSigmaMotionDegreesPerSecond / sqrt(factor)`.
    /// Tuned: 1 holds the vertical part as firmly as the horizontal parts are measured, which
    /// keeps heading from wandering during magnetic rejection.
    public var biasVerticalForgettingFactor: Double = 1.0

    // MARK: - Rest detection

    /// Time the sensor must stay still before it counts as at rest, in seconds.
    public var restMinTimeSeconds: Double = 1.5
    /// Time constant of the low-pass filters whose deviations decide rest, in seconds.
    public var restFilterTimeConstantSeconds: Double = 0.5
    /// Largest gyroscope deviation from its low-pass at rest, in degrees per second.
    public var restThresholdGyroDegreesPerSecond: Double = 2.0
    /// Largest accelerometer deviation from its low-pass at rest, in metres per second squared.
    public var restThresholdAccMetresPerSecondSquared: Double = 0.5

    // MARK: - Magnetic disturbance

    /// Detect magnetic disturbances by the field's norm and dip angle and reject them.
    public var magDisturbanceRejection = true
    /// Time constant of the low-pass on the current norm and dip, in seconds.
    public var magCurrentTimeConstantSeconds: Double = 0.05
    /// Time constant with which the reference norm and dip follow undisturbed data, in seconds.
    public var magReferenceTimeConstantSeconds: Double = 20.0
    /// Largest relative deviation of the field norm from the reference, as a fraction.
    public var magNormThreshold: Double = 0.1
    /// Largest deviation of the dip angle from the reference, in degrees.
    public var magDipThresholdDegrees: Double = 10.0
    /// Time a new, consistent field must be seen in motion before it becomes the reference, in seconds.
    public var magNewTimeSeconds: Double = 20.0
    /// Time the first field must be seen before it becomes the reference, in seconds.
    public var magNewFirstTimeSeconds: Double = 5.0
    /// Smallest low-passed angular rate that counts as motion when accepting a new field, in degrees per second.
    public var magNewMinGyroDegreesPerSecond: Double = 20.0
    /// Time the field must look undisturbed before heading correction resumes, in seconds.
    public var magMinUndisturbedTimeSeconds: Double = 0.5
    /// Longest time heading correction is switched off during a disturbance, in seconds;
    /// after it, correction resumes with the gain divided by `magRejectionFactor`.
    public var magMaxRejectionTimeSeconds: Double = 60.0
    /// Gain divisor after `magMaxRejectionTimeSeconds`, and the rate at which rejection time is paid back.
    public var magRejectionFactor: Double = 2.0

    // MARK: - Sample handling

    /// Relative change of the sample period above which filter coefficients are recomputed.
    /// Small jitter reuses the cached coefficients, which keeps the update cheap.
    public var periodTolerance: Double = 1e-3

    public init() {}

    /// The shipped parameter set.
    public static let `default` = FusionParameters()
}
