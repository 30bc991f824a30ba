import FileAccess
import AttitudeMath
import CSVText
import Foundation

/// The phone platform a Sensor Logger recording was made on.
public enum SensorLoggerPlatform: String, CaseIterable, Sendable {
    case ios
    case android
}

/// Sensor Logger's per-platform signs and frames (the app's COORDINATES.md and CROSSPLATFORM.md):
///
/// - acceleration and gravity: Android reports the specific force (flat on a table, gravity is +z);
///   iOS the opposite sign on all three axes (-z flat). The gyroscope agrees on both.
/// - `Orientation.csv`: on Android the quaternion rotates the device into east-north-up, magnetic
///   north (Android's rotation vector; yaw is the clockwise azimuth). On iOS it is Core Motion's
///   attitude, device into X north, Y west, Z up, with true north.
/// - "Standardise Units & Frames" (app 1.29 and later, off by default) makes iOS write Android's
///   conventions, except that north stays true north.
///
/// The default, for a folder without `Metadata.csv`, is Android's, which is also the physical one.
public struct SensorLoggerConventions: Equatable, Sendable, CustomStringConvertible {
    public var platform: SensorLoggerPlatform
    /// "Standardise Units & Frames" was on.
    public var standardised: Bool
    /// Where the choice came from, for the message that prints it.
    public var source: String

    public init(platform: SensorLoggerPlatform, standardised: Bool = false, source: String) {
        self.platform = platform
        self.standardised = standardised
        self.source = source
    }

    /// Android's conventions, used when nothing says otherwise.
    public static let physical = SensorLoggerConventions(platform: .android, source: "no Metadata.csv; Android's convention")

    /// The factor that turns the folder's accelerometer and gravity into the specific force: -1 on iOS unless standardised.
    public var accelerationSign: Double { platform == .ios && !standardised ? -1 : 1 }

    /// The reference frame `Orientation.csv` is in: true north on iOS, magnetic north on Android.
    public var orientationFrame: ReferenceFrame { platform == .ios ? .xTrueNorthZVertical : .xMagneticNorthZVertical }

    /// Turns the quaternion in `Orientation.csv` into one into `orientationFrame`: identity for iOS's
    /// own frame (X north, Z up), `worldFromENU` for Android's east-north-up.
    public var worldFromOrientationReference: Quaternion {
        platform == .ios && !standardised ? .identity : Frames.worldFromENU
    }

    public var description: String {
        var text = "Sensor Logger \(platform == .ios ? "iOS" : "Android")"
        if standardised { text += " (standardised units and frames)" }
        text += " conventions (\(source)): "
        text += accelerationSign < 0 ? "acceleration and gravity negated to the specific force" : "acceleration as written"
        text += ", Orientation.csv in \(orientationFrame.rawValue)"
        return text
    }

    // MARK: - Reading

    /// The conventions of the Sensor Logger folder at `folder`, from its `Metadata.csv` when it has one
    /// (`platform`, `appVersion`, and a standardisation column when the app writes one), else Android's.
    /// `override` (the `--platform` option) wins over the file. Throws for a `Metadata.csv` that names
    /// no platform steady-dice knows.
    public static func read(folder: String, override: SensorLoggerPlatform? = nil) throws -> SensorLoggerConventions {
        let metadataPath = (folder as NSString).appendingPathComponent("Metadata.csv")
        let metadata = FileManager.default.fileExists(atPath: metadataPath) ? try Metadata(path: metadataPath) : nil
        if let override {
            var source = "--platform \(override.rawValue)"
            if let platform = metadata?.platform { source += "; Metadata.csv says \(platform)" }
            return SensorLoggerConventions(platform: override, standardised: metadata?.standardised ?? false, source: source)
        }
        guard let metadata else { return .physical }
        guard let name = metadata.platform else {
            throw RecordingError(path: metadataPath, "no 'platform' column; give --platform ios or --platform android")
        }
        guard let platform = SensorLoggerPlatform(rawValue: name.lowercased()) else {
            throw RecordingError(path: metadataPath, "platform '\(name)' is neither ios nor android; give --platform ios or --platform android")
        }
        var source = "Metadata.csv: platform \(name)"
        if let version = metadata.appVersion { source += ", app \(version)" }
        return SensorLoggerConventions(platform: platform, standardised: metadata.standardised, source: source)
    }

    /// The first data row of `Metadata.csv`, by column name.
    struct Metadata {
        var platform: String?
        var appVersion: String?
        var standardised: Bool

        init(path: String) throws {
            let data: Data
            do {
                data = try BoundedFile.read(path: path)
            } catch {
                throw RecordingError(path: path, "\(error)")
            }
            let text = CSVText(data)
            guard let header = text.header, let row = text.rows.first else {
                throw RecordingError(path: path, "expected a header and one row of recording metadata")
            }
            let fields = text.fields(of: row).map { text.string($0).trimmingCharacters(in: .whitespaces) }
            func value(_ name: String) -> String? {
                guard let i = header.index(of: name), i < fields.count, !fields[i].isEmpty else { return nil }
                return fields[i]
            }
            platform = value("platform")
            appVersion = value("appVersion")
            // The app's documentation names the setting but not its column; any column about standardising counts.
            let standardisation = header.names.firstIndex { $0.lowercased().contains("standardi") }
            let flag = standardisation.flatMap { $0 < fields.count ? fields[$0].lowercased() : nil }
            standardised = ["true", "1", "yes", "on", "enabled"].contains(flag ?? "")
        }
    }
}

/// A recording folder or one of its files that cannot be used, with the file named.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
