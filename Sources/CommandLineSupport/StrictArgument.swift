import AttitudeMath
import ArgumentParser
import Camera
import CSVText
import Foundation
import Pixels

/// An option's value read by a strict parser (`parseOption`), which says why a value is refused: options take it as
/// `@Option(parsing: .unconditional, transform: { try T.parseOption($0) })`, and `ExpressibleByArgument`'s
/// `init?(argument:)` (a default, or a value in a list) is the same parser, its reason dropped.
public protocol StrictArgument: ExpressibleByArgument {
    /// The value `text` stands for; the error says what is wrong with it.
    static func parseOption(_ text: String) throws -> Self
}

extension StrictArgument {
    public init?(argument: String) {
        guard let parsed = try? Self.parseOption(argument) else { return nil }
        self = parsed
    }
}

/// A `WxH` picture size on the command line.
extension PictureSize: StrictArgument {
    /// `WxH` through the shared strict parser: two whole numbers from 1 to `largestSide`.
    public static func parseOption(_ text: String) throws -> PictureSize {
        let v = try OptionValues.integers(text.lowercased(), count: 2, shape: "WxH", separator: "x", range: sides)
        return try PictureSize(width: v[0], height: v[1])
    }

    /// The default as help shows it (`960x720`); ArgumentParser asks the default value, an instance, not the type.
    public var defaultValueDescription: String { description }
}

/// `--fov DEG`: a vertical field of view on the command line, the one parse of every command's `--fov`.
extension FieldOfView: StrictArgument {
    /// One number of degrees through the shared strict parser, refused (`FieldOfViewError`, in the library's words)
    /// outside `PinholeCamera.fieldOfViewBounds`.
    public static func parseOption(_ text: String) throws -> FieldOfView {
        try FieldOfView(degrees: OptionValues.numbers(text, counts: [1], shape: "DEG")[0])
    }

    /// The default as help shows it (`60`).
    public var defaultValueDescription: String { String(format: "%g", degrees) }
}

/// `--attitude w,x,y,z`: a device-to-world quaternion, normalised.
public struct QuaternionArgument: StrictArgument {
    public let quaternion: Quaternion

    public init(quaternion: Quaternion) { self.quaternion = quaternion }

    /// For `@Option(parsing: .unconditional, transform:)`: the shared strict parser, which says why a value is refused.
    public static func parseOption(_ text: String) throws -> QuaternionArgument {
        QuaternionArgument(quaternion: try Quaternion.parseOption(text))
    }

    public static var defaultValueDescription: String { "w,x,y,z" }
}
