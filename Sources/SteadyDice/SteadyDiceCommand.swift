import ArgumentParser

@main
struct SteadyDiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steady-dice",
        abstract: "Shows where an IMU is pointing: a die fixed in the world, drawn over the camera.",
        subcommands: [Run.self, Snapshot.self, RenderVideo.self, Feed.self, Bench.self, Calibrate.self, CalibrationClip.self])
}
