import ArgumentParser

/// `--assets`: the folder of the renderer's shaders and models, for every command that draws (`run`, `snapshot`,
/// `render`, `bench`, `calibration-clip`). Not given, `Assets.locate` looks where the environment and the bundle say.
public struct AssetsOptions: ParsableArguments {
    public init() {}

    @Option(parsing: .unconditional, help: "Folder holding shaders/ and models/ (default: $STEADY_DICE_ASSETS, else the package's resource bundle beside the executable).")
    public var assets: String?
}
