import Foundation

/// The lens profiles shipped with the package (`lenses/`, Gyroflow's lens profile database, CC0: `lenses/SOURCE.md`
/// names each file's source), found as the examples are: in `$STEADY_DICE_ASSETS/lenses` when it is set, else in the
/// package's resource bundle.
public enum LensProfileFiles {
    /// Each profile's file (`*.json`) by name, sorted; empty when no assets are found.
    public static func files(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        let override = environment["STEADY_DICE_ASSETS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        guard let root = override ?? BundledAssets.folder else { return [] }
        let folder = root.appendingPathComponent("lenses")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
