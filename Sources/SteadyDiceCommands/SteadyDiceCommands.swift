import ArgumentParser

/// The subcommands of `steady-dice`, in the order its help lists them. The commands are this module's; the executable
/// names the program and its version, and runs them.
public enum SteadyDiceCommands {
    public static let all: [ParsableCommand.Type] = [
        Run.self, Snapshot.self, RenderVideo.self, Compare.self, Feed.self, Bench.self, Record.self, Calibrate.self, CalibrationClip.self,
    ]
}
