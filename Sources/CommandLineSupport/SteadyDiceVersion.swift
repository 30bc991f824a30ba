/// The version both executables print for `--version`: the one place it is kept.
public enum SteadyDiceVersion {
    /// Semantic version of the package's command lines and file formats.
    public static let string = "0.9.0"
}
