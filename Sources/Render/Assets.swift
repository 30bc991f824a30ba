import Foundation

/// Where the run-time assets live: a folder holding `shaders/` and `models/`.
public struct Assets: Sendable {
    public let root: URL

    public var shaders: URL { root.appendingPathComponent("shaders") }
    public var models: URL { root.appendingPathComponent("models") }

    public init(root: URL) { self.root = root }

    /// The environment variable that names the assets folder of an installed copy.
    public static let environmentVariable = "STEADY_DICE_ASSETS"

    /// Finds the assets: an explicit folder (`--assets`), else `$STEADY_DICE_ASSETS`, else a folder found
    /// from the running executable's own path: `../share/steady-dice` beside an installed copy
    /// (`PREFIX/bin` and `PREFIX/share/steady-dice`), then the executable's folder and every folder above
    /// it, which finds the checkout of a build in `.build/`. No source path is compiled in, so a copied
    /// binary never silently uses the checkout it was built from.
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Assets {
        if let explicit {
            return try validated(URL(fileURLWithPath: explicit), origin: "--assets")
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return try validated(URL(fileURLWithPath: fromEnvironment), origin: environmentVariable)
        }
        let candidates = candidates(executable: executablePath())
        for candidate in candidates where isAssetsFolder(candidate) {
            return Assets(root: candidate)
        }
        throw RenderError.assetsNotFound(searched: candidates.map(\.path))
    }

    /// The folders tried for an executable at `executable`, in order: the installed layout's
    /// `../share/steady-dice`, then the executable's folder and each folder above it up to `/`.
    static func candidates(executable: URL) -> [URL] {
        var folder = executable.deletingLastPathComponent().standardizedFileURL
        var candidates = [folder.deletingLastPathComponent().appendingPathComponent("share/steady-dice").standardizedFileURL]
        while true {
            candidates.append(folder)
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
        }
        return candidates
    }

    /// The running executable, symlinks resolved (`/proc/self/exe` on Linux), so a binary started
    /// through `PATH` or a link is found where its file really is.
    private static func executablePath() -> URL {
        let executable = Bundle.main.executableURL
            ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
        return executable.resolvingSymlinksInPath()
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
