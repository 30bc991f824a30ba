import ArgumentParser
import AttitudeMath
import CSVText
import SafeText

/// `LAT,LON` in degrees, north and east positive.
public struct PositionArgument {
    public let latitude: Double
    public let longitude: Double

    /// `LAT,LON` through the shared strict parser, then the ranges.
    public static func parseOption(_ text: String) throws -> PositionArgument {
        let v = try OptionValues.numbers(text, counts: [2], shape: "LAT,LON")
        guard abs(v[0]) <= 90 else { throw OptionValueError("latitude \(v[0]) is outside -90 to 90") }
        guard (-180...360).contains(v[1]) else { throw OptionValueError("longitude \(v[1]) is outside -180 to 360") }
        return PositionArgument(latitude: v[0], longitude: v[1])
    }

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = Angle.wrappedTo180(degrees: longitude)
    }
}

/// The position given as the command's argument: `LAT,LON` may start with a minus, which the argument
/// parser would otherwise take for an option, so the raw words are collected and checked here.
public struct PositionOptions: ParsableArguments {
    public init() {}

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Latitude,longitude in degrees, north and east positive (e.g. 46.5,7.25 or -33.9,18.4).",
                                 valueName: "lat,lon"))
    public var words: [String] = []

    public func validate() throws { _ = try position() }

    public func position() throws -> PositionArgument {
        guard words.count == 1 else {
            throw ValidationError(words.isEmpty ? "give the position as LAT,LON" : "expected one LAT,LON, got \(MessageText.quoted(words.joined(separator: " ")))")
        }
        do {
            return try PositionArgument.parseOption(words[0])
        } catch {
            throw ValidationError("position: \(error) (LAT,LON in degrees, latitude -90 to 90, longitude -180 to 360)")
        }
    }
}

