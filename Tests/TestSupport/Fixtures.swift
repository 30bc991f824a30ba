import Foundation

/// Data files kept in the repository for the tests (shipped as the package's examples: see
/// Sources/SteadyDiceAssets/examples/README.md for their sources and licences).
public enum Fixtures {
    /// The checkout this test build came from (README.md, scripts/), found from this source file's path.
    public static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Rows 8157-13656 of BROAD trial 01 (CC BY 4.0, Laidig, Caruso, Cereatti, Seel, Data 6(7) 2021), RawLogTests'
    /// fixture: 5 s at rest, then 14 s of slow rotation with optical reference.
    public static let broadTrial01Excerpt = checkout.appendingPathComponent("Tests/RawLogTests/Fixtures/broad_01_excerpt.csv.xz").path

    /// BROAD trial 02 from 98 s to 136 s on the trial's clock: gyroscope, accelerometer and the optical
    /// reference attitude, turning slowly in every direction. The calibration tests' clips move with it.
    public static let broadTrial02Excerpt = checkout.appendingPathComponent("Sources/SteadyDiceAssets/examples/broad_02_excerpt.csv.xz").path

    /// `../shared` beside the checkout: real recordings and clips kept out of the repository (their
    /// READMEs give sources and licences). CI has it too.
    public static let shared = checkout.deletingLastPathComponent().appendingPathComponent("shared")

    /// A file in the shared data folder: `../shared/data` beside the checkout, or `$STEADY_DICE_DATA`.
    /// A test that needs it fails when it is missing; it never skips.
    public static func sharedData(_ relativePath: String) throws -> String {
        let root = ProcessInfo.processInfo.environment["STEADY_DICE_DATA"].map { URL(fileURLWithPath: $0) }
            ?? shared.appendingPathComponent("data")
        let path = root.appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Requirement.Missing("\(path) is missing: the tests read the shared data at ../shared/data beside the checkout "
                                      + "(or set STEADY_DICE_DATA to the data folder)")
        }
        return path
    }
}
