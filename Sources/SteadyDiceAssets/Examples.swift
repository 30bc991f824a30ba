import Foundation

/// Data shipped with the package and found by name, so that the documented commands run from an install
/// as from a checkout: `--panorama compass-sky`, `--log demo-attitude`, `--trial broad_02_excerpt`.
public enum Examples {
    /// Each example's name (its file's name without extensions) and its file in the assets.
    public static let files: [(name: String, file: String)] = [
        ("compass-sky", "models/compass-sky.png"),
        ("demo-attitude", "models/demo-attitude.csv"),
        ("broad_02_excerpt", "examples/broad_02_excerpt.csv.xz"),
    ]

    /// The names, for help texts.
    public static var names: String { files.map(\.name).joined(separator: ", ") }

    /// The path an argument names: the argument itself when a file or folder is there or it is not an
    /// example's name, else that example's file in the assets (`$STEADY_DICE_ASSETS` when set, else the
    /// package's resource bundle). A file in the current folder named like an example wins.
    public static func path(for argument: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard !FileManager.default.fileExists(atPath: argument),
              let file = files.first(where: { $0.name == argument })?.file else { return argument }
        let override = environment["STEADY_DICE_ASSETS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        guard let root = override ?? BundledAssets.folder else { return argument }
        return root.appendingPathComponent(file).path
    }
}
