import Location

/// Where true north's declination comes from: the one given (degrees, east of true north positive), else the
/// recording's own `Location.csv` at its first fix within `maxAccuracy` metres (`RecordingDeclination`).
///
/// The one rule of every fusion of a raw log (docs/fusion.md, "True north by itself"): a log is turned from magnetic
/// to true north by the declination given, else by the recording's. Where true north was asked (`attitude fuse --frame
/// xTrueNorthZVertical`), a recording that cannot give it (no fix good enough, a date outside the models) is refused,
/// and one with no `Location.csv` is refused for want of `--declination`; where it was only wished for (a log drawn),
/// the log stays in magnetic north and the reason is said.
public struct TrueNorth: Equatable, Sendable {
    /// Degrees, east of true north positive; nil: the recording's.
    public var declination: Double?
    /// Metres: the worst horizontal accuracy of the fix the recording's declination comes from.
    public var maxAccuracy: Double

    public init(declination: Double? = nil, maxAccuracy: Double = LocationFilterSettings.defaultMaxAccuracyMetres) {
        self.declination = declination
        self.maxAccuracy = maxAccuracy
    }
}
