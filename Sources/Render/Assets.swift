import Foundation
import SteadyDiceAssets

/// Where the run-time assets live: a folder holding `shaders/` and `models/` (and `fonts/`).
public struct Assets: Sendable {
    public let root: URL

    public var shaders: URL { root.appendingPathComponent("shaders") }
    public var models: URL { root.appendingPathComponent("models") }

    /// The HUD's font: the assets' own DejaVu Sans Mono, else the system's (fonts-dejavu-core), for an
    /// assets folder made before the font was shipped.
    public var font: String {
        let own = root.appendingPathComponent("fonts/DejaVuSansMono.ttf").path
        return FileManager.default.fileExists(atPath: own) ? own : FontAtlas.defaultFontPath
    }

    public init(root: URL) { self.root = root }

    /// The environment variable that overrides the package's own assets.
    public static let environmentVariable = "STEADY_DICE_ASSETS"

    /// Finds the assets: an explicit folder, else `$STEADY_DICE_ASSETS`, else the package's
    /// SwiftPM resource bundle (`BundledAssets`), which sits beside the running executable in a build, a test
    /// runner, an install and a package that depends on ours. No source path is compiled in and no folder is
    /// guessed, so a binary copied without its bundle fails naming where it looked.
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Assets {
        if let explicit {
            let url = URL(fileURLWithPath: explicit)
            guard isAssetsFolder(url) else { throw RenderError.givenAssetsNotFound(path: url.path) }
            return Assets(root: url)
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return try validated(URL(fileURLWithPath: fromEnvironment), origin: environmentVariable)
        }
        if let bundled = BundledAssets.folder {
            return try validated(bundled, origin: "the package's resource bundle")
        }
        throw RenderError.assetsNotFound(searched: [BundledAssets.searched])
    }

    private static func validated(_ url: URL, origin: String) throws -> Assets {
        guard isAssetsFolder(url) else {
            throw RenderError.assetsNotFound(searched: ["\(url.path) (from \(origin))"])
        }
        return Assets(root: url)
    }

    private static func isAssetsFolder(_ url: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: url.appendingPathComponent("shaders/die.vert").path)
            && fm.fileExists(atPath: url.appendingPathComponent("models/die.obj").path)
    }
}
