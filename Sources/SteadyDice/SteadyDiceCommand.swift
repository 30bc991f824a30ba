import ArgumentParser
import CommandLineSupport
import SteadyDiceCommands

@main
struct SteadyDiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steady-dice",
        abstract: "Shows where an IMU points: a world-fixed die drawn over the camera.",
        version: SteadyDiceVersion.string,
        subcommands: SteadyDiceCommands.all)

    /// Messages go to stderr as `steady-dice: ` lines; every refusal is one clean line (see `mainWithOneLineErrors`);
    /// the memory one video frame's work frees is kept for the next frame's (`ProcessHeap`).
    static func main() {
        Messages.bootstrap(program: "steady-dice")
        ProcessHeap.keepFreedMemoryForReuse()
        mainWithOneLineErrors()
    }
}
