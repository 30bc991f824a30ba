import Foundation

/// One position fix from a receiver, as a phone reports it.
public struct LocationFix: Sendable, Equatable {
    /// Seconds since the Unix epoch (UTC).
    public var time: Double
    /// Geodetic latitude and longitude, degrees (WGS 84), north and east positive.
    public var latitude: Double
    public var longitude: Double
    /// Height, metres, as the receiver reports it.
    public var altitude: Double
    /// Reported 1-sigma accuracies, metres; NaN when unknown.
    public var horizontalAccuracy: Double
    public var verticalAccuracy: Double
    /// Speed over ground, m/s, and bearing, degrees clockwise from true north; NaN when unknown.
    public var speed: Double
    public var bearing: Double
    /// 1-based line of the fix in its file (0 when it comes from no file).
    public var line: Int

    public init(time: Double, latitude: Double, longitude: Double, altitude: Double,
                horizontalAccuracy: Double, verticalAccuracy: Double = .nan,
                speed: Double = .nan, bearing: Double = .nan, line: Int = 0) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.bearing = bearing
        self.line = line
    }

    /// True when the reported horizontal accuracy is known and no worse than `maxAccuracyMetres`.
    public func isGood(maxAccuracyMetres: Double) -> Bool {
        horizontalAccuracy.isFinite && horizontalAccuracy >= 0 && horizontalAccuracy <= maxAccuracyMetres
    }

    /// The instant of the fix.
    public var date: Date { Date(timeIntervalSince1970: time) }
}

/// Bad location input: the file, the line and the column when known.
public struct LocationError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(path: String, line: Int? = nil, column: String? = nil, _ message: String) {
        var place = path
        if let line { place += ":\(line)" }
        if let column { place += ": column \(column)" }
        description = "\(place): \(message)"
    }

    public init(_ message: String) { description = message }
}
