import ArgumentParser
import CSVText
import Fusion
import SafeText

/// Options shared by the subcommands that run the estimator.
public struct EstimatorOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Override one estimator parameter, NAME=VALUE (expert; names as in FusionParameters less their units, e.g. magTimeConstant=12).",
                               valueName: "name=value"))
    public var overrides: [String] = []

    public func parameters() throws -> FusionParameters {
        var p = FusionParameters.default
        for item in overrides {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ValidationError("--set expects NAME=VALUE, got '\(item)'")
            }
            try ParameterTable.set(&p, name: parts[0], value: parts[1])
        }
        return p
    }
}

/// `--set NAME=VALUE`: the estimator parameters by the names users type, `FusionParameters`' property names less the unit
/// each carries (`magTimeConstant` sets `magTimeConstantSeconds`). The one place a typed name meets its property.
public enum ParameterTable {
    // Key paths to stored properties capture nothing, so they are Sendable and the tables can be constants.
    public static let numbers: [String: WritableKeyPath<FusionParameters, Double> & Sendable] = [
        "accTimeConstant": \.accTimeConstantSeconds, "magTimeConstant": \.magTimeConstantSeconds,
        "biasSigmaInitial": \.biasSigmaInitialDegreesPerSecond, "biasForgettingTime": \.biasForgettingTimeSeconds,
        "biasClip": \.biasClipDegreesPerSecond, "biasSigmaMotion": \.biasSigmaMotionDegreesPerSecond, "biasSigmaRest": \.biasSigmaRestDegreesPerSecond,
        "biasVerticalForgettingFactor": \.biasVerticalForgettingFactor,
        "restMinTime": \.restMinTimeSeconds, "restFilterTimeConstant": \.restFilterTimeConstantSeconds,
        "restThresholdGyro": \.restThresholdGyroDegreesPerSecond, "restThresholdAcc": \.restThresholdAccMetresPerSecondSquared,
        "magCurrentTimeConstant": \.magCurrentTimeConstantSeconds, "magReferenceTimeConstant": \.magReferenceTimeConstantSeconds,
        "magNormThreshold": \.magNormThreshold, "magDipThreshold": \.magDipThresholdDegrees,
        "magNewTime": \.magNewTimeSeconds, "magNewFirstTime": \.magNewFirstTimeSeconds, "magNewMinGyro": \.magNewMinGyroDegreesPerSecond,
        "magMinUndisturbedTime": \.magMinUndisturbedTimeSeconds, "magMaxRejectionTime": \.magMaxRejectionTimeSeconds,
        "magRejectionFactor": \.magRejectionFactor, "periodTolerance": \.periodTolerance,
    ]
    public static let flags: [String: WritableKeyPath<FusionParameters, Bool> & Sendable] = [
        "restBiasEstimation": \.restBiasEstimation, "motionBiasEstimation": \.motionBiasEstimation,
        "magDisturbanceRejection": \.magDisturbanceRejection,
    ]

    public static func set(_ p: inout FusionParameters, name: String, value: String) throws {
        if let path = numbers[name] {
            // The shared strict number syntax: decimal, finite, no hex floats.
            do {
                p[keyPath: path] = try OptionValues.numbers(value, counts: [1], shape: name)[0]
            } catch {
                throw ValidationError("--set: \(error)")
            }
        } else if let path = flags[name] {
            guard let v = Bool(value) else { throw ValidationError("--set \(name): expected true or false") }
            p[keyPath: path] = v
        } else {
            throw ValidationError("--set: unknown parameter \(MessageText.quoted(name)); known: "
                                  + (numbers.keys.sorted() + flags.keys.sorted()).joined(separator: ", "))
        }
    }
}
