import FileAccess
import Foundation

/// The renderer's run-time files shipped as this package's SwiftPM resources: `shaders/` (GLSL 330 core),
/// `models/` (the die, the box, the compass-sky panorama, the demo log) and `fonts/` (DejaVu Sans Mono for
/// the HUD). A build in `.build`, an install
/// (`scripts/install` copies the bundle beside the binaries) and a package that depends on ours all find
/// them with no environment variable.
public enum BundledAssets {
    /// The bundle's folder, or nil when this process has no bundle beside its executable (a binary copied
    /// alone). Checked before `Bundle.module`, which would stop the program instead.
    public static var folder: URL? {
        guard ResourceBundles.bundle(ofTarget: "SteadyDiceAssets") != nil else { return nil }
        return Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    /// Where the bundle was looked for, for an error message.
    public static var searched: String {
        ResourceBundles.folder.appendingPathComponent("<package>_SteadyDiceAssets.resources").path
    }
}
