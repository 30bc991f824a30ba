import ArgumentParser
import AttitudeLog
import AttitudeMath
import FileAccess
import Fusion
import CommandLineSupport
import Scene
import Location
import FusionJobs
import SteadyDiceAssets

@main
struct AttitudeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attitude",
        abstract: "Fuse raw IMU logs into attitude, convert producers' attitude, score the fusion on BROAD, print attitude as matrices and angles; locate the device.",
        version: SteadyDiceVersion.string,
        subcommands: [Fuse.self, Convert.self, Eval.self, PlotCommand.self, Compare.self, Bench.self, Views.self, Declination.self, LocationCommand.self, Terrain.self])

    /// Messages go to stderr as `attitude: ` lines; every refusal is one clean line (see `mainWithOneLineErrors`).
    static func main() {
        Messages.bootstrap(program: "attitude")
        mainWithOneLineErrors()
    }
}

extension FusionMode: ExpressibleByArgument {}

struct Fuse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fuse a raw log into a steady-dice attitude log (t,qw,qx,qy,qz) with a row for each input sample.")

    @Argument(help: "Raw CSV or x-io CSV (plain or .xz), or a Sensor Logger or x-IMU3 folder.", transform: { Examples.path(for: $0) })
    var input: String

    @Option(name: .shortAndLong, parsing: .unconditional, help: "Attitude log to write ('-': standard output).")
    var output: String

    @Option(parsing: .unconditional, help: "6d or 9d (default: 9d when the log has a magnetometer).")
    var mode: FusionMode?

    @Option(parsing: .unconditional, help: ArgumentHelp("Reference frame: a Core Motion name (xArbitraryZVertical, xArbitraryCorrectedZVertical, "
                               + "xMagneticNorthZVertical), enu or ned. Default: xMagneticNorthZVertical in 9D, "
                               + "xArbitraryZVertical in 6D."),
            transform: { try OutputFrame.parseOption($0) })
    var frame: OutputFrame?

    @OptionGroup var north: DeclinationOptions

    @Flag(help: "Add columns rest,mag_disturbed,bias_x,bias_y,bias_z (deg/s) for diagnosis; such a file is not an attitude log.")
    var status = false

    @OptionGroup var estimator: EstimatorOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    func validate() throws {
        try magnetometer.check(mode: mode)
        try north.check(frame: frame)
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let outputs = OutputFiles(inputs: [input])
        let staged = try outputs.stage(output, option: "--output", allowStandardOutput: true)
        let job = FuseJob(input: input, platform: recording.platform, magnetometer: magnetometer.correction, mode: mode, frame: frame,
                          declination: north.declination, maxAccuracy: north.maxAccuracy, parameters: try estimator.parameters(), status: status)
        let samples = try job.run(writingTo: staged)
        try outputs.commit()
        Messages.logger.info("wrote \(samples.count) samples to \(output)")
    }
}

