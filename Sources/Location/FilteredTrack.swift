import Foundation

/// `attitude location`: a Location.csv's fixes through one filter, the altitude optionally replaced by the
/// terrain's, with what was dropped and why, and the CSV written of them.
public struct FilteredTrack {
    public let path: String
    public let filter: LocationFilterKind
    public let maxAccuracyMetres: Double
    /// Every fix read, and the ones the filter kept (in order).
    public let fixes: [LocationFix]
    public let filtered: [FilteredFix]
    /// Fixes dropped for an accuracy worse than `maxAccuracyMetres` or unknown (none for `raw`), and the rest
    /// of those dropped: gated as outliers.
    public let poor: Int
    public let gated: Int

    /// Reads `path` (Location.csv or a folder holding one) and filters it; refuses, saying why, when
    /// the filter drops every fix.
    public init(path: String, filter: LocationFilterKind, settings: LocationFilterSettings, terrain: SRTMTerrain?) throws {
        self.path = path
        self.filter = filter
        maxAccuracyMetres = settings.maxAccuracyMetres
        let fixes = try LocationReader.read(path: path)
        var filtered = LocationFilter.run(filter, fixes, settings: settings)
        if let terrain {
            for k in filtered.indices {
                filtered[k].altitude = try terrain.height(latitude: filtered[k].latitude, longitude: filtered[k].longitude)
            }
        }
        poor = filter == .raw ? 0 : fixes.filter { !$0.isGood(maxAccuracyMetres: settings.maxAccuracyMetres) }.count
        gated = fixes.count - poor - filtered.count
        guard !filtered.isEmpty else {
            throw LocationError(path: path, "\(filter.rawValue) dropped every one of the \(fixes.count) fixes (\(poor) with accuracy "
                                + "worse than \(settings.maxAccuracyMetres) m or unknown, \(gated) gated); nothing written")
        }
        self.fixes = fixes
        self.filtered = filtered
    }

    /// t,latitude,longitude,altitude,horizontal_accuracy with t in seconds from the first fix read; an
    /// unknown accuracy is an empty field. A fix that is not finite is refused: nothing half written.
    public func csv() throws -> String {
        let origin = fixes[0].time
        var text = "t,latitude,longitude,altitude,horizontal_accuracy\n"
        for f in filtered {
            guard f.latitude.isFinite, f.longitude.isFinite, f.altitude.isFinite, !f.horizontalAccuracy.isInfinite else {
                throw LocationError(path: path, String(format: "the %@ filter gave a fix that is not finite at t = %.3f s; nothing written",
                                                       filter.rawValue, f.time - origin))
            }
            let accuracy = f.horizontalAccuracy.isNaN ? "" : String(format: "%.3f", f.horizontalAccuracy)
            text += String(format: "%.3f,%.8f,%.8f,%.3f,", f.time - origin, f.latitude, f.longitude, f.altitude) + accuracy + "\n"
        }
        return text
    }

    /// One line of what happened, for `output`: raw keeps every fix, so it says nothing of accuracy.
    public func summary(output: String) -> String {
        var summary = "\(filter.rawValue): \(fixes.count) fixes, wrote \(filtered.count) to \(output)"
        if filter != .raw { summary += "; dropped \(poor) with accuracy worse than \(maxAccuracyMetres) m" }
        if filter == .kalman { summary += " and \(gated) gated as outliers" }
        summary += String(format: "; jitter (RMS distance from the line through the neighbouring fixes) %.2f m",
                          TrackStatistics.jitter(filtered))
        return summary
    }
}
