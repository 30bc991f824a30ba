import ArgumentParser
import AttitudeMath
import LogLoading

/// `--declination` and `--max-accuracy`, for `fuse` and `convert`: the magnetic declination between magnetic and
/// true north, given, or taken from the recording's own Location.csv.
public struct DeclinationOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Magnetic declination at the site, degrees east of true north positive; "
                               + "needed for true north unless the recording's folder has Location.csv; overrides it.", valueName: "degrees"))
    public var declination: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("For true north without --declination: the declination comes from the first "
                               + "fix of the folder's Location.csv whose horizontal accuracy is within this (\(MaxAccuracyOption.defaultText)).", valueName: "metres"))
    public var maxAccuracy: Double?

    public init() {}

    /// What the options give the rule of true north: the declination given, else the recording's within the accuracy.
    public var trueNorth: TrueNorth { TrueNorth(declinationDegrees: declination, maxAccuracyMetres: maxAccuracy) }

    public func validate() throws {
        if let declination, !(declination.isFinite && abs(declination) <= 180) {
            throw ValidationError("--declination must be between -180 and 180 degrees")
        }
        try MaxAccuracyOption.check(maxAccuracy)
        if maxAccuracy != nil, declination != nil { throw ValidationError("--max-accuracy applies without --declination") }
    }

    /// For a command whose output frame is chosen: both apply to `xTrueNorthZVertical` only, and `--max-accuracy` without `--declination`.
    public func check(frame: OutputFrame?) throws {
        if maxAccuracy != nil, frame != .reference(.xTrueNorthZVertical) {
            throw ValidationError("--max-accuracy applies to --frame xTrueNorthZVertical without --declination")
        }
        if declination != nil, frame != .reference(.xTrueNorthZVertical) {
            throw ValidationError("--declination applies to --frame xTrueNorthZVertical only")
        }
    }
}
