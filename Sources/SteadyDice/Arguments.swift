import AttitudeMath
import ArgumentParser
import CSVText
import FusionOptions
import Render

/// A `WxH` size on the command line.
struct Size: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        guard let size = try? Self.parseOption(argument) else { return nil }
        self = size
    }

    /// `WxH` through the shared strict parser: two whole numbers from 1 to 16384.
    static func parseOption(_ text: String) throws -> Size {
        let v = try OptionValues.integers(text.lowercased(), count: 2, shape: "WxH", separator: "x", range: 1...16384)
        return Size(width: v[0], height: v[1])
    }

    /// The default as help shows it (`960x720`); ArgumentParser asks the instance, so a static one went unused.
    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// `--background none | #RRGGBB | IMAGE`.
enum BackgroundChoice: ExpressibleByArgument, Equatable {
    case none
    case colour(RGBColor)
    case image(path: String)

    init?(argument: String) {
        if argument == "none" {
            self = .none
        } else if argument.hasPrefix("#") {
            guard let colour = RGBColor(hex: argument) else { return nil }
            self = .colour(colour)
        } else {
            self = .image(path: argument)
        }
    }
}

/// `--attitude w,x,y,z`: a device-to-world quaternion, normalised.
struct QuaternionArgument: ExpressibleByArgument {
    let quaternion: Quaternion

    init(quaternion: Quaternion) { self.quaternion = quaternion }

    init?(argument: String) {
        guard let q = try? Quaternion.parseOption(argument) else { return nil }
        quaternion = q
    }

    /// For `@Option(parsing: .unconditional, transform:)`: the shared strict parser, which says why a value is refused.
    static func parseOption(_ text: String) throws -> QuaternionArgument {
        QuaternionArgument(quaternion: try Quaternion.parseOption(text))
    }

    static var defaultValueDescription: String { "w,x,y,z" }
}

import Foundation
