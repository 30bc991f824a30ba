import AttitudeMath
import ArgumentParser
import Render

/// A `WxH` size on the command line.
struct Size: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    static var defaultValueDescription: String { "WxH" }
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

    init?(argument: String) {
        let parts = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let w = parts[0], let x = parts[1], let y = parts[2], let z = parts[3],
              let q = try? Quaternion.validated(w: w, x: x, y: y, z: z) else { return nil }
        quaternion = q
    }

    static var defaultValueDescription: String { "w,x,y,z" }
}

import Foundation
