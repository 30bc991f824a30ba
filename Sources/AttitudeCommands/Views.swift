import ArgumentParser
import AttitudeLog
import AttitudeMath
import FileAccess
import Foundation
import CommandLineSupport
import LogLoading
import SteadyDiceAssets

/// `attitude views`: each attitude of a log as a matrix, Euler angles and tilt, as the articles print it (docs/conventions.md).
struct Views: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write each attitude of a log as a rotation matrix, Core Motion Euler angles and the articles' tilt (smoothed too).",
        discussion: """
        A row per input row: t,qw,qx,qy,qz,r11..r33,roll,pitch,yaw,tilt,tilt_smoothed. R is row by row with \
        v_W = R·v_D; roll, pitch, yaw in degrees with R = Rz(yaw)·Rx(pitch)·Ry(roll); tilt = asin(2(qx·qz − qw·qy)) \
        in degrees; tilt_smoothed is the articles' 1-D Kalman filter over tilt.
        """)

    @Argument(help: "An attitude log (steady-dice CSV, Sensor Logger Orientation.csv) or a raw IMU log, fused first.", transform: { Examples.path(for: $0) })
    var input: String

    @Option(name: .shortAndLong, parsing: .unconditional, help: "CSV file to write ('-': standard output).")
    var output: String

    @Option(name: .customLong("kalman-q"), parsing: .unconditional, help: "Process noise Q of the tilt filter, degrees² per row (≥ 0).")
    var kalmanQ: Double = ScalarKalmanFilter.Parameters.articles.processNoise

    @Option(name: .customLong("kalman-r"), parsing: .unconditional, help: "Measurement noise R of the tilt filter, degrees² (> 0).")
    var kalmanR: Double = ScalarKalmanFilter.Parameters.articles.measurementNoise

    @Option(name: .customLong("kalman-p"), parsing: .unconditional, help: "Initial variance P of the tilt filter, degrees² (≥ 0).")
    var kalmanP: Double = ScalarKalmanFilter.Parameters.articles.initialVariance

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Write the views of conj(r)·q, the attitude relative to the reference pose r "
                               + "(Core Motion's multiply(byInverseOf:)).", valueName: "w,x,y,z"),
            transform: { try Quaternion.parseOption($0) })
    var relativeTo: Quaternion?

    @OptionGroup var magnetometer: MagnetometerOptions

    @OptionGroup var recording: RecordingOptions

    /// Degrees²: a variance of (1000°)², far past any tilt, keeps the filter's sums finite.
    static let largestVariance: Double = 1_000_000

    func validate() throws {
        let limit = Self.largestVariance
        guard kalmanQ.isFinite, kalmanQ >= 0, kalmanQ <= limit else { throw ValidationError("--kalman-q must be a number from 0 to \(Int(limit))") }
        guard kalmanR.isFinite, kalmanR > 0, kalmanR <= limit else { throw ValidationError("--kalman-r must be a number > 0 and at most \(Int(limit))") }
        guard kalmanP.isFinite, kalmanP >= 0, kalmanP <= limit else { throw ValidationError("--kalman-p must be a number from 0 to \(Int(limit))") }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let outputs = OutputFiles(inputs: [input])
        let staged = try outputs.stage(output, option: "--output", allowStandardOutput: true)
        let log = try loadAnyAttitudeLog(path: input, magnetometer: magnetometer.correction, platform: recording.platform)
        let text: String
        do {
            text = try AttitudeViewsTable.text(of: log, input: input, relativeTo: relativeTo,
                                               filter: .init(processNoise: kalmanQ, measurementNoise: kalmanR, initialVariance: kalmanP))
        } catch let error as AttitudeViewsTable.NotFinite {
            throw CommandFailure("\(input): the views of the row at t = \(error.t) s are not finite; nothing written")
        }
        try staged.write(Data(text.utf8))
        try outputs.commit()
        Messages.logger.info("wrote \(log.samples.count) rows to \(output)")
    }
}
