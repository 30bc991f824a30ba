import ArgumentParser
import AttitudeLog
import AttitudeMath
import Camera
import FileAccess
import Fusion
import CommandLineSupport
import Location
import LogLoading
import FusionJobs
import SteadyDiceAssets

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

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The video the log's camera filmed: write the attitude drawing over it takes (the gyroscope leads, "
                               + "the accelerometer levels only where it reads gravity alone; a log with a magnetometer is fused 9D), "
                               + "refused when the log covers none of its frames. INPUT may be this video when it carries its own "
                               + "motion track.", valueName: "CLIP"))
    var video: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A `steady-dice calibrate` file: its gyroscope bias is subtracted before fusing; with --video, its "
                               + "time offset pairs the log with the video.", valueName: "cal.yaml"))
    var calibration: String?

    @Option(name: .customLong("fov"), parsing: .unconditional,
            help: ArgumentHelp("With --hold-to-picture: the vertical field of view in degrees the die will be drawn with, where the "
                               + "calibration leaves the camera out (default, as drawing takes: the lens profile of the camera CLIP names, else "
                               + "\(String(format: "%g", PinholeCamera.defaultFieldOfViewDegrees))°): the picture's turns are read through it.",
                               valueName: "DEG"),
            transform: { try FieldOfView.parseOption($0) })
    var fieldOfView: FieldOfView?

    @Flag(name: .customLong("hold-to-picture"),
          help: ArgumentHelp("With --video: hold the attitude to the video's picture: its turn over spans of 2 s, read from the "
                             + "corners tracked through each (the essential matrix's rotation where the camera also moved, so a move is "
                             + "not taken for a turn), and the attitude's drift from span to span taken out. Needs a clip of 3.5 s or "
                             + "more; a shorter one is written unheld, and stderr says so."))
    var holdToPicture = false

    func validate() throws {
        if video == nil, holdToPicture { throw ValidationError("--hold-to-picture is for the attitude drawn over a video: give --video CLIP") }
        if !holdToPicture, fieldOfView != nil {
            throw ValidationError("--fov is the camera the picture is read through: give --hold-to-picture (and --video CLIP)")
        }
        try magnetometer.check(mode: mode)
        try north.check(frame: frame)
        if video != nil {
            for (given, name) in [(mode != nil, "--mode"), (frame != nil, "--frame"), (status, "--status"), (magnetometer.isSet, "--mag-offset or --mag-calibrate"),
                                  (north.declination != nil, "--declination")] where given {
                throw ValidationError("\(name) with --video: the attitude drawn over footage is led by the gyroscope, in its own frame; "
                                      + "give one of them")
            }
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let outputs = OutputFiles(inputs: [input, video, calibration])
        let staged = try outputs.stage(output, option: "--output", allowStandardOutput: true)
        if let video {
            let samples = try FuseOverVideoJob(input: input, video: video, calibration: calibration,
                                             fieldOfView: fieldOfView, holdsToPicture: holdToPicture)
                .run(writingTo: staged, logger: Messages.logger) { note in
                    switch note.level {
                    case .info: Messages.logger.info("\(commandLineText(for: note))")
                    case .warning: Messages.logger.warning("\(commandLineText(for: note))")
                    }
                }
            try outputs.commit()
            Messages.logger.info("wrote \(samples.count) samples to \(output)")
            return
        }
        var job = FuseJob(input: input, platform: recording.platform, magnetometer: magnetometer.correction, mode: mode, frame: frame,
                          north: north.trueNorth, parameters: try estimator.parameters(), status: status)
        job.gyroBiasRadiansPerSecond = try calibration.flatMap { try FuseJob.gyroBiasRadiansPerSecond(calibration: $0) }
        let samples = try job.run(writingTo: staged)
        try outputs.commit()
        Messages.logger.info("wrote \(samples.count) samples to \(output)")
    }
}

