import Foundation

/// SwiftPM's resource bundles, found without stopping the program.
///
/// A module's generated `Bundle.module` calls `fatalError` when its bundle is in neither of the two places
/// it knows (beside the executable, `Bundle.main.bundleURL`, or the build folder it was compiled in). A
/// binary copied without its bundle deserves an error naming where we looked, so a module asks here first.
public enum ResourceBundles {
    /// The folder SwiftPM puts the bundles in for this process: the running executable's folder (a build in
    /// `.build/debug`, a test runner, or an install, where `scripts/install` puts them beside the binaries).
    public static var folder: URL { Bundle.main.bundleURL.resolvingSymlinksInPath() }

    /// The bundle of the target named `target` beside the executable, if there is one. Its name is
    /// `<package>_<target>.resources`, where the package part depends on how the depending package named
    /// ours (`steady-dice`, or a checkout folder's name), so only the target part is matched.
    public static func bundle(ofTarget target: String) -> URL? {
        let suffix = "_\(target).resources"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { $0.hasSuffix(suffix) }.sorted().first.map { folder.appendingPathComponent($0) }
    }
}
