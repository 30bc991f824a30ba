import ArgumentParser
import CommandLineSupport
import Scene

@main
struct SteadyDiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steady-dice",
        abstract: "Shows where an IMU points: a world-fixed die drawn over the camera.",
        version: SteadyDiceVersion.string,
        subcommands: [Run.self, Snapshot.self, RenderVideo.self, Compare.self, Feed.self, Bench.self, Record.self, Calibrate.self, CalibrationClip.self])

    /// Messages go to stderr as `steady-dice: ` lines; every refusal is one clean line (see `mainWithOneLineErrors`).
    static func main() {
        Messages.bootstrap(program: "steady-dice")
        mainWithOneLineErrors()
    }
}
