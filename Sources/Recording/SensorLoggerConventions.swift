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
/// Without `Metadata.csv` the platform is told by `Orientation.csv`'s column layout, which differs:
/// Android writes `time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw`, iOS `time,seconds_elapsed,yaw,qx,qz,roll,qw,qy,pitch`.
/// With neither, Android's conventions (the physical ones) are assumed, and the note says so.
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

    /// Android's conventions, assumed when nothing in the folder tells the platform.
    public static let physical = SensorLoggerConventions(
        platform: .android,
        source: "no Metadata.csv and no Orientation.csv whose columns tell the platform; assumed Android's, "
            + "give --platform ios for an iPhone recording")

    /// The column layouts of `Orientation.csv` as each platform's app writes it, lower-cased.
    static let orientationLayouts: [(platform: SensorLoggerPlatform, columns: [String])] = [
        (.android, ["time", "seconds_elapsed", "qz", "qy", "qx", "qw", "roll", "pitch", "yaw"]),
        (.ios, ["time", "seconds_elapsed", "yaw", "qx", "qz", "roll", "qw", "qy", "pitch"]),
    ]

    /// The platform whose app writes `Orientation.csv` with exactly these columns in this order, or nil.
    public static func platform(orientationColumns names: [String]) -> SensorLoggerPlatform? {
        let folded = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return orientationLayouts.first { $0.columns == folded }?.platform
    }

    /// The conventions `Orientation.csv`'s header tells, for a file read without its folder's `Metadata.csv`;
    /// `.physical` (assumed, and saying so) when its columns are neither platform's layout.
    public static func fromLayout(orientationColumns names: [String], file: String = "Orientation.csv") -> SensorLoggerConventions {
        guard let platform = platform(orientationColumns: names) else { return .physical }
        return SensorLoggerConventions(platform: platform, source: "no Metadata.csv; \(file)'s column order is "
                                       + "\(platform == .ios ? "iOS" : "Android")'s")
    }

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
    /// Without `Metadata.csv`, `orientationColumns` (the header of the `Orientation.csv` being read), or else the
    /// folder's own `Orientation.csv`, tells the platform by its column layout.
    public static func read(folder: String, override: SensorLoggerPlatform? = nil,
                            orientationColumns: [String]? = nil) throws -> SensorLoggerConventions {
        let metadataPath = (folder as NSString).appendingPathComponent("Metadata.csv")
        let metadata = FileManager.default.fileExists(atPath: metadataPath) ? try Metadata(path: metadataPath) : nil
        if let override {
            var source = "--platform \(override.rawValue)"
            if let platform = metadata?.platform { source += "; Metadata.csv says \(platform)" }
            return SensorLoggerConventions(platform: override, standardised: metadata?.standardised ?? false, source: source)
        }
        guard let metadata else {
            if let orientationColumns { return fromLayout(orientationColumns: orientationColumns) }
            return fromOrientationHeader(folder: folder)
        }
        guard let name = metadata.platform else {
            throw RecordingError(path: metadataPath, "no 'platform' column", needsPlatform: true)
        }
        guard let platform = SensorLoggerPlatform(rawValue: name.lowercased()) else {
            throw RecordingError(path: metadataPath, "platform '\(name)' is neither ios nor android", needsPlatform: true)
        }
        var source = "Metadata.csv: platform \(name)"
        if let version = metadata.appVersion { source += ", app \(version)" }
        return SensorLoggerConventions(platform: platform, standardised: metadata.standardised, source: source)
    }

    /// The conventions told by the column layout of the folder's `Orientation.csv`, or `.physical` (assumed).
    static func fromOrientationHeader(folder: String) -> SensorLoggerConventions {
        guard let path = RecordingFolder.open(folder)?.file("Orientation.csv"),
              let handle = FileHandle(forReadingAtPath: path) else { return .physical }
        defer { try? handle.close() }
        // The header is the first line; 4 KiB holds it many times over.
        guard let head = try? handle.read(upToCount: 4096) else { return .physical }
        let text = CSVText(head)
        guard let header = text.header else { return .physical }
        return fromLayout(orientationColumns: header.names)
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
                if let access = error.access { throw access }
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
    /// The recording's platform (ios or android) cannot be told from it, and must be given.
    public var needsPlatform: Bool

    public init(path: String, _ message: String, needsPlatform: Bool = false) {
        self.path = path
        self.message = message
        self.needsPlatform = needsPlatform
    }

    public var description: String { "\(path): \(message)" + (needsPlatform ? "; give the platform, ios or android" : "") }
}
