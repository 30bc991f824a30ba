import Foundation

/// Where the run-time assets live: a folder holding `shaders/` and `models/`.
public struct Assets: Sendable {
    public let root: URL

    public var shaders: URL { root.appendingPathComponent("shaders") }
    public var models: URL { root.appendingPathComponent("models") }

    public init(root: URL) { self.root = root }

    /// The environment variable that names the assets folder of an installed copy.
    public static let environmentVariable = "STEADY_DICE_ASSETS"

    /// Finds the assets: an explicit folder (`--assets`), else `$STEADY_DICE_ASSETS`, else the package
    /// checkout (the folders above the executable, then the source tree this module was built from).
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Assets {
        if let explicit {
            return try validated(URL(fileURLWithPath: explicit), origin: "--assets")
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return try validated(URL(fileURLWithPath: fromEnvironment), origin: environmentVariable)
        }
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        // Sources/Render/Assets.swift -> the package root.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        for candidate in candidates where isAssetsFolder(candidate) {
            return Assets(root: candidate)
        }
        throw RenderError.assetsNotFound(searched: candidates.map(\.path))
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
