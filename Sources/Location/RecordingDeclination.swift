import Foundation

/// The magnetic declination of a recording, from its own location stream: the magnetic model for the date
/// of its first good fix (WMM2025 from 2025.0, IGRF-14 before) at that fix. What lets `xTrueNorthZVertical` need no declination given.
public struct RecordingDeclination: Sendable {
    /// The `Location.csv` the fix came from.
    public let path: String
    /// The first fix whose horizontal accuracy is within the threshold.
    public let fix: LocationFix
    /// How many fixes before it were too poor.
    public let skipped: Int
    public let decimalYear: Double
    public let modelName: String
    public let field: MagneticField

    /// Degrees, east of true north positive.
    public var declinationDegrees: Double { field.declinationDegrees }

    /// One line saying which fix and date gave which declination.
    public var summary: String {
        let accuracy = String(format: "%.1f", fix.horizontalAccuracy)
        let skippedText = skipped == 0 ? "" : ", after \(skipped) poorer fixes"
        return String(format: "declination %.3f° (east positive) from %@ at %.6f,%.6f, %@ (fix at %@:%d, accuracy %@ m%@)",
                      declinationDegrees, modelName, fix.latitude, fix.longitude, DecimalYear.isoDay(fix.date),
                      (path as NSString).lastPathComponent, fix.line, accuracy, skippedText)
    }

    /// The declination of the recording folder `folder`, or nil when it holds no `Location.csv`.
    /// Throws when the file is unreadable, holds no fix within `maxAccuracyMetres`, or its date lies
    /// outside the models' lives (1900 to 2030). `model` replaces the choice by date.
    public static func find(folder: String, maxAccuracyMetres: Double,
                            model: MagneticModel? = nil) throws -> RecordingDeclination? {
        guard let file = LocationReader.locationFile(inFolder: folder) else { return nil }
        let fixes = try LocationReader.read(path: file)
        guard let index = fixes.firstIndex(where: { $0.isGood(maxAccuracyMetres: maxAccuracyMetres) }) else {
            throw RecordingDeclinationError.noGoodFix(path: file, maxAccuracyMetres: maxAccuracyMetres)
        }
        let fix = fixes[index]
        let year = DecimalYear.of(fix.date)
        let chosen: MagneticModel
        do {
            chosen = try model ?? MagneticModel.forYear(year)
        } catch {
            throw RecordingDeclinationError.noModel(path: file, line: fix.line, day: DecimalYear.isoDay(fix.date), reason: "\(error)")
        }
        let height = fix.altitude.isFinite && abs(fix.altitude) < 10_000 ? fix.altitude : 0
        let field: MagneticField
        do {
            field = try chosen.field(latitudeDegrees: fix.latitude, longitudeDegrees: fix.longitude,
                                    heightMetres: height, decimalYear: year)
        } catch {
            throw RecordingDeclinationError.noModel(path: file, line: fix.line, day: DecimalYear.isoDay(fix.date), reason: "\(error)")
        }
        return RecordingDeclination(path: file, fix: fix, skipped: index, decimalYear: year,
                                    modelName: chosen.name, field: field)
    }
}

/// Why a recording's own location gives no declination for true north: the facts, for the caller to say what to give
/// instead (the declination itself, or a looser accuracy limit).
public enum RecordingDeclinationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No fix in the `Location.csv` at `path` has a horizontal accuracy within `maxAccuracyMetres`.
    case noGoodFix(path: String, maxAccuracyMetres: Double)
    /// No magnetic model gives the field at the fix on `line` of `path`, of the day `day` (ISO): `reason`, the model's.
    case noModel(path: String, line: Int, day: String, reason: String)

    public var description: String {
        switch self {
        case .noGoodFix(let path, let maxAccuracyMetres):
            return "\(path): no fix has a horizontal accuracy within \(maxAccuracyMetres) m, so no declination for true north; "
                + "give the declination, or a larger accuracy limit"
        case .noModel(let path, let line, let day, let reason):
            return "\(path):\(line): the fix of \(day): \(reason); give the declination for true north"
        }
    }
}
