import ArgumentParser
import AttitudeCommands
import CommandLineSupport

@main
struct AttitudeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attitude",
        abstract: "Fuse raw IMU logs into attitude, convert producers' attitude, score the fusion on BROAD, print attitude as matrices and angles; locate the device.",
        version: SteadyDiceVersion.string,
        subcommands: AttitudeCommands.all)

    /// Messages go to stderr as `attitude: ` lines; every refusal is one clean line (see `mainWithOneLineErrors`);
    /// the memory one video frame's work frees is kept for the next frame's (`ProcessHeap`).
    static func main() {
        Messages.bootstrap(program: "attitude")
        ProcessHeap.keepFreedMemoryForReuse()
        mainWithOneLineErrors()
    }
}
