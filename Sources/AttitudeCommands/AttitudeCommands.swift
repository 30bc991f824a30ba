import ArgumentParser

/// The subcommands of `attitude`, in the order its help lists them. The commands are this module's; the executable
/// names the program and its version, and runs them.
public enum AttitudeCommands {
    public static let all: [ParsableCommand.Type] = [
        Fuse.self, Convert.self, Eval.self, PlotCommand.self, Compare.self, Bench.self, Views.self, Declination.self, LocationCommand.self, Terrain.self,
    ]
}
