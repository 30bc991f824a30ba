import Foundation

/// Data files kept in the repository for the tests (see Fixtures/README.md for their sources and licences).
public enum Fixtures {
    /// BROAD trial 02 from 98 s to 136 s on the trial's clock: gyroscope, accelerometer and the optical
    /// reference attitude, turning slowly in every direction. The calibration tests' clips move with it.
    public static let broadTrial02Excerpt = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/broad_02_excerpt.csv.xz").path

    /// `../shared` beside the checkout: real recordings and clips kept out of the repository (their
    /// READMEs give sources and licences). CI has it too.
    public static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
}
