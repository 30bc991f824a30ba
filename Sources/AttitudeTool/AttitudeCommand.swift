import SafeText
import ArgumentParser
import AttitudeLog
import AttitudeMath
import CSVText
import FileAccess
import Foundation
import Fusion
import CommandLineSupport
import Composition
import Location
import RawLog
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Magnetic declination at the recording's site, degrees east of true north positive; "
                               + "needed for --frame xTrueNorthZVertical unless a Sensor Logger folder has Location.csv; overrides it.", valueName: "degrees"))
    var declination: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --frame xTrueNorthZVertical and no --declination: the declination comes from the "
                               + "first fix of the folder's Location.csv whose horizontal accuracy is within this (default 20).",
                               valueName: "metres"))
    var maxAccuracy: Double?

    @Flag(help: "Add columns rest,mag_disturbed,bias_x,bias_y,bias_z (deg/s) for diagnosis; such a file is not an attitude log.")
    var status = false

    @OptionGroup var estimator: EstimatorOptions

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    func validate() throws {
        try magnetometer.check(mode: mode)
        if let maxAccuracy {
            guard maxAccuracy.isFinite, maxAccuracy > 0 else { throw ValidationError("--max-accuracy must be a positive number of metres") }
            guard declination == nil, frame == .reference(.xTrueNorthZVertical) else {
                throw ValidationError("--max-accuracy applies to --frame xTrueNorthZVertical without --declination")
            }
        }
        guard let declination else { return }
        guard declination.isFinite, abs(declination) <= 180 else {
            throw ValidationError("--declination must be between -180 and 180 degrees")
        }
        guard frame == .reference(.xTrueNorthZVertical) else {
            throw ValidationError("--declination applies to --frame xTrueNorthZVertical only")
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let outputs = OutputFiles(inputs: [input])
        let staged = try outputs.stage(output, option: "--output", allowStandardOutput: true)
        let raw = try RawLogReader.read(path: input, platform: recording.platform)
        Messages.logger.debug("\(MessageText.line(input)): \(raw.count) raw samples")
        reportReading(raw)
        let (log, calibration) = try magnetometer.correction.apply(to: raw)
        if let calibration { reportCalibration(calibration, of: log) }
        if mode == nil, let note = RawLogFusion.modeNote(for: log) { Messages.logger.info("\(note)") }
        let mode = mode ?? RawLogFusion.naturalMode(of: log)
        Messages.logger.debug("fusing in \(mode.rawValue)")
        let outputFrame = frame ?? .reference(RawLogFusion.naturalFrame(of: mode))
        // True north by itself: the recording's own Location.csv gives the declination.
        var declination = self.declination
        let recordingDeclination = declination == nil && outputFrame == .reference(.xTrueNorthZVertical) && mode == .nineD
            ? try RecordingDeclination.find(folder: input, maxAccuracy: maxAccuracy ?? 20) : nil
        if let recordingDeclination {
            declination = recordingDeclination.declinationDegrees
            Messages.logger.info("true north: \(recordingDeclination.summary)")
        }
        let samples = try RawLogFusion.fuse(log: log, frame: outputFrame, mode: mode, parameters: estimator.parameters(),
                                            withStatus: status, declinationDegrees: declination)
        var comments = ["attitude fused by steady-dice from \(BroadEvaluation.trialName(of: input)) (\(mode.rawValue))"]
        if let clockStart = log.clockStart {
            comments.append("start: \(clockStart) s on the recording's own clock is t = 0 here")
        }
        if let calibration { comments.append("magnetometer: \(calibration), subtracted") }
        if let declination { comments.append("true north from magnetic north with a declination of \(declination)° (east positive)") }
        if let recordingDeclination { comments.append("true north: \(recordingDeclination.summary)") }
        let header = AttitudeLog.frameHeader(for: outputFrame, rotating: "sensor")
        if let comment = header.comment { comments.append(comment) }
        if status {
            try staged.write(Data(FusedSample.tableWithStatus(samples, frame: header.frame, comments: comments).utf8))
        } else {
            // The attitude log module's own writer, so that the file plays in steady-dice.
            try AttitudeLog.write(samples: samples.map { AttitudeSample(t: $0.t, worldFromDevice: $0.outputFromSensor) },
                                  frame: header.frame, comments: comments, to: staged)
        }
        try outputs.commit()
        Messages.logger.info("wrote \(samples.count) samples to \(output)")
    }
}

/// Says on stderr which magnetometer offset was subtracted from `log`.
func reportCalibration(_ calibration: HardIronCalibration, of log: RawIMULog) {
    Messages.logger.info("\(BroadEvaluation.trialName(of: log.path)): \(calibration)")
}
