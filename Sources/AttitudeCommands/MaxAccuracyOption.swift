import ArgumentParser
import Foundation
import Location

/// `--max-accuracy METRES`, of `location` (the fixes its filters keep) and of true north's declination (`fuse`, `convert`):
/// one default, `LocationFilterSettings.defaultMaxAccuracyMetres`, and one refusal.
enum MaxAccuracyOption {
    /// The default as the help texts say it: `default 20`.
    static var defaultText: String { String(format: "default %g", LocationFilterSettings.defaultMaxAccuracyMetres) }

    /// Refuses a limit that is not a positive number of metres.
    static func check(_ metres: Double?) throws {
        if let metres, !(metres.isFinite && metres > 0) { throw ValidationError("--max-accuracy must be a positive number of metres") }
    }
}
