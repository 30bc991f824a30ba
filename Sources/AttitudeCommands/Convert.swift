import ArgumentParser
import AttitudeLog
import AttitudeMath
import FileAccess
import Foundation
import CommandLineSupport
import FusionJobs
import SteadyDiceAssets

/// `attitude convert`: a producer's own orientation output as a steady-dice attitude log.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a producer's orientation (Sensor Logger Orientation.csv, x-IMU3 Quaternion.csv) "
            + "into a steady-dice attitude log, optionally in another frame.")

    @Argument(help: ArgumentHelp("Orientation.csv, Quaternion.csv, an x-io CSV with quaternion columns, a steady-dice log, "
                                 + "or a recording folder (its orientation file is read). A video with its own gpmd or camm "
                                 + "track is written as a raw log (raw CSV); a gyroscope-only raw CSV (t,gx,gy,gz) as the "
                                 + "attitude its gyroscope integrates to."), transform: { Examples.path(for: $0) })
    var input: String

    @Option(name: .shortAndLong, parsing: .unconditional, help: "Attitude log to write ('-': standard output).")
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame to write: a Core Motion name (xArbitraryZVertical, xArbitraryCorrectedZVertical, "
                               + "xMagneticNorthZVertical, xTrueNorthZVertical), enu or ned. Default: the input's own frame."),
            transform: { try OutputFrame.parseOption($0) })
    var frame: OutputFrame?

    @OptionGroup var north: DeclinationOptions

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let outputs = OutputFiles(inputs: [input])
        let staged = try outputs.stage(output, option: "--output", allowStandardOutput: true)
        let rawJob = RawConvertJob(input: input, platform: recording.platform)
        if let raw = try rawJob.read(logger: Messages.logger) {
            let written = try rawJob.run(raw, writingTo: staged)
            try outputs.commit()
            switch written {
            case .rawLog(let count): Messages.logger.info("wrote \(count) raw samples (device frame, the video's timeline) to \(output)")
            case .integratedAttitude(let count): Messages.logger.info("wrote \(count) attitudes integrated from the gyroscope to \(output)")
            }
            return
        }
        let (samples, target) = try ConvertJob(input: input, platform: recording.platform, frame: frame,
                                               north: north.trueNorth).run(writingTo: staged)
        try outputs.commit()
        Messages.logger.info("wrote \(samples.count) samples in \(target) to \(output)")
    }
}
