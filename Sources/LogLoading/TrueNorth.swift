import Location
import Logging

/// Where true north's declination comes from: the one given (degrees, east of true north positive), else the
/// recording's own `Location.csv` at its first fix within `maxAccuracyMetres` (`RecordingDeclination`).
///
/// The one rule of every fusion of a raw log (docs/fusion.md, "True north by itself"): a log is turned from magnetic
/// to true north by the declination given, else by the recording's. Where true north was asked (`attitude fuse --frame
/// xTrueNorthZVertical`), a recording that cannot give it (no fix good enough, a date outside the models) is refused,
/// and one with no `Location.csv` is refused for want of `--declination`; where it was only wished for (a log drawn),
/// the log stays in magnetic north and the reason is said.
public struct TrueNorth: Equatable, Sendable {
    /// Degrees, east of true north positive; nil: the recording's.
    public var declinationDegrees: Double?
    /// Metres: the worst horizontal accuracy of the fix the recording's declination comes from.
    public var maxAccuracyMetres: Double

    /// `maxAccuracyMetres` nil: `LocationFilterSettings.defaultMaxAccuracyMetres`.
    public init(declinationDegrees: Double? = nil, maxAccuracyMetres: Double? = nil) {
        self.declinationDegrees = declinationDegrees
        self.maxAccuracyMetres = maxAccuracyMetres ?? LocationFilterSettings.defaultMaxAccuracyMetres
    }

    /// The recording's declination where none is given: from the `Location.csv` of `folder` (`RecordingDeclination`),
    /// said on `logger`; nil where one is given or the folder has no `Location.csv`. Throws where the recording cannot
    /// give one (no fix good enough, a date outside the models).
    public func recordingDeclination(folder: String, logger: Logger) throws -> RecordingDeclination? {
        guard declinationDegrees == nil,
              let found = try RecordingDeclination.find(folder: folder, maxAccuracyMetres: maxAccuracyMetres) else { return nil }
        logger.info("true north: \(found.summary)")
        return found
    }
}
